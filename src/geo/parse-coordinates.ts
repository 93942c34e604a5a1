import type { Position } from './types';

export type ParsedCoordinates = { ok: true; positions: Position[] } | { ok: false; error: string };

const NUM = String.raw`[-+]?\d+(?:\.\d+)?`;
// "47.53, -122.31", "47.53 -122.31", "47.53N 122.31W", "N47.53 W122.31"
const LINE = new RegExp(String.raw`^([NS])?\s*(${NUM})\s*([NS])?\s*[,;\s]\s*([EW])?\s*(${NUM})\s*([EW])?$`, 'i');

/**
 * Corners typed by hand, one per line, latitude first as pilots read them off a chart
 * ("47.53, -122.31" or "47.53N 122.31W"). Returned as GeoJSON [longitude, latitude].
 */
export function parseCoordinates(text: string): ParsedCoordinates {
  const positions: Position[] = [];
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  for (const [i, line] of lines.entries()) {
    const m = LINE.exec(line);
    if (!m) return { ok: false, error: `Line ${i + 1} ("${line}") is not "latitude, longitude" in decimal degrees.` };
    const ns = (m[1] ?? m[3] ?? '').toUpperCase();
    const ew = (m[4] ?? m[6] ?? '').toUpperCase();
    let lat = Number(m[2]);
    let lon = Number(m[5]);
    if (ns === 'S') lat = -Math.abs(lat);
    if (ew === 'W') lon = -Math.abs(lon);
    if (Math.abs(lat) > 90) return { ok: false, error: `Line ${i + 1}: latitude ${lat} is outside -90 to 90. Latitude comes first.` };
    if (Math.abs(lon) > 180) return { ok: false, error: `Line ${i + 1}: longitude ${lon} is outside -180 to 180.` };
    positions.push([lon, lat]);
  }
  if (positions.length === 0) return { ok: false, error: 'Type at least one position.' };
  return { ok: true, positions };
}
