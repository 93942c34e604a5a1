/**
 * Download the flight area as GeoJSON (the shape as drawn, which imports back into the same plan)
 * or KML (the boundary, for Google Earth and the like), with the flight's details attached.
 */
import { areaGeoJson } from '../../../geo/area-geojson';
import type { FlightShape } from '../../../geo/flight-shape';
import { boundaryKml } from '../../../geo/to-kml';
import type { PolygonGeometry } from '../../../geo/types';
import { downloadText } from '../download';

export interface ExportDetails {
  maxAltitude: number;
  altitudeUnit: 'ft' | 'm';
  /** RFC 3339 UTC, when the flight has a time. */
  startTime?: string | undefined;
  endTime?: string | undefined;
}

interface Props {
  shape: FlightShape | null;
  boundary: PolygonGeometry | null;
  details: ExportDetails;
}

const NAME = 'Flight area';

function fileBase(details: ExportDetails): string {
  return `flight-area${details.startTime ? `-${details.startTime.replace(/[:]/g, '').replace(/00Z$/, 'Z')}` : ''}`;
}

function properties(details: ExportDetails): Record<string, string | number> {
  const p: Record<string, string | number> = { name: NAME, maxAltitude: details.maxAltitude, altitudeUnit: details.altitudeUnit, altitudeReference: 'AGL' };
  if (details.startTime) p.startTime = details.startTime;
  if (details.endTime) p.endTime = details.endTime;
  return p;
}

export function ExportArea({ shape, boundary, details }: Props) {
  if (!shape || !boundary) return null;
  const base = fileBase(details);
  return (
    <div className="row export-area" data-testid="export:area">
      <button
        type="button"
        className="button button-small"
        onClick={() => downloadText(`${base}.geojson`, 'application/geo+json', JSON.stringify(areaGeoJson(shape, boundary, properties(details)), null, 2))}
      >
        Download GeoJSON
      </button>
      <button type="button" className="button button-small" onClick={() => downloadText(`${base}.kml`, 'application/vnd.google-earth.kml+xml', boundaryKml(boundary, NAME, properties(details)))}>
        Download KML
      </button>
    </div>
  );
}
