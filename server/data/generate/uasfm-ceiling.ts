/**
 * The ceiling of a modelled facility-map cell, biased low. Real FAA ceilings come from obstacle
 * surfaces, terrain and traffic we do not have; the model keeps below them wherever it can:
 * - off the approach paths the ceiling steps up with the distance from the nearest runway (STEPS),
 *   stretched by SCALE around the busiest airports, whose real grids stay low much farther out;
 * - along every instrument runway's approach and departure path it is 0 ft to 3 NM past the threshold
 *   and 50 ft to 5 NM (APPROACH), in a corridor that widens like a departure area (JO 7400.2 18-3-1);
 * - a cell takes the lowest ceiling found anywhere in it, never at its centre.
 * Measured against the FAA's real cells in docs/dataset-model-accuracy.md.
 */
import type { AirportRecord } from './airports-db';
import { instrumentRunways } from './class-airspace';
import { rectHitsConvex, rectSegmentDistance, type Pt, type Rect } from './grid-geometry';
import { CLASS_B } from './tables/class-b';
import { CLASS_C } from './tables/class-c';

export const MAX_CEILING_FT = 400;

/** Below each distance (NM from the nearest runway, divided by the airport's scale), this ceiling. */
const STEPS: ReadonlyArray<readonly [belowNm: number, ceilingFt: number]> = [[1, 0], [1.5, 50], [2, 100], [3, 200], [3.5, 300]];

/** Approach and departure corridors beyond each threshold (NM along, scaled; widths not scaled). */
const APPROACH = { zeroNm: 3, lowNm: 5, lowCeilingFt: 50, halfWidthNm: 1, widening: 0.16, maxHalfWidthNm: 1.8 };

const CLASS_B_PRIMARY = new Set(CLASS_B.map((b) => b.ident));
const CLASS_C_PRIMARY = new Set(CLASS_C);

/** How far the low ceilings reach around an airport, relative to a Class D field. */
export function scaleOf(a: AirportRecord): number {
  if (CLASS_B_PRIMARY.has(a.ident)) return 2;
  if (CLASS_C_PRIMARY.has(a.ident) || a.type === 'large_airport') return 1.5;
  return isSatellite(a) ? SATELLITE_SCALE : 1;
}

/** Small untowered fields with a runway this long lower the grid close around them (FAA maps keep 0 ft over satellite airports). */
const SATELLITE_MIN_RUNWAY_FT = 2500;
const SATELLITE_SCALE = 0.5;

function isSatellite(a: AirportRecord): boolean {
  return a.type === 'small_airport' && !a.towered && a.runways.some((r) => r.lengthFt >= SATELLITE_MIN_RUNWAY_FT);
}

/** Fields whose runways lower the grid: regular traffic, a tower, or a runway long enough for real traffic; not the short private strips. */
export function lowersGrid(a: AirportRecord): boolean {
  return a.type === 'large_airport' || a.type === 'medium_airport' || a.towered || isSatellite(a);
}

/** The farthest (NM) any airport's runways can lower a cell: the longest scaled corridor plus its width. */
export const REACH_NM = APPROACH.lowNm * 2 + APPROACH.maxHalfWidthNm;

interface Corridor {
  ceilingFt: number;
  poly: Pt[];
  threshold: Pt;
  lengthNm: number;
}

export interface Obstacle {
  a: Pt;
  b: Pt;
  scale: number;
  corridors: Corridor[];
}

function corridorHalfWidth(d: number): number {
  return Math.min(APPROACH.maxHalfWidthNm, APPROACH.halfWidthNm + APPROACH.widening * d);
}

function corridor(t: Pt, ux: number, uy: number, lengthNm: number, ceilingFt: number): Corridor {
  const knee = Math.min(lengthNm, (APPROACH.maxHalfWidthNm - APPROACH.halfWidthNm) / APPROACH.widening);
  const poly: Pt[] = [];
  for (const [d, side] of [[0, 1], [knee, 1], [lengthNm, 1], [lengthNm, -1], [knee, -1], [0, -1]] as const) {
    const h = corridorHalfWidth(d) * side;
    poly.push([t[0] + ux * d - uy * h, t[1] + uy * d + ux * h]);
  }
  return { ceilingFt, poly, threshold: t, lengthNm };
}

