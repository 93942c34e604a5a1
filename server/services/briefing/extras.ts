/**
 * Daylight and weather are attached to a briefing's text after the answer cache, on every answer (the
 * handler's and the early answer's, briefing.fast-path.ts): the cache keeps an answer for a range of
 * starts and for as long as its dataset lives, which weather (minutes) and daylight (the window's own
 * minutes) do not share. The daylight is computed for the window asked; the weather comes from its own
 * cache (services/weather/awc.ts, WEATHER_CACHE_SECONDS), so an answer never carries weather older than
 * that, whatever the answer cache holds. docs/daylight-weather.md.
 */
import type { AppDeps } from '../../deps';
import { daylightFor } from '../../domain/briefing/daylight';
import { weatherSource } from '../weather/awc';

export interface Place {
  lat: number;
  lon: number;
}

/** The middle of a geometry's bounds (the place its daylight and weather are for). */
export function placeOfGeometry(g: unknown): Place | null {
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  const walk = (c: unknown): void => {
    if (!Array.isArray(c)) return;
    if (typeof c[0] === 'number' && typeof c[1] === 'number') {
      w = Math.min(w, c[0]);
      e = Math.max(e, c[0]);
      s = Math.min(s, c[1]);
      n = Math.max(n, c[1]);
      return;
    }
    for (const x of c) walk(x);
  };
  walk((g as { coordinates?: unknown } | null)?.coordinates);
  return Number.isFinite(w) ? { lon: (w + e) / 2, lat: (s + n) / 2 } : null;
}

/** The place of an answer cache key's geometry: "lat,lon" for a location, the boundary's JSON for an area. */
export function placeOfKey(kind: string, geometry: string): Place | null {
  if (kind === 'location') {
    const [lat, lon] = geometry.split(',').map(Number);
    return Number.isFinite(lat) && Number.isFinite(lon) ? { lat: lat!, lon: lon! } : null;
  }
  try {
    return placeOfGeometry(JSON.parse(geometry));
  } catch {
    return null;
  }
}

/** The `"daylight":…,"weather":…` members for a place and window (no braces). */
export async function extrasText(deps: AppDeps, place: Place | null, start: Date, end: Date, maxAltitudeFt: number | undefined): Promise<string> {
  if (!place) return '';
  const daylight = daylightFor(place.lat, place.lon, start, end);
  const weather = await weatherSource(deps.config).at(place.lat, place.lon, maxAltitudeFt ?? 400);
  return `"daylight":${JSON.stringify(daylight)},"weather":${JSON.stringify(weather)}`;
}

/** The last answer made from each kept engine answer: the same members give the same bytes (and so the compressed form kept beside them). */
const lastWith = new WeakMap<Uint8Array, { members: string; out: Buffer }>();

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** The answer's JSON object text with the members added before its closing brace. */
export function withExtras(text: string | Uint8Array, members: string): Buffer {
  if (typeof text !== 'string') {
    const hit = lastWith.get(text);
    if (hit && hit.members === members) return hit.out;
  }
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  let end = bytes.length;
  while (end > 0 && isSpace(bytes[end - 1]!)) end--;
  let out: Buffer;
  if (!members || end === 0 || bytes[end - 1] !== 0x7d) out = Buffer.from(bytes.subarray(0, end));
  else {
    let inner = end - 1;
    while (inner > 0 && isSpace(bytes[inner - 1]!)) inner--;
    const sep = bytes[inner - 1] === 0x7b ? '' : ',';
    out = Buffer.concat([bytes.subarray(0, inner), Buffer.from(`${sep}${members}}`, 'utf8')]);
  }
  if (typeof text !== 'string') lastWith.set(text, { members, out });
  return out;
}
