/**
 * Class B, C, D and E surface-area airspace around the OurAirports positions, with the tier shapes of
 * AIM 3-2-3 to 3-2-6 (Class B: surface area plus shelves; Class C: 5 NM surface, 10 NM shelf; Class D:
 * about 4.3 NM to 2,500 ft above the field; Class E surface area: about 4 NM). Real areas have sectors,
 * arcs and cut-outs; these are circles (64-gons), enough for a sandbox and documented as such.
 */
import type { AirspaceFeature, Subtype } from '../model';
import type { AirportRecord } from './airports-db';
import { annulus, disc, distanceNm } from './geo';
import { CLASS_B } from './tables/class-b';
import { CLASS_C } from './tables/class-c';
import { LAANC_NOT_ENABLED } from './tables/laanc';

export type AirspaceClass = 'B' | 'C' | 'D' | 'E';

/** The part of a class airspace that starts at the surface: what LAANC and the facility map cover. */
export interface SurfaceArea {
  cls: AirspaceClass;
  airport: AirportRecord;
  radiusNm: number;
  laancEnabled: boolean;
}

export const CLASS_D_RADIUS_NM = 4.3;
export const CLASS_E_RADIUS_NM = 4.0;
const CLASS_E_MIN_RUNWAY_FT = 6000;
const CLASS_C_SURFACE_NM = 5;
const CLASS_C_SHELF_NM = 10;
/** Outer radii of the Class B shelves and where each floor sits between field elevation and ceiling. */
const CLASS_B_SHELVES = [{ outerNm: 12, floorShare: 0.25 }, { outerNm: 20, floorShare: 0.45 }, { outerNm: 30, floorShare: 0.65 }];

const SOURCE_ID = 'sandbox-class-airspace';
const SOURCE_URL = 'https://www.faa.gov/air_traffic/publications/';

/** Charted altitudes are in hundreds of feet MSL. */
const hundreds = (ft: number) => Math.round(ft / 100) * 100;
const fmt = (ft: number) => ft.toLocaleString('en-US');

function laancFor(a: AirportRecord): boolean {
  return !a.military && !(a.ident in LAANC_NOT_ENABLED);
}

function authorizationText(laanc: boolean): string {
  return laanc
    ? 'Drones need FAA authorization before flying here; LAANC can grant it up to the facility-map ceiling.'
    : 'Drones need FAA authorization before flying here; LAANC is not available, apply through FAA DroneZone.';
}

function feature(
  a: AirportRecord, cls: AirspaceClass, tier: number, geometry: AirspaceFeature['geometry'],
  lowerMsl: number, upperMsl: number, area: string, laanc: boolean,
): AirspaceFeature {
  const surface = lowerMsl === 0;
  const subtype = `CLASS_${cls}` as Subtype;
  const label = surface ? 'surface area' : `shelf from ${fmt(lowerMsl)} ft MSL`;
  const description = surface
    ? `Class ${cls} airspace of ${a.name} (${a.ident}) from the surface to ${fmt(upperMsl)} ft MSL. ${authorizationText(laanc)}`
    : `Class ${cls} airspace of ${a.name} (${a.ident}) from ${fmt(lowerMsl)} ft MSL to ${fmt(upperMsl)} ft MSL. ` +
      `Its floor is normally well above the 400 ft AGL drones may fly to; below the floor a drone is not in this Class ${cls} airspace.`;
  return {
    id: `class:${a.ident}:${cls}:${tier}`, layer: 'class_airspace', subtype, name: `${area} (${a.ident}) Class ${cls} ${label}`,
    ident: a.ident, geometry,
    lower: surface ? { value: 0, reference: 'SFC' } : { value: lowerMsl, reference: 'MSL' },
    upper: { value: upperMsl, reference: 'MSL' },
    laancEnabled: laanc, facility: a.ident, description, authority: 'FAA', sourceUrl: SOURCE_URL, sourceId: SOURCE_ID,
    props: { surface, tier, area, airport: a.name, military: a.military, ...(a.ident in LAANC_NOT_ENABLED ? { laancNote: LAANC_NOT_ENABLED[a.ident]! } : {}) },
  };
}

