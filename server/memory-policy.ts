/**
 * How far V8 lets the heap grow past what is live. After each full collection V8 sets the next limit at
 * the live size times a factor it picks from the allocation rate: up to 4× under load. The service's live
 * heap is mostly the airspace dataset (~170 MB on the national sandbox), so under load the heap grew to
 * 500–600 MB of mostly garbage and resident memory past 1.2 GB (docs/perf.md, "Memory"). A fixed factor of
 * 1.25 costs more frequent collections and keeps the throughput (measured in the same doc); it is
 * process-wide, so the worker threads follow it too.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

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

/**
 * One full collection now, once the start's work is done (the dataset read, the warm-up): the start
 * leaves its garbage (the 60 MB dataset file's parse, the tile parts' sources) in a heap grown to hold
 * it, and with little allocation afterwards V8 has no reason to collect and shrink it, so an idle service
 * kept ~50 MB of resident pages it did not use (docs/perf.md, "The basemap off the heap"). Runs once; a
 * full collection of the national sandbox's heap takes ~80 ms on a quiet machine. `gc` is exposed for
 * this call when the process was not started with --expose-gc. Returns whether a collection ran.
 */
export function collectOnce(): boolean {
  let gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('typeof gc === "function" ? gc : undefined') as (() => void) | undefined;
  }
  if (typeof gc !== 'function') return false;
  gc();
  return true;
}

/**
 * V8 shrinks its young generation (two semi-spaces, 16 MB each once a start's surviving allocations have
 * grown them: 32 MB resident and empty) only at a full collection that follows 5 s of low allocation (its
 * tracer's window); the collection after the warm-up follows the start's burst, so it kept them
 * (docs/perf.md, "Resident memory, fourth round"). A second collection this long after it, when the event
 * loop was mostly idle meanwhile, lets V8 shrink them to 1 MB. Holding them small through the start
 * instead was measured and not kept: the many more scavenges left glibc's arena larger.
 */
export const QUIET_COLLECTION_DELAY_MS = 5_500;
/** Above this share of the event loop busy during the wait the service is serving: V8 would not shrink, skip. */
export const QUIET_LOOP_UTILIZATION = 0.25;
/**
 * Set once they shrank: their first growth under load goes to V8's maximum at once, the size the start
 * left them at before. With V8's default factor (2) they grew back to 16 MB only under briefings (little
 * of a briefing survives) and the KBFI briefing read ~5 % more CPU in process.
 */
export const YOUNG_GROWTH_AFTER_SHRINK_FLAG = '--semi-space-growth-factor=16';

/** One more full collection once the service has been quiet a while (above); none when it was busy. Resolves to whether it ran. */
export function collectWhenQuiet(delayMs = QUIET_COLLECTION_DELAY_MS, set = setFlagsFromString): Promise<boolean> {
  const from = performance.eventLoopUtilization();
  return new Promise((resolve) => {
    setTimeout(() => {
      if (performance.eventLoopUtilization(from).utilization > QUIET_LOOP_UTILIZATION) return resolve(false);
      set(YOUNG_GROWTH_AFTER_SHRINK_FLAG);
      resolve(collectOnce());
    }, delayMs).unref();
  });
}

/**
 * glibc malloc settings for the service's environment (glibc reads them once, before `main`: they
 * belong to the start command, as in `npm start`, `npm run cluster` and the bench; docs/deploy.md).
 * - Two arenas, not eight per core: memory freed in one arena is never reused by another.
 * - Fixed mmap and trim thresholds (128 KiB, glibc's own starting values). By default glibc raises the
 *   mmap threshold to the largest block freed so far (up to 32 MiB): after the first scrypt (a token
 *   request, a sign-in: 16 MiB each, on libuv's threads) every later one comes out of an arena and stays
 *   resident once freed, as do the start's large parse and compile buffers. Fixed thresholds keep large
 *   blocks in their own mappings, returned when freed, and trim the arenas' tops (docs/perf.md,
 *   "Resident memory, third round": −50 MB after a warm start).
 */
export const MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/** The MALLOC_ENV settings this process was started without (an operator's own values count as set). */
export function mallocEnvMissing(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(MALLOC_ENV).filter((k) => env[k] === undefined || env[k] === '');
}
