/**
 * The work the surface pool does off the event loop: H3 cells and the population model, which need no
 * airspace dataset. Plain data in (a geometry, numbers), plain data out (a finished JSON body, or the
 * cells as two Uint32Arrays and their densities as a Float64Array), so nothing but these crosses threads.
 * Pure: the worker (surface-worker.ts) and the tests call runSurfaceTask directly.
 */
import { h3IndexToSplitLong, splitLongToH3Index } from 'h3-js';
import type { Geometry } from '../contract/common';
import type { Uav } from '../contract/surface';
import { Budget, BudgetExceededError, TIMED_OUT_MESSAGE } from '../domain/budget';
import { MAX_RESPONSE_BYTES } from '../domain/geometry/limits';
import { cellPolygon, cellsFor } from '../domain/surface/cells';
import { densityClass } from '../domain/surface/density';
import { InvalidSurfaceValueError, RequestTooLargeError } from '../domain/surface/errors';
import { groundTypeFeature, type CellDensity } from '../domain/surface/ground-type';
import { populationModel, type PopulationModel } from '../domain/surface/population-model';
import { groundRiskFeatureProperties, groundSummary } from '../domain/surface/risk';

interface TaskBase {
  geometry: Geometry;
  resolution: number;
  /** Date.now() when the request's handler started, and its budget from then (ms). */
  start: number;
  budgetMs: number;
  /** Most cells (default the surface routes' MAX_CELLS); Generate Route's region allows for its estimate's error. */
  maxCells?: number | undefined;
}

export type SurfaceTask =
  /** Spec 4.12: the whole answer. */
  | (TaskBase & { kind: 'groundType' })
  /** Get Hazard Ground Risk: the whole answer. */
  | (TaskBase & { kind: 'groundRisk'; uav?: Uav | undefined })
  /** The cells with their modelled density, for routes that go on with the dataset on the main thread. */
  | (TaskBase & { kind: 'cellDensities' })
  /** The cells alone. */
  | (TaskBase & { kind: 'cells' });

export interface PackedCells {
  high: Uint32Array;
  low: Uint32Array;
  densities?: Float64Array | undefined;
}

export interface TaskFailure {
  status: 408 | 422;
  message: string;
  details?: unknown;
}

/** `started` (cells only): when the worker began the task, so the main thread's part of the request counts from there, not from before a cold worker start. */
export type SurfaceTaskResult = { json: string } | { cells: PackedCells; started?: number } | { failure: TaskFailure };

export function packCells(cells: readonly string[], densities?: readonly number[]): PackedCells {
  const high = new Uint32Array(cells.length);
  const low = new Uint32Array(cells.length);
  cells.forEach((c, i) => {
    const [lo, hi] = h3IndexToSplitLong(c);
    low[i] = lo;
    high[i] = hi;
  });
  return { high, low, ...(densities ? { densities: Float64Array.from(densities) } : {}) };
}

export function unpackCells(p: PackedCells): string[] {
  const out = new Array<string>(p.low.length);
  for (let i = 0; i < p.low.length; i++) out[i] = splitLongToH3Index(p.low[i]!, p.high[i]!);
  return out;
}

export function unpackCellDensities(p: PackedCells): CellDensity[] {
  const d = p.densities ?? new Float64Array(p.low.length);
  return unpackCells(p).map((cell, i) => ({ cell, popPerSqKm: d[i]!, density: densityClass(d[i]!) }));
}

/** The body as the app would send it, refused past MAX_RESPONSE_BYTES (408 on the surface family). */
function body(data: unknown): SurfaceTaskResult {
  const json = JSON.stringify({ statusCode: 200, message: 'success', data });
  if (json.length <= MAX_RESPONSE_BYTES) return { json };
  const message = `the answer would be ${json.length} bytes; at most ${MAX_RESPONSE_BYTES} are sent: reduce the area, the resolution or the layers`;
  return { failure: { status: 408, message: TIMED_OUT_MESSAGE, details: [{ rule: 'max_response_bytes', message, limit: MAX_RESPONSE_BYTES, actual: json.length }] } };
}

/** Cells per density call between budget checks: the model groups cells by parent, so chunks stay large. */
const DENSITY_CHUNK = 2_048;

function densitiesOf(cells: string[], model: PopulationModel, budget: Budget): number[] {
  const values: number[] = [];
  for (let i = 0; i < cells.length; i += DENSITY_CHUNK) {
    budget.check();
    values.push(...model.cellDensities(cells.slice(i, i + DENSITY_CHUNK)));
  }
  budget.check();
  return values;
}

