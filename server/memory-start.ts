/**
 * The memory policy's settings for the whole start (memory-policy.ts), set when this module is evaluated:
 * server/index.ts imports it first, so that it runs before any other module's top-level code. Module
 * evaluation alone made the young generation grow to 16 MB when the settings came from index.ts's own
 * body (traced: 1 → 4 → 16 MB before the modules had loaded).
 */
import { applyMemoryPolicy, holdYoungGenerationForStart } from './memory-policy';

// How far the heap grows past what is live, for the process's life.
applyMemoryPolicy();

/** Lets the young generation grow again: called once the start's work is done (server/index.ts). */
export const releaseYoungGeneration = holdYoungGenerationForStart();
