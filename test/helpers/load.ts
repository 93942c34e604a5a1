/**
 * How a test allows for the machine's load. Speed itself is measured in `npm run bench`, never here.
 * - `machineSlowdown()`: how much slower than an idle machine this one runs now (1 when idle): the
 *   1-minute load average per core. Tests that depend on a time budget scale it by this.
 * - `loadFactor()`: bounds for tests that watch a listening service stay responsive. The bounds are the
 *   issue's on a machine with a core to spare. The test runner itself runs two files at once on this
 *   2-core machine, so a bound never drops below twice the issue's, and grows with the load per core
 *   beyond that. Such a bound still tells a frozen process (the QA report's freezes were 6.6 s and a
 *   60 s exit) from a busy one.
 * It imports nothing of the service: the route tests' budgets and pool warm-up live in
 * server/routes/route/test-helpers.ts.
 */
import { availableParallelism, loadavg } from 'node:os';

export function machineSlowdown(): number {
  return Math.max(1, loadavg()[0]! / availableParallelism());
}

export function loadFactor(): number {
  return Math.max(2, machineSlowdown());
}

export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
