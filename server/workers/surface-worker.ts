/**
 * The surface pool's worker thread (piscina): builds the population model once when it starts, then
 * runs batches of tasks (surface-tasks.ts). Bundled by scripts/build-server.mjs to dist/server/surface-worker.js;
 * from sources it is loaded through surface-worker.dev.mjs, which registers tsx first.
 */
import { populationModel } from '../domain/surface/population-model';
import { runSurfaceBatch, type BatchOutcome, type SurfaceTask } from './surface-tasks';

populationModel();
const readyAt = Date.now();

export default function surfaceWorker(tasks: SurfaceTask[]): BatchOutcome[] {
  return runSurfaceBatch(tasks, readyAt);
}
