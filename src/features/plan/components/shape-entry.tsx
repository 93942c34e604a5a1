import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FlightShape } from '../../../geo/flight-shape';
import { parseCoordinates } from '../../../geo/parse-coordinates';
import { parseGeoJson } from '../../../geo/parse-geojson';
import { parseKml } from '../../../geo/parse-kml';
import type { PlanArea } from '../plan-params';

export interface ShapeEntryProps {
  widthM: number;
  radiusM: number;
  onArea(area: PlanArea, sizes: { widthM?: number; radiusM?: number }): void;
}

type Kind = PlanArea['kind'];

const PLACEHOLDER: Record<Kind, string> = {
  polygon: '47.5300, -122.3100\n47.5300, -122.3000\n47.5380, -122.3000\n47.5380, -122.3100',
  path: '47.5300, -122.3100\n47.5350, -122.3050\n47.5400, -122.3000',
  point: '47.5300, -122.3100',
};

/** Planning without a mouse: type the corners, or paste or upload GeoJSON or KML. */
export function ShapeEntry({ widthM, radiusM, onArea }: ShapeEntryProps) {
  const [kind, setKind] = useState<Kind>('polygon');
  const [coords, setCoords] = useState('');
  const [json, setJson] = useState('');
  const [coordError, setCoordError] = useState<string | null>(null);
  const [jsonError, setJsonError] = useState<string | null>(null);
  const ids = { coords: useId(), coordsErr: useId(), json: useId(), jsonErr: useId() };

  const applyCoords = (e: FormEvent) => {
    e.preventDefault();
    const r = parseCoordinates(coords);
    if (!r.ok) return setCoordError(r.error);
    const p = r.positions;
    const need = kind === 'polygon' ? 3 : kind === 'path' ? 2 : 1;
    if (p.length < need) return setCoordError(`${kind === 'polygon' ? 'An area' : kind === 'path' ? 'A path' : 'A point'} needs ${need} position${need > 1 ? 's' : ''}; ${p.length} typed.`);
    if (kind === 'point' && p.length > 1) return setCoordError('A point takes one position; choose Area or Path for more.');
    setCoordError(null);
    // Typed corners are a list of vertices: the area is closed for the pilot.
    if (kind === 'polygon') onArea({ kind, ring: [...p, p[0]!] }, {});
    else if (kind === 'path') onArea({ kind, line: p }, {});
    else onArea({ kind, center: p[0]! }, {});
  };

  const applyText = (text: string) => {
    // KML is XML and GeoJSON is JSON: the first character tells them apart.
    const r = text.trimStart().startsWith('<') ? parseKml(text, { widthM, radiusM }) : parseGeoJson(text, { widthM, radiusM });
    if (!r.ok) return setJsonError(r.error);
    setJsonError(null);
    onArea(toArea(r.shape), r.shape.kind === 'path' ? { widthM: r.shape.widthM } : r.shape.kind === 'point' ? { radiusM: r.shape.radiusM } : {});
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setJson(text);
    applyText(text);
    e.target.value = '';
  };

  return (
    <div className="stack">
      <form className="stack-tight" onSubmit={applyCoords} aria-label="Type coordinates">
        <fieldset className="fieldset">
          <legend>Type coordinates</legend>
          <div className="segmented">
            {(['polygon', 'path', 'point'] as const).map((k) => (
              <label key={k}>
                <input type="radio" name="entry-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
                <span>{k === 'polygon' ? 'Area' : k === 'path' ? 'Path' : 'Point'}</span>
              </label>
            ))}
          </div>
          <label className="field" htmlFor={ids.coords}>
            <span>One position per line: latitude, longitude (decimal degrees)</span>
          </label>
          <textarea
            id={ids.coords}
            rows={4}
            value={coords}
            placeholder={PLACEHOLDER[kind]}
            spellCheck={false}
            aria-invalid={coordError ? true : undefined}
            aria-describedby={coordError ? ids.coordsErr : undefined}
            data-testid="plan:coordinates"
            onChange={(e) => setCoords(e.target.value)}
          />
        </fieldset>
        {coordError && (
          <p id={ids.coordsErr} role="alert" className="error-text">
            {coordError}
          </p>
        )}
        <button type="submit" className="button" disabled={!coords.trim()}>
          Use these coordinates
        </button>
      </form>
      <form
        className="stack-tight"
        aria-label="Paste or upload GeoJSON or KML"
        onSubmit={(e) => {
          e.preventDefault();
          applyText(json);
        }}
      >
        <label className="field" htmlFor={ids.json}>
          <span>Paste GeoJSON or KML (a Polygon, LineString or Point)</span>
        </label>
        <textarea
          id={ids.json}
          rows={3}
          value={json}
          spellCheck={false}
          aria-invalid={jsonError ? true : undefined}
          aria-describedby={jsonError ? ids.jsonErr : undefined}
          data-testid="plan:geojson"
          onChange={(e) => setJson(e.target.value)}
        />
        {jsonError && (
          <p id={ids.jsonErr} role="alert" className="error-text">
            {jsonError}
          </p>
        )}
        <div className="row">
          <button type="submit" className="button" disabled={!json.trim()}>
            Use this GeoJSON or KML
          </button>
          <label className="button file-button">
            Upload a file…
            <input type="file" accept=".json,.geojson,.kml,application/geo+json,application/json,application/vnd.google-earth.kml+xml" className="visually-hidden" onChange={(e) => void upload(e)} />
          </label>
        </div>
      </form>
    </div>
  );
}

function toArea(shape: FlightShape): PlanArea {
  if (shape.kind === 'polygon') return shape;
  if (shape.kind === 'path') return { kind: 'path', line: shape.line };
  return { kind: 'point', center: shape.center };
}