export interface ClassAirspaceResult {
  features: AirspaceFeature[];
  surfaces: SurfaceArea[];
}

export function buildClassAirspace(airports: readonly AirportRecord[]): ClassAirspaceResult {
  const byIdent = new Map(airports.map((a) => [a.ident, a]));
  const features: AirspaceFeature[] = [];
  const surfaces: SurfaceArea[] = [];
  const primary = new Set<string>();

  for (const b of CLASS_B) {
    const a = byIdent.get(b.ident);
    if (!a) throw new Error(`Class B airport ${b.ident} is not in the airport database`);
    primary.add(a.ident);
    const laanc = laancFor(a);
    features.push(feature(a, 'B', 0, disc(a.lon, a.lat, b.surfaceNm), 0, b.ceilingMsl, b.area, laanc));
    surfaces.push({ cls: 'B', airport: a, radiusNm: b.surfaceNm, laancEnabled: laanc });
    if (b.surfaceOnly) continue;
    let inner = b.surfaceNm;
    CLASS_B_SHELVES.forEach((s, i) => {
      const floor = hundreds(a.elevationFt + s.floorShare * (b.ceilingMsl - a.elevationFt));
      features.push(feature(a, 'B', i + 1, annulus(a.lon, a.lat, inner, s.outerNm), floor, b.ceilingMsl, b.area, laanc));
      inner = s.outerNm;
    });
  }

  for (const ident of CLASS_C) {
    const a = byIdent.get(ident);
    if (!a) throw new Error(`Class C airport ${ident} is not in the airport database`);
    primary.add(a.ident);
    const laanc = laancFor(a);
    const top = hundreds(a.elevationFt + 4000);
    const area = a.name;
    features.push(feature(a, 'C', 0, disc(a.lon, a.lat, CLASS_C_SURFACE_NM), 0, top, area, laanc));
    features.push(feature(a, 'C', 1, annulus(a.lon, a.lat, CLASS_C_SURFACE_NM, CLASS_C_SHELF_NM), hundreds(a.elevationFt + 1200), top, area, laanc));
    surfaces.push({ cls: 'C', airport: a, radiusNm: CLASS_C_SURFACE_NM, laancEnabled: laanc });
  }

  const towered = airports.filter((a) => a.towered && !primary.has(a.ident)).sort((x, y) => x.ident.localeCompare(y.ident));
  for (const a of towered) {
    const laanc = laancFor(a);
    features.push(feature(a, 'D', 0, disc(a.lon, a.lat, CLASS_D_RADIUS_NM), 0, hundreds(a.elevationFt + 2500), a.name, laanc));
    surfaces.push({ cls: 'D', airport: a, radiusNm: CLASS_D_RADIUS_NM, laancEnabled: laanc });
  }

  // Class E surface areas (E2) exist where an instrument approach serves a field without a tower. The
  // sandbox takes non-towered, non-military medium airports (OurAirports "medium": regular or charter
  // traffic) with a runway of at least 6,000 ft, a length built for such traffic, that do not already sit
  // inside another surface area. All 340 medium ones would add 30 % to the facility-map cells.
  const taken = surfaces.slice();
  const candidates = airports
    .filter((a) => a.type === 'medium_airport' && !a.towered && !a.military && a.runways.some((r) => r.lengthFt >= CLASS_E_MIN_RUNWAY_FT))
    .sort((x, y) => x.ident.localeCompare(y.ident));
  for (const a of candidates) {
    if (taken.some((s) => distanceNm(a.lon, a.lat, s.airport.lon, s.airport.lat) < s.radiusNm + CLASS_E_RADIUS_NM / 2)) continue;
    const laanc = laancFor(a);
    features.push(feature(a, 'E', 0, disc(a.lon, a.lat, CLASS_E_RADIUS_NM), 0, 18000, a.name, laanc));
    const s: SurfaceArea = { cls: 'E', airport: a, radiusNm: CLASS_E_RADIUS_NM, laancEnabled: laanc };
    surfaces.push(s);
    taken.push(s);
  }
  return { features, surfaces };
}
