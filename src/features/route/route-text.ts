/**
 * Words for the route planner: the length of a route, and why the service found none (its 422
 * names the blockers in details.blockers, docs/route.md; a 408 says the search ran out of time).
 */
import { ROUTE_CLEARANCE_M } from '../../../server/contract/route-limits';
import { METERS_PER_FOOT, METERS_PER_NM, type LengthUnit } from '../../../server/contract/units';
import { ApiError, errorMessage } from '../../lib/api-error';

interface Blocker {
  id: string;
  name: string;
  kind: 'restricted' | 'controlled';
}

/**
 * The blockers a 422 names, or null when its details are not that list. Checked by hand, not with zod: this
 * runs on the plan page, which loads no zod (docs/portal-delivery.md).
 */
function blockersOf(details: unknown): Blocker[] | null {
  const list = typeof details === 'object' && details !== null ? (details as { blockers?: unknown }).blockers : undefined;
  if (!Array.isArray(list)) return null;
  const ok = list.every((b: unknown) => {
    const o = (typeof b === 'object' && b !== null ? b : {}) as Record<string, unknown>;
    return typeof o.id === 'string' && typeof o.name === 'string' && (o.kind === 'restricted' || o.kind === 'controlled');
  });
  return ok ? (list as Blocker[]) : null;
}

export interface Refusal {
  title: string;
  /** The service's own sentence (it names the position and what it lies in). */
  message: string;
  blockers: { id: string; name: string; why: string }[];
  /** What the pilot can do about it, or null. */
  hint: string | null;
}

const WHY: Record<Blocker['kind'], string> = {
  restricted: 'restricted airspace: no route may enter it in the flight window',
  controlled: 'controlled airspace: a route enters it only when controlled airspace is allowed, with a LAANC authorization',
};

export function refusalOf(error: unknown): Refusal {
  const message = errorMessage(error);
  if (error instanceof ApiError && error.status === 408) {
    return { title: 'The route search ran out of time.', message, blockers: [], hint: 'Put the start and the end closer together, or drop via points, and ask again.' };
  }
  const found = error instanceof ApiError && error.status === 422 ? blockersOf(error.details) : null;
  if (!found) return { title: 'No route could be planned.', message, blockers: [], hint: null };
  const blockers = found.map((b) => ({ id: b.id, name: b.name, why: WHY[b.kind] }));
  const controlled = found.some((b) => b.kind === 'controlled');
  return {
    title: 'No legal route: something the route may not enter blocks it.',
    message,
    blockers,
    hint: controlled ? 'Move the start or the end out of it, or allow controlled airspace (the route then needs LAANC authorizations).' : 'Move the start or the end away from it.',
  };
}

const km = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** "14.9 km (8.0 NM)": pilots read nautical miles on charts, the rest of the world kilometres. */
export function distanceText(m: number): string {
  return `${km.format(m / 1000)} km (${km.format(m / METERS_PER_NM)} NM)`;
}

function widthText(m: number, unit: LengthUnit): string {
  return unit === 'ft' ? `${Math.round(m / METERS_PER_FOOT)} ft` : `${Math.round(m)} m`;
}

/** The route keeps ROUTE_CLEARANCE_M each side clear (docs/route.md): a path up to twice that wide stays clear. */
export function widthNote(pathWidthM: number, unit: LengthUnit): string {
  const width = `As the flight’s path it is ${widthText(pathWidthM, unit)} wide`;
  const fits = pathWidthM <= 2 * ROUTE_CLEARANCE_M + 1e-6;
  return (
    `The route keeps ${widthText(ROUTE_CLEARANCE_M, unit)} clear of what it may not enter on each side. ` +
    (fits ? `${width}, within that clearance` : `${width}, wider than that clearance covers: its edges may enter what the route goes around`) +
    '; read its briefing after you use it, which judges the whole width.'
  );
}
