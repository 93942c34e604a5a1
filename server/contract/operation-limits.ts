/**
 * An operation's limits (spec 4.3 and section 8), in one place for the service (domain/operations/limits.ts,
 * the legacy v2 schema in contract/operations.ts) and the portal (the plan page's form and drawing checks,
 * the LAANC section). Pure and without zod, so the plan page loads it without the contract's schemas
 * (docs/portal-delivery.md).
 */

/** Largest operation area, square statute miles. */
export const MAX_AREA_SQ_MI = 10;
/** Longest side of an operation's polygon (an edge of its ring), nautical miles. */
export const MAX_SIDE_NM = 10;
/** A flight's duration, whole minutes. */
export const DURATION_MINUTES = { min: 1, max: 720 } as const;
/** 14 CFR 107.51(b) and spec section 8: an operation flies 5 to 400 ft above the ground. */
export const ALTITUDE_FT = { min: 5, max: 400 } as const;
/**
 * A platform operation starts at most this many days ahead: LAANC's limit for Part 107 requests
 * (domain.md), applied to every operation so that nothing is planned (and kept) years out.
 */
export const OPERATION_MAX_DAYS_AHEAD = 90;
/** A platform operation's window (startTime to endTime) is at most this many days long. */
export const OPERATION_MAX_DAYS_LONG = 90;

/** What is wrong with a platform operation's window on the service's clock, naming the field; null when fine. */
export function operationWindowProblem(startMs: number, endMs: number, nowMs: number): { field: 'startTime' | 'endTime'; message: string } | null {
  const day = 86_400_000;
  if (startMs > nowMs + OPERATION_MAX_DAYS_AHEAD * day) return { field: 'startTime', message: `must be at most ${OPERATION_MAX_DAYS_AHEAD} days ahead (LAANC's limit)` };
  if (endMs - startMs > OPERATION_MAX_DAYS_LONG * day) return { field: 'endTime', message: `must be at most ${OPERATION_MAX_DAYS_LONG} days after startTime` };
  return null;
}
