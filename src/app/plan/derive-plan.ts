/**
 * Everything the plan page shows or sends, derived from the plan in the URL. Pure, so the page
 * memoizes it in pieces and tests can check it without a map.
 */
import type { AdvisoryArea } from '../../features/advisories/advisory-filters';
import type { AreaBriefingInput } from '../../features/briefing/api/get-area-briefing';
import type { BriefingBlock } from '../../features/briefing/components/briefing-panel';
import type { OperationBase } from '../../features/operations/components/create-operation-form';
import { ALTITUDE_FT, DURATION_MINUTES as DURATION_MIN } from '../../../server/contract/operation-limits';
import type { Plan, PlanArea } from '../../features/plan/plan-params';
import { flightShapeOf } from '../../features/plan/plan-params';
import { continuousBounds, unwrapPositions, wrapPositions } from '../../geo/antimeridian';
import { checkLimits, type LimitCheck } from '../../geo/check-limits';
import { flightBoundary } from '../../geo/flight-shape';
import { closeRing } from '../../geo/ring';
import { areaTimeZone, timeZoneAt } from '../../geo/time-zone-at';
import type { PolygonGeometry, Position } from '../../geo/types';
import { feetUp, toFeet } from '../../../server/contract/units';
import type { DrawGeometry } from '../../map/draw-adapter';

export interface AreaView {
  /** As the service takes it: longitudes within -180..180, an edge across 180° the short way. */
  boundary: PolygonGeometry | null;
  check: LimitCheck | null;
  shapeError: string | null;
  /** The area's zone; the default before there is an area; null while the zone table loads (time-zone-at). */
  timeZone: string | null;
  /** For fitBounds: continuous longitudes, so an area across 180° frames as the small area it is. */
  bounds: [number, number, number, number] | null;
}

/** The zone of the map's first view (Seattle), before there is an area. */
export const DEFAULT_ZONE = 'America/Los_Angeles';

export function deriveArea(plan: Pick<Plan, 'area' | 'widthM' | 'radiusM'>): AreaView {
  const shape = flightShapeOf({ ...plan } as Plan);
  if (!shape) return { boundary: null, check: null, shapeError: null, timeZone: DEFAULT_ZONE, bounds: null };
  const boundary = flightBoundary(shape);
  const anchor = firstPosition(plan.area!);
  // A path waits a moment for the code that widens it (usePathUnion loads it); nothing is sent meanwhile.
  if (boundary === 'loading') return { boundary: null, check: null, shapeError: null, timeZone: timeZoneAt(anchor), bounds: null };
  if (!boundary) {
    return {
      boundary: null,
      check: null,
      shapeError: 'This path cannot be widened into one area (it may double back on itself). Redraw it or change its width.',
      timeZone: timeZoneAt(anchor),
      bounds: null,
    };
  }
  const b = continuousBounds([boundary])!;
  return { boundary, check: checkLimits(boundary), shapeError: null, timeZone: areaTimeZone(boundary), bounds: b };
}

function firstPosition(a: PlanArea): Position {
  return a.kind === 'polygon' ? a.ring[0]! : a.kind === 'path' ? a.line[0]! : a.center;
}

/**
 * The shape as draw shows it; an unclosed pasted ring is shown closed (the limit check still says so).
 * Longitudes made continuous: MapLibre draws an edge as its numbers say, so a ring across 180° kept
 * the short way (179.99 → -179.99) would otherwise be drawn around the world.
 */
export function drawGeometryOf(area: PlanArea | null): DrawGeometry | null {
  if (!area) return null;
  if (area.kind === 'polygon') return { type: 'Polygon', coordinates: [unwrapPositions(closeRing(area.ring))] };
  if (area.kind === 'path') return { type: 'LineString', coordinates: unwrapPositions(area.line) };
  return { type: 'Point', coordinates: area.center };
}

