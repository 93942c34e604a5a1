/**
 * Class B, C, D and E surface-area airspace around the OurAirports positions, with the tier shapes of
 * AIM 3-2-3 to 3-2-6 (Class B: surface area plus shelves; Class C: 5 NM surface, 10 NM shelf; Class D
 * and E surface areas sized from the runways, with extensions along them). Real areas have sectors,
 * arcs and cut-outs; these are circles (64-gons) and corridors, drawn on the large side
 * (tables/surface-areas.ts, docs/dataset-model-accuracy.md).
 */
import type { Polygon } from 'geojson';
import type { AirspaceFeature, Subtype } from '../model';
import type { AirportRecord } from './airports-db';
import { annulus, bearingDeg, circleWithCorridors, destination, disc, distanceNm } from './geo';
import { CLASS_B } from './tables/class-b';
import { CLASS_C } from './tables/class-c';
import { LAANC_NOT_ENABLED } from './tables/laanc';
import {
  CLASS_B_SHELVES, CLASS_C_SHELF_NM, CLASS_C_SURFACE_NM, DEPARTURE_CLIMB_NM, EXTENSION, SURFACE_MIN_RADIUS_NM,
} from './tables/surface-areas';

export type AirspaceClass = 'B' | 'C' | 'D' | 'E';

/** A corridor along a runway's extended centre line: from the threshold outwards, halfWidthNm either side. */
export interface Extension {
  from: [lon: number, lat: number];
  to: [lon: number, lat: number];
  halfWidthNm: number;
}

/** A class airspace around one airport, as the facility-map grid needs it. */
export interface SurfaceArea {
  cls: AirspaceClass;
  airport: AirportRecord;
  /** Radius of the part that starts at the surface. */
  radiusNm: number;
  /** Radius of the whole lateral extent (every Class B shelf, the Class C shelf): what the grid covers. */
  extentNm: number;
  /** Arrival and departure extensions of a Class D or E surface area (empty for B and C). */
  extensions: Extension[];
  laancEnabled: boolean;
}

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

/**
 * JO 7400.2 17-2-1: the area contains departures until they reach 700 ft AGL, 3.5 NM past the farthest
 * runway end; never less than SURFACE_MIN_RADIUS_NM.
 */
export function surfaceRadiusNm(a: AirportRecord): number {
  const farthest = Math.max(0, ...a.runways.flatMap((r) => r.ends.map((e) => distanceNm(a.lon, a.lat, e.lon, e.lat))));
  return Math.max(SURFACE_MIN_RADIUS_NM, Math.ceil((farthest + DEPARTURE_CLIMB_NM) * 10) / 10);
}

/** Corridors beyond both thresholds of every runway long enough for instrument traffic (else the longest). */
export function instrumentRunways(a: AirportRecord): AirportRecord['runways'] {
  const long = a.runways.filter((r) => r.lengthFt >= EXTENSION.minRunwayFt);
  return long.length ? long : a.runways.slice().sort((x, y) => y.lengthFt - x.lengthFt).slice(0, 1);
}

export function runwayExtensions(a: AirportRecord): Extension[] {
  const out: Extension[] = [];
  for (const r of instrumentRunways(a)) {
    const [p, q] = r.ends;
    for (const [from, other] of [[p, q], [q, p]] as const) {
      if (distanceNm(from.lon, from.lat, other.lon, other.lat) === 0) continue;
      const outward = bearingDeg(other.lon, other.lat, from.lon, from.lat);
      out.push({ from: [from.lon, from.lat], to: destination(from.lon, from.lat, outward, EXTENSION.beyondThresholdNm), halfWidthNm: EXTENSION.halfWidthNm });
    }
  }
  return out;
}

/** The surface area's outline: the circle and its extensions, merged. */
function surfaceOutline(a: AirportRecord, radiusNm: number, extensions: readonly Extension[]): Polygon {
  return extensions.length === 0 ? disc(a.lon, a.lat, radiusNm) : circleWithCorridors(a.lon, a.lat, radiusNm, extensions);
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
    const extentNm = b.surfaceOnly ? b.surfaceNm : CLASS_B_SHELVES[CLASS_B_SHELVES.length - 1]!.outerNm;
    surfaces.push({ cls: 'B', airport: a, radiusNm: b.surfaceNm, extentNm, extensions: [], laancEnabled: laanc });
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
    surfaces.push({ cls: 'C', airport: a, radiusNm: CLASS_C_SURFACE_NM, extentNm: CLASS_C_SHELF_NM, extensions: [], laancEnabled: laanc });
  }

  const towered = airports.filter((a) => a.towered && !primary.has(a.ident)).sort((x, y) => x.ident.localeCompare(y.ident));
  for (const a of towered) {
    const laanc = laancFor(a);
    const radiusNm = surfaceRadiusNm(a), extensions = runwayExtensions(a);
    features.push(feature(a, 'D', 0, surfaceOutline(a, radiusNm, extensions), 0, hundreds(a.elevationFt + 2500), a.name, laanc));
    surfaces.push({ cls: 'D', airport: a, radiusNm, extentNm: radiusNm, extensions, laancEnabled: laanc });
  }

  // Class E surface areas (E2) exist where an instrument approach serves a field without a tower. The
  // sandbox takes every non-towered, non-military medium airport (OurAirports "medium": regular or
  // charter traffic), the fields most likely to have one; it cannot know the others.
  const candidates = airports
    .filter((a) => a.type === 'medium_airport' && !a.towered && !a.military)
    .sort((x, y) => x.ident.localeCompare(y.ident));
  for (const a of candidates) {
    const laanc = laancFor(a);
    const radiusNm = surfaceRadiusNm(a), extensions = runwayExtensions(a);
    features.push(feature(a, 'E', 0, surfaceOutline(a, radiusNm, extensions), 0, 18000, a.name, laanc));
    surfaces.push({ cls: 'E', airport: a, radiusNm, extentNm: radiusNm, extensions, laancEnabled: laanc });
  }
  return { features, surfaces };
}
