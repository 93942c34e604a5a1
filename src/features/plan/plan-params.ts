/**
 * The plan lives in the URL, so a link reopens the exact plan: the area, the altitude, the time
 * and the flight type. Coordinates keep six decimals (about 0.1 m).
 *
 *   ?poly=lon,lat;lon,lat;…  | ?path=lon,lat;…&w=<m>  | ?pt=lon,lat&r=<m>
 *   &alt=200&u=ft&start=2025-07-01T16:00Z&dur=60&type=107|rec
 */
import type { FlightShape } from '../../geo/flight-shape';
import { closeRing } from '../../geo/ring';
import type { Position } from '../../geo/types';
import type { LengthUnit } from '../../../server/contract/units';

export type FlightKind = 'part107' | 'recreational';

export type PlanArea = { kind: 'polygon'; ring: Position[] } | { kind: 'path'; line: Position[] } | { kind: 'point'; center: Position };

export interface Plan {
  area: PlanArea | null;
  /** Path width and point radius, metres; kept when the area changes kind. */
  widthM: number;
  radiusM: number;
  unit: LengthUnit;
  /** In `unit`, above ground level. */
  maxAltitude: number;
  /** UTC, whole minutes, e.g. 2025-07-01T16:00Z; null until set. */
  start: string | null;
  durationMin: number;
  flightType: FlightKind;
}

export const DEFAULT_PLAN: Plan = {
  area: null,
  widthM: 60.96, // 200 ft
  radiusM: 304.8, // 1,000 ft
  unit: 'ft',
  maxAltitude: 200,
  start: null,
  durationMin: 60,
  flightType: 'part107',
};

const r6 = (n: number) => Math.round(n * 1e6) / 1e6;
const encodePositions = (ps: Position[]) => ps.map(([x, y]) => `${r6(x)},${r6(y)}`).join(';');

function decodePositions(s: string | null): Position[] | null {
  if (!s) return null;
  const out: Position[] = [];
  for (const pair of s.split(';')) {
    const [x, y, extra] = pair.split(',').map(Number);
    if (extra !== undefined || !Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x!) > 180 || Math.abs(y!) > 90) return null;
    out.push([x!, y!]);
  }
  return out;
}

function positive(s: string | null, fallback: number, max = Infinity): number {
  const n = s === null ? NaN : Number(s);
  return Number.isFinite(n) && n > 0 && n <= max ? n : fallback;
}

/** `defaultUnit`: the unit a plan without one in its link starts in (the person's setting). */
export function decodePlan(q: URLSearchParams, defaultUnit: LengthUnit = 'ft'): Plan {
  const poly = decodePositions(q.get('poly'));
  const path = decodePositions(q.get('path'));
  const pt = decodePositions(q.get('pt'));
  const area: PlanArea | null =
    // A link's ring is a list of corners: one written by hand or by another tool may leave out the
    // closing corner, and the pilot meant the closed area, not a broken shape.
    poly && poly.length >= 3 ? { kind: 'polygon', ring: closeRing(poly) } : path && path.length >= 2 ? { kind: 'path', line: path } : pt?.length === 1 ? { kind: 'point', center: pt[0]! } : null;
  const start = q.get('start');
  const u = q.get('u');
  const unit: LengthUnit = u === 'm' || u === 'ft' ? u : defaultUnit;
  return {
    area,
    widthM: positive(q.get('w'), DEFAULT_PLAN.widthM, 20_000),
    radiusM: positive(q.get('r'), DEFAULT_PLAN.radiusM, 20_000),
    unit,
    // 200 ft, or 60 m (about 197 ft) for a plan that starts in metres.
    maxAltitude: positive(q.get('alt'), unit === 'm' ? 60 : DEFAULT_PLAN.maxAltitude, 100_000),
    start: start && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/.test(start) && !Number.isNaN(Date.parse(start)) ? start : null,
    durationMin: Math.round(positive(q.get('dur'), DEFAULT_PLAN.durationMin, 100_000)),
    flightType: q.get('type') === 'rec' ? 'recreational' : 'part107',
  };
}

export function encodePlan(plan: Plan): URLSearchParams {
  const q = new URLSearchParams();
  const a = plan.area;
  if (a?.kind === 'polygon') q.set('poly', encodePositions(a.ring));
  if (a?.kind === 'path') q.set('path', encodePositions(a.line));
  if (a?.kind === 'point') q.set('pt', encodePositions([a.center]));
  if (a?.kind === 'path' || plan.widthM !== DEFAULT_PLAN.widthM) q.set('w', String(r2(plan.widthM)));
  if (a?.kind === 'point' || plan.radiusM !== DEFAULT_PLAN.radiusM) q.set('r', String(r2(plan.radiusM)));
  q.set('alt', String(plan.maxAltitude));
  q.set('u', plan.unit);
  if (plan.start) q.set('start', plan.start);
  q.set('dur', String(plan.durationMin));
  q.set('type', plan.flightType === 'recreational' ? 'rec' : '107');
  return q;
}

function r2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The area with its width or radius: what geo turns into the boundary. */
export function flightShapeOf(plan: Plan): FlightShape | null {
  const a = plan.area;
  if (!a) return null;
  if (a.kind === 'path') return { kind: 'path', line: a.line, widthM: plan.widthM };
  if (a.kind === 'point') return { kind: 'point', center: a.center, radiusM: plan.radiusM };
  return a;
}

/** Whole-minute UTC, as the URL keeps it. */
export function toPlanStart(d: Date): string {
  return d.toISOString().slice(0, 16) + 'Z';
}
