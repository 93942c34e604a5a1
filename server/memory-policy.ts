/**
 * How far V8 lets the heap grow past what is live. After each full collection V8 sets the next limit at
 * the live size times a factor it picks from the allocation rate: up to 4× under load. The service's live
 * heap is mostly the airspace dataset (~170 MB on the national sandbox), so under load the heap grew to
 * 500–600 MB of mostly garbage and resident memory past 1.2 GB (docs/perf.md, "Memory"). A fixed factor of
 * 1.25 costs more frequent collections and keeps the throughput (measured in the same doc); it is
 * process-wide, so the worker threads follow it too.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 25;

/** The V8 flag this policy sets. */
export const HEAP_GROWING_FLAG = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;

/**
 * Sets the heap's growing factor, unless the operator chose one (node flag or NODE_OPTIONS). Called
 * first thing at start (server/index.ts), before the dataset is read. Returns the flag set, or null.
 */
export function applyMemoryPolicy(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? '', set = setFlagsFromString): string | null {
  if ([...execArgv, nodeOptions].some((a) => a.includes('--heap-growing-percent'))) return null;
  set(HEAP_GROWING_FLAG);
  return HEAP_GROWING_FLAG;
}
