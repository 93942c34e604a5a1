/**
 * Words for the route planner: the length of a route, and why the service found none (its 422
 * names the blockers in details.blockers, docs/route.md; a 408 says the search ran out of time).
 */
import { z } from 'zod';
import { ROUTE_CLEARANCE_M } from '../../../server/contract/route';
import { METERS_PER_FOOT, type LengthUnit } from '../../geo/units';
import { ApiError, errorMessage } from '../../lib/api-error';

const BlockersSchema = z.object({ blockers: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(['restricted', 'controlled']) })) });
export type Blocker = z.infer<typeof BlockersSchema>['blockers'][number];

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
  const parsed = error instanceof ApiError && error.status === 422 ? BlockersSchema.safeParse(error.details) : null;
  if (!parsed?.success) return { title: 'No route could be planned.', message, blockers: [], hint: null };
  const blockers = parsed.data.blockers.map((b) => ({ id: b.id, name: b.name, why: WHY[b.kind] }));
  const controlled = parsed.data.blockers.some((b) => b.kind === 'controlled');
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
  return `${km.format(m / 1000)} km (${km.format(m / 1852)} NM)`;
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
