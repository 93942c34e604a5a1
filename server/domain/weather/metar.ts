/**
 * The Aviation Weather Center's decoded observations (GET /api/data/metar?format=json; fields in
 * ../shared/docs/live-sources.md) read defensively, and held against 14 CFR 107.51: at least 3 statute
 * miles of visibility, and at least 500 ft below clouds (at the flight's highest altitude). Nothing is
 * guessed: a field that is absent or not a number is unknown, and unknown never meets the minima.
 */
import type { Weather } from '../../contract/briefing';

export const MIN_VISIBILITY_SM = 3;
export const MIN_BELOW_CLOUDS_FT = 500;
/** An observation older than this is not the weather now. */
export const MAX_OBSERVATION_AGE_MS = 2 * 3600_000;

export interface Station {
  id: string;
  name: string | null;
  lat: number;
  lon: number;
  raw: Record<string, unknown>;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The observations of an answer that carry a station id and a position; anything else is dropped. */
export function stationsOf(body: unknown): Station[] {
  if (!Array.isArray(body)) return [];
  const out: Station[] = [];
  for (const o of body.slice(0, 500)) {
    if (typeof o !== 'object' || o === null) continue;
    const r = o as Record<string, unknown>;
    const id = str(r.icaoId) ?? str(r.stationId);
    const lat = num(r.lat);
    const lon = num(r.lon);
    if (!id || lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    out.push({ id: id.slice(0, 8), name: str(r.name)?.slice(0, 120) ?? null, lat, lon, raw: r });
  }
  return out;
}

/** Great-circle distance in nautical miles. */
export function distanceNm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 3440.065 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function nearest(stations: Station[], lat: number, lon: number): (Station & { distanceNm: number }) | null {
  let best: (Station & { distanceNm: number }) | null = null;
  for (const s of stations) {
    const d = distanceNm(lat, lon, s.lat, s.lon);
    if (!best || d < best.distanceNm) best = { ...s, distanceNm: d };
  }
  return best;
}

/** The observation time: obsTime in seconds (the API's), or reportTime as text. */
function observedAt(r: Record<string, unknown>): Date | null {
  const secs = num(r.obsTime);
  if (secs !== null && secs > 0) return new Date(secs * 1000);
  const t = str(r.reportTime);
  const d = t ? new Date(t.includes('T') || t.endsWith('Z') ? t : `${t.replace(' ', 'T')}Z`) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

export function noWeather(message: string): Weather {
  return {
    available: false,
    message,
    station: null,
    observationTime: null,
    windDirectionDeg: null,
    windSpeedKt: null,
    windGustKt: null,
    visibilitySm: null,
    visibilityOrMore: false,
    cloudBaseFtAgl: null,
    cloudCover: null,
    flightCategory: null,
    part107: 'UNKNOWN',
    rawMetar: null,
    rawTaf: null,
  };
}

const COVERS = new Set(['FEW', 'SCT', 'BKN', 'OVC', 'OVX', 'VV']);

/**
 * The station's observation decoded and held against Part 107.51 for a flight up to `maxAltitudeFt`
 * AGL. `now` dates the observation; `rawTaf` is the station's forecast text, if any.
 */
export function decodeWeather(s: Station & { distanceNm: number }, rawTaf: string | null, maxAltitudeFt: number, now: Date): Weather {
  const r = s.raw;
  const at = observedAt(r);
  const station = { id: s.id, name: s.name, distanceNm: Math.round(s.distanceNm * 10) / 10 };
  if (!at) return { ...noWeather(`The observation of ${s.id} carries no time: it is not used.`), station };
  if (now.getTime() - at.getTime() > MAX_OBSERVATION_AGE_MS) {
    return { ...noWeather(`The latest observation of ${s.id} is from ${at.toISOString()}, more than 2 hours old: there is no current weather.`), station, observationTime: at.toISOString() };
  }
  const wdir = num(r.wdir);
  const visRaw = r.visib;
  const visibilityOrMore = typeof visRaw === 'string' && visRaw.trim().endsWith('+');
  const visibilitySm = num(typeof visRaw === 'string' ? visRaw.replace('+', '') : visRaw);
  let cloudBaseFtAgl: number | null = null;
  let cloudCover: string | null = null;
  if (Array.isArray(r.clouds)) {
    for (const c of r.clouds.slice(0, 12)) {
      if (typeof c !== 'object' || c === null) continue;
      const cover = str((c as Record<string, unknown>).cover);
      const base = num((c as Record<string, unknown>).base);
      if (!cover || !COVERS.has(cover) || base === null) continue;
      if (cloudBaseFtAgl === null || base < cloudBaseFtAgl) {
        cloudBaseFtAgl = base;
        cloudCover = cover;
      }
    }
  }
  const clear = Array.isArray(r.clouds) && cloudBaseFtAgl === null;
  const problems: string[] = [];
  let unknown = false;
  if (visibilitySm === null) unknown = true;
  else if (visibilitySm < MIN_VISIBILITY_SM) problems.push(`visibility ${visibilitySm} SM is under the 3 SM of 14 CFR 107.51`);
  if (cloudBaseFtAgl !== null && cloudBaseFtAgl - maxAltitudeFt < MIN_BELOW_CLOUDS_FT) {
    problems.push(`clouds at ${cloudBaseFtAgl} ft leave less than 500 ft above a flight up to ${maxAltitudeFt} ft (14 CFR 107.51)`);
  }
  if (cloudBaseFtAgl === null && !clear) unknown = true;
  const part107: Weather['part107'] = problems.length ? 'BELOW_MINIMA' : unknown ? 'UNKNOWN' : 'MEETS_MINIMA';
  const where = `${s.id}${s.name ? ` (${s.name})` : ''}, ${station.distanceNm} NM away, observed ${at.toISOString()}`;
  const message =
    part107 === 'BELOW_MINIMA'
      ? `Below the Part 107 weather minima at ${where}: ${problems.join('; ')}.`
      : part107 === 'UNKNOWN'
        ? `At ${where}: the visibility or the clouds are not reported, so the Part 107 minima cannot be checked. Check before flying.`
        : `At ${where}: at or above the Part 107 minima (3 SM visibility, 500 ft below clouds). Conditions at the site may differ.`;
  return {
    available: true,
    message,
    station,
    observationTime: at.toISOString(),
    windDirectionDeg: wdir,
    windSpeedKt: num(r.wspd),
    windGustKt: num(r.wgst),
    visibilitySm,
    visibilityOrMore,
    cloudBaseFtAgl,
    cloudCover,
    flightCategory: str(r.fltCat)?.slice(0, 8) ?? null,
    part107,
    rawMetar: str(r.rawOb)?.slice(0, 500) ?? null,
    rawTaf: rawTaf?.slice(0, 2000) ?? null,
  };
}
