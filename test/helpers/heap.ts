import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's collector, exposed at run time (tests that measure heap bytes a structure holds). */
export function exposedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Heap in use after two full collections (the second takes what the first's finalizers let go). */
export function heapAfterGc(gc: () => void = exposedGc()): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