function run(task: SurfaceTask, budget: Budget, model: () => PopulationModel): SurfaceTaskResult {
  budget.check(); // the time spent waiting for a worker counts
  const cells = cellsFor(task.geometry, task.resolution, task.maxCells);
  if (task.kind === 'cells') return { cells: packCells(cells) };
  const values = densitiesOf(cells, model(), budget);
  if (task.kind === 'cellDensities') return { cells: packCells(cells, values) };
  const densities: CellDensity[] = cells.map((cell, i) => ({ cell, popPerSqKm: values[i]!, density: densityClass(values[i]!) }));
  if (task.kind === 'groundType') return body(densities.map(groundTypeFeature));
  const features = densities.map((c) => ({ type: 'Feature' as const, id: c.cell, geometry: cellPolygon(c.cell), properties: groundRiskFeatureProperties(c, task.uav) }));
  budget.check();
  return body({ ...groundSummary(densities, task.uav), features });
}

/**
 * Runs one task; the surface domain's errors come back as plain failures (Error subclasses lose their
 * class crossing a thread). `readyAt` is when this worker finished loading: time spent starting a worker
 * (the population model takes seconds to build) is not charged to the request.
 */
export function runSurfaceTask(task: SurfaceTask, readyAt = 0, model: () => PopulationModel = populationModel): SurfaceTaskResult {
  const started = Math.max(task.start, readyAt);
  const budget = new Budget('request', task.budgetMs, started);
  try {
    const out = run(task, budget, model);
    return 'cells' in out ? { ...out, started } : out;
  } catch (e) {
    if (e instanceof BudgetExceededError) return { failure: budgetFailure(e) };
    if (e instanceof RequestTooLargeError) return { failure: { status: 408, message: e.message } };
    if (e instanceof InvalidSurfaceValueError) {
      return { failure: { status: 422, message: e.message, ...(e.field ? { details: [{ field: `body.${e.field}`, rule: 'custom', message: e.message }] } : {}) } };
    }
    throw e;
  }
}

/** A 408 naming the budget that ran out. */
export function budgetFailure(e: BudgetExceededError): TaskFailure {
  const message = `the ${e.budget} time budget of ${e.limitMs} ms ran out after ${e.elapsedMs} ms`;
  return { status: 408, message: TIMED_OUT_MESSAGE, details: [{ rule: 'time_budget', budget: e.budget, limit: e.limitMs, actual: e.elapsedMs, message }] };
}

/** A task's outcome in a batch: its result, or an unexpected error as text (one task's fault must not fail the others). */
export type BatchOutcome = SurfaceTaskResult | { error: string };

/**
 * Answers kept by a batch before it returns early: a batch's answers cross to the main thread together,
 * so past this the rest waits for the next batch instead of holding many large answers at once.
 */
export const BATCH_BYTES = 4_000_000;

/** The answer's size as it crosses threads (a JSON body's length, or the packed arrays' bytes). */
function sizeOf(r: SurfaceTaskResult): number {
  if ('json' in r) return r.json.length;
  if ('cells' in r) return r.cells.high.byteLength * 2 + (r.cells.densities?.byteLength ?? 0);
  return 0;
}

/**
 * Time a batch keeps running before it returns: an answer finished early waits for the batch's end, so
 * past this the rest waits for the next batch (a task started before it still runs to its end).
 */
export const BATCH_MS = 50;

/**
 * Several tasks in one message (surface-pool.ts sends what waits while the workers are busy): each runs
 * with its own budget, in order. Returns the outcomes of the tasks it ran: fewer than sent when their
 * answers reached BATCH_BYTES or the batch ran BATCH_MS (the pool sends the rest again).
 */
export function runSurfaceBatch(
  tasks: readonly SurfaceTask[],
  readyAt = 0,
  model: () => PopulationModel = populationModel,
  limits: { bytes: number; ms: number } = { bytes: BATCH_BYTES, ms: BATCH_MS },
): BatchOutcome[] {
  const out: BatchOutcome[] = [];
  const began = Date.now();
  let bytes = 0;
  for (const task of tasks) {
    if (out.length > 0 && (bytes >= limits.bytes || Date.now() - began >= limits.ms)) break;
    try {
      const r = runSurfaceTask(task, readyAt, model);
      bytes += sizeOf(r);
      out.push(r);
    } catch (e) {
      out.push({ error: e instanceof Error ? e.message : String(e) });
    }
  }
  return out;
}