/**
 * The plan's area from what draw holds, longitudes back within -180..180: draw gives them as the map
 * does, beyond 180 across the antimeridian or on a copy of the world, and the link and the service
 * take them within.
 */
export function areaOfDrawn(g: DrawGeometry): PlanArea {
  if (g.type === 'Polygon') return { kind: 'polygon', ring: wrapPositions(g.coordinates[0]!) };
  if (g.type === 'LineString') return { kind: 'path', line: wrapPositions(g.coordinates) };
  return { kind: 'point', center: wrapPositions([g.coordinates])[0]! };
}

export function detailsValid(plan: Plan): boolean {
  const ft = toFeet(plan.maxAltitude, plan.unit);
  // A hair of tolerance: 121.9 m is 399.9 ft, and 1.6 m is 5.2 ft.
  return plan.start !== null && ft >= ALTITUDE_FT.min - 0.5 && ft <= ALTITUDE_FT.max && plan.durationMin >= DURATION_MIN.min && plan.durationMin <= DURATION_MIN.max;
}

export function flightWindow(plan: Plan): { startTime: string; endTime: string } | null {
  if (!plan.start) return null;
  const start = new Date(plan.start.replace('Z', ':00Z'));
  return { startTime: start.toISOString().replace('.000Z', 'Z'), endTime: new Date(start.getTime() + plan.durationMin * 60_000).toISOString().replace('.000Z', 'Z') };
}

export function briefingRequest(plan: Plan, area: AreaView): { input: AreaBriefingInput | null; block: BriefingBlock } {
  if (!plan.area) return { input: null, block: 'no-area' };
  if (!area.boundary || !area.check?.ok) return { input: null, block: 'limits' };
  const window = flightWindow(plan);
  if (!window || !detailsValid(plan)) return { input: null, block: 'details' };
  const maxAltitude = Math.min(ALTITUDE_FT.max, feetUp(plan.maxAltitude, plan.unit));
  return { input: { boundary: area.boundary, ...window, maxAltitude }, block: null };
}

export function operationBase(plan: Plan, area: AreaView): OperationBase | null {
  const window = flightWindow(plan);
  // No operation with a guessed zone: its times would be shown and kept in the wrong one.
  if (!area.boundary || !area.check?.ok || !window || !detailsValid(plan) || !area.timeZone) return null;
  return {
    boundary: area.boundary,
    minAltitude: 0,
    maxAltitude: plan.maxAltitude,
    ...window,
    timezone: area.timeZone,
    altitudeUnit: plan.unit === 'ft' ? 'ALTITUDE_UNIT_FEET' : 'ALTITUDE_UNIT_METERS',
    altitudeReference: 'ALTITUDE_REFERENCE_AGL',
    flightType: plan.flightType === 'part107' ? 'FLIGHT_TYPE_COMMERCIAL' : 'FLIGHT_TYPE_RECREATIONAL',
    desc: '',
  };
}

/** What the extras of the panel (advisories, ground risk, conflicts) say while there is no area to ask about. */
export const BLOCKED_EXTRA_TEXT: Record<Exclude<BriefingBlock, null>, string> = {
  'no-area': 'Draw an area on the map, or type or paste one, first.',
  limits: 'The flight area breaks a limit (see above). Fix it first.',
  details: 'Some flight details are not valid (see above). Fix them first.',
  'sign-in': 'Sign in to see this for the area.',
};

/** The advisories' question: asked only when the briefing is (same area, window and altitude), with the flight's category. */
export function advisoryArea(plan: Plan, area: AreaView, input: AreaBriefingInput | null): AdvisoryArea | null {
  const window = flightWindow(plan);
  if (!input || !area.boundary || !window) return null;
  return {
    boundary: area.boundary,
    ...window,
    maxAltitude: input.maxAltitude ?? ALTITUDE_FT.max,
    category: plan.flightType === 'part107' ? 'faa_107' : 'faa_44809',
  };
}