/** What the grid needs of an airport, worked out once (blocks project it again and again). */
interface Lowering {
  airport: AirportRecord;
  scale: number;
  runways: Array<{ ends: AirportRecord['runways'][number]['ends']; instrument: boolean }>;
}

const lowerings = new WeakMap<AirportRecord, Lowering>();

function loweringOf(ap: AirportRecord): Lowering {
  let l = lowerings.get(ap);
  if (!l) {
    const instrument = new Set(instrumentRunways(ap));
    l = { airport: ap, scale: scaleOf(ap), runways: ap.runways.map((r) => ({ ends: r.ends, instrument: !isSatellite(ap) && instrument.has(r) })) };
    lowerings.set(ap, l);
  }
  return l;
}

/** Runways (or the reference point) of the airports, projected; corridors on the instrument runways. */
export function obstaclesOf(airports: readonly AirportRecord[], project: (lon: number, lat: number) => [number, number]): Obstacle[] {
  const out: Obstacle[] = [];
  for (const ap of airports) {
    const { scale, runways } = loweringOf(ap);
    if (runways.length === 0) {
      const p = project(ap.lon, ap.lat);
      out.push({ a: p, b: p, scale, corridors: [] });
      continue;
    }
    for (const r of runways) {
      const a = project(r.ends[0].lon, r.ends[0].lat), b = project(r.ends[1].lon, r.ends[1].lat);
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const corridors: Corridor[] = [];
      if (r.instrument && len > 0) {
        const ux = (b[0] - a[0]) / len, uy = (b[1] - a[1]) / len;
        for (const [t, sx, sy] of [[b, ux, uy], [a, -ux, -uy]] as const) {
          corridors.push(corridor(t, sx, sy, APPROACH.zeroNm * scale, 0), corridor(t, sx, sy, APPROACH.lowNm * scale, APPROACH.lowCeilingFt));
        }
      }
      out.push({ a, b, scale, corridors });
    }
  }
  return out;
}

function stepCeiling(scaledNm: number): number {
  for (const [below, ceiling] of STEPS) if (scaledNm < below) return ceiling;
  return MAX_CEILING_FT;
}

/** How far from its runway an obstacle can lower a ceiling. */
function reachOf(o: Obstacle): number {
  return Math.max(STEPS[STEPS.length - 1]![0] * o.scale, ...o.corridors.map((c) => c.lengthNm + APPROACH.maxHalfWidthNm));
}

/** The obstacles that can lower some cell of the rectangle (a block), so cells test only those. */
export function obstaclesFor(rect: Rect, obstacles: readonly Obstacle[]): Obstacle[] {
  return obstacles.filter((o) => rectSegmentDistance(rect, o.a, o.b) <= reachOf(o));
}

/** Within this distance of a runway (NM, times the airport's scale) the grid keeps its finest cells. */
const FINE_NM = 2;

/** Whether the rectangle comes near enough a runway to deserve the finest cells. */
export function nearRunway(rect: Rect, obstacles: readonly Obstacle[]): boolean {
  return obstacles.some((o) => rectSegmentDistance(rect, o.a, o.b) <= FINE_NM * o.scale);
}

/** The ceiling at one point. */
export function pointCeiling(p: Pt, obstacles: readonly Obstacle[]): number {
  return cellCeiling([p[0], p[1], p[0], p[1]], obstacles);
}

/** The lowest ceiling anywhere in the rectangle. */
export function cellCeiling(rect: Rect, obstacles: readonly Obstacle[]): number {
  let ceiling = MAX_CEILING_FT;
  for (const o of obstacles) {
    ceiling = Math.min(ceiling, stepCeiling(rectSegmentDistance(rect, o.a, o.b) / o.scale));
    if (ceiling === 0) return 0;
    for (const c of o.corridors) {
      if (c.ceilingFt >= ceiling) continue;
      if (rectSegmentDistance(rect, c.threshold, c.threshold) > c.lengthNm + APPROACH.maxHalfWidthNm) continue;
      if (rectHitsConvex(rect, c.poly)) ceiling = c.ceilingFt;
      if (ceiling === 0) return 0;
    }
  }
  return ceiling;
}
