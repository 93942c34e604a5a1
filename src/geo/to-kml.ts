import { closeRing } from './ring';
import type { PolygonGeometry } from './types';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The flight boundary as a KML 2.2 document (OGC 12-007r2): one Placemark with the polygon, clamped
 * to the ground, and the plan's details as ExtendedData. KML rings must be closed (§10.8), so an
 * open ring is closed here.
 */
export function boundaryKml(boundary: PolygonGeometry, name: string, data: Record<string, string | number>): string {
  const rings = boundary.coordinates.map((r) => closeRing(r).map(([x, y]) => `${x},${y}`).join(' '));
  const [outer, ...inner] = rings;
  const boundaryXml = (tag: string, coords: string) => `<${tag}><LinearRing><coordinates>${coords}</coordinates></LinearRing></${tag}>`;
  const extended = Object.entries(data)
    .map(([k, v]) => `<Data name="${escape(k)}"><value>${escape(String(v))}</value></Data>`)
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    `<Document><name>${escape(name)}</name>`,
    `<Placemark><name>${escape(name)}</name>`,
    extended ? `<ExtendedData>${extended}</ExtendedData>` : '',
    `<Polygon>${boundaryXml('outerBoundaryIs', outer ?? '')}${inner.map((r) => boundaryXml('innerBoundaryIs', r)).join('')}</Polygon>`,
    '</Placemark></Document></kml>',
    '',
  ].join('\n');
}
