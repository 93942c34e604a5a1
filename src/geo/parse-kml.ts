import type { ParsedGeoJson } from './parse-geojson';
import type { Position } from './types';

interface Defaults {
  widthM: number;
  radiusM: number;
}

const GEOMETRIES = new Set(['Polygon', 'LineString', 'Point']);

/** KML coordinates: "lon,lat[,alt]" tuples separated by white space (OGC 12-007r2 §16.9.1). */
function readCoordinates(el: Element | undefined): Position[] | null {
  const text = el?.textContent?.trim();
  if (!text) return null;
  const out: Position[] = [];
  for (const tuple of text.split(/\s+/)) {
    const [x, y] = tuple.split(',').map(Number);
    if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x!) > 180 || Math.abs(y!) > 90) return null;
    out.push([x!, y!]);
  }
  return out;
}

const child = (el: Element, name: string) => Array.from(el.getElementsByTagNameNS('*', name));

/** A positive number from the Placemark's <ExtendedData><Data name="…"><value>. */
function dataNumber(placemark: Element | null, name: string): number | undefined {
  const data = placemark ? child(placemark, 'Data').find((d) => d.getAttribute('name') === name) : undefined;
  const n = Number(data ? child(data, 'value')[0]?.textContent : NaN);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * Pasted or uploaded KML → a flight shape, as parseGeoJson does for GeoJSON: the first Polygon,
 * LineString or Point in the document (inside a MultiGeometry too). A path takes `width`, a point
 * `radius` (metres) from the Placemark's ExtendedData, else the current setting. Altitudes are
 * dropped: the plan has its own.
 */
export function parseKml(text: string, defaults: Defaults): ParsedGeoJson {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0 || doc.documentElement.localName !== 'kml') {
    return { ok: false, error: 'This is not KML. Paste a KML document (<kml>…</kml>) with a Polygon, LineString or Point.' };
  }
  const geom = Array.from(doc.getElementsByTagNameNS('*', '*')).find((el) => GEOMETRIES.has(el.localName));
  if (!geom) return { ok: false, error: 'The KML has no Polygon, LineString or Point to fly.' };
  const placemark = geom.closest('Placemark');
  switch (geom.localName) {
    case 'Polygon': {
      if (child(geom, 'innerBoundaryIs').length > 0) return { ok: false, error: 'The Polygon has holes (innerBoundaryIs); only an outer boundary is accepted.' };
      const ring = readCoordinates(child(child(geom, 'outerBoundaryIs')[0] ?? geom, 'coordinates')[0]);
      if (!ring || ring.length < 3) return { ok: false, error: 'The Polygon has no valid outer boundary of longitude,latitude coordinates.' };
      return { ok: true, shape: { kind: 'polygon', ring } };
    }
    case 'LineString': {
      const line = readCoordinates(child(geom, 'coordinates')[0]);
      if (!line || line.length < 2) return { ok: false, error: 'The LineString needs at least two longitude,latitude coordinates.' };
      return { ok: true, shape: { kind: 'path', line, widthM: dataNumber(placemark, 'width') ?? defaults.widthM } };
    }
    default: {
      const point = readCoordinates(child(geom, 'coordinates')[0]);
      if (!point || point.length !== 1) return { ok: false, error: 'The Point needs one longitude,latitude coordinate.' };
      return { ok: true, shape: { kind: 'point', center: point[0]!, radiusM: dataNumber(placemark, 'radius') ?? defaults.radiusM } };
    }
  }
}
