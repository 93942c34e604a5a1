import { describe, expect, it } from 'vitest';
import type { Geometry } from '../contract/common';
import { GroundRiskResponseSchema, GroundTypeResponseSchema } from '../contract/surface';
import { cellsFor } from '../domain/surface/cells';
import { cellDensities, groundType } from '../domain/surface/ground-type';
import { modelOf } from '../domain/surface/population-model';
import { groundRiskCells, groundSummary } from '../domain/surface/risk';
import { packCells, runSurfaceBatch, runSurfaceTask, unpackCellDensities, unpackCells, type SurfaceTask } from './surface-tasks';

// A small model (two towns) keeps these tests free of the national model's build time.
const model = modelOf([{ lat: 47.6, lon: -122.33, population: 700_000 }, { lat: 47.25, lon: -122.44, population: 200_000 }]);
const area: Geometry = { type: 'Polygon', coordinates: [[[-122.36, 47.58], [-122.3, 47.58], [-122.3, 47.62], [-122.36, 47.62], [-122.36, 47.58]]] };
const task = (over: Partial<SurfaceTask> & Pick<SurfaceTask, 'kind'>): SurfaceTask => ({ geometry: area, resolution: 8, start: Date.now(), budgetMs: 2_500, ...over }) as SurfaceTask;
const run = (t: SurfaceTask, readyAt = 0) => runSurfaceTask(t, readyAt, () => model);

describe('surface tasks (what the worker runs)', () => {
  it('groundType: the finished envelope, equal to the domain function and to the contract', () => {
    const out = run(task({ kind: 'groundType' }));
    if (!('json' in out)) throw new Error(JSON.stringify(out));
    const body = JSON.parse(out.json) as unknown;
    expect(body).toEqual({ statusCode: 200, message: 'success', data: groundType(area, 8, model) });
    expect(GroundTypeResponseSchema.safeParse(body).success).toBe(true);
  });

  it('groundRisk: the summary and one feature per cell, as the contract says', () => {
    const out = run(task({ kind: 'groundRisk', uav: undefined }));
    if (!('json' in out)) throw new Error(JSON.stringify(out));
    const body = JSON.parse(out.json) as { data: { cells: number; features: unknown[] } };
    expect(GroundRiskResponseSchema.safeParse(body).success).toBe(true);
    expect(body.data).toMatchObject(groundSummary(groundRiskCells(area, 8, model)));
    expect(body.data.features).toHaveLength(body.data.cells);
  });

  it('cells and densities travel packed in typed arrays and come back the same', () => {
    const out = run(task({ kind: 'cellDensities' }));
    if (!('cells' in out)) throw new Error(JSON.stringify(out));
    expect(out.cells.low).toBeInstanceOf(Uint32Array);
    expect(out.cells.densities).toBeInstanceOf(Float64Array);
    expect(unpackCellDensities(out.cells)).toEqual(cellDensities(cellsFor(area, 8), model));
    const cells = cellsFor(area, 9);
    expect(unpackCells(packCells(cells))).toEqual(cells);
  });

  it('a task that waited past its budget is refused with 408 naming the request budget, without work', () => {
    const out = run(task({ kind: 'groundType', start: Date.now() - 5_000 }));
    expect(out).toEqual({ failure: expect.objectContaining({ status: 408, message: 'request timed out; reduce the size of the request' }) });
    if (!('failure' in out)) return;
    expect(out.failure.details).toEqual([expect.objectContaining({ rule: 'time_budget', budget: 'request', limit: 2_500 })]);
  });

  it('time spent starting the worker is not charged to the request', () => {
    const start = Date.now() - 5_000;
    expect('json' in run(task({ kind: 'groundType', start }), Date.now())).toBe(true);
    // Nor to the main thread's part after it: cells come back with when the worker began.
    const readyAt = Date.now();
    const out = run(task({ kind: 'cellDensities', start }), readyAt);
    expect('cells' in out && out.started).toBe(readyAt);
  });

  it('too many cells answers 408 and an invalid geometry 422 naming the field, as plain data', () => {
    const big: Geometry = { type: 'Polygon', coordinates: [[[-123, 47], [-122, 47], [-122, 48], [-123, 48], [-123, 47]]] };
    expect(run(task({ kind: 'groundType', geometry: big, resolution: 10 }))).toEqual({ failure: { status: 408, message: 'request timed out; reduce the size of the request' } });
    const bowTie: Geometry = { type: 'Polygon', coordinates: [[[-122.36, 47.58], [-122.3, 47.62], [-122.3, 47.58], [-122.36, 47.62], [-122.36, 47.58]]] };
    const out = run(task({ kind: 'cells', geometry: bowTie }));
    expect(out).toEqual({ failure: expect.objectContaining({ status: 422, details: [expect.objectContaining({ field: 'body.geometry' })] }) });
  });

  it('a batch answers each task as alone, each with its own budget', () => {
    const tasks = [task({ kind: 'groundType' }), task({ kind: 'groundType', start: Date.now() - 5_000 }), task({ kind: 'cellDensities', resolution: 9 }), task({ kind: 'cells' })];
    const outs = runSurfaceBatch(tasks, 0, () => model, { bytes: Infinity, ms: 60_000 });
    expect(outs).toHaveLength(4);
    expect(outs[0]).toEqual(run(tasks[0]!));
    expect(outs[1]).toEqual({ failure: expect.objectContaining({ status: 408 }) });
    expect(outs[2]).toEqual(run(tasks[2]!));
    expect(outs[3]).toEqual(run(tasks[3]!));
  });

  it('a batch stops once its answers reach the size bound, leaving the rest to be sent again', () => {
    const tasks = [task({ kind: 'groundType' }), task({ kind: 'groundType' }), task({ kind: 'groundType' })];
    const one = run(tasks[0]!);
    if (!('json' in one)) throw new Error(JSON.stringify(one));
    const noTimeLimit = 60_000;
    expect(runSurfaceBatch(tasks, 0, () => model, { bytes: one.json.length, ms: noTimeLimit })).toHaveLength(1);
    expect(runSurfaceBatch(tasks, 0, () => model, { bytes: one.json.length + 1, ms: noTimeLimit })).toHaveLength(2);
    expect(runSurfaceBatch(tasks, 0, () => model, { bytes: Infinity, ms: noTimeLimit })).toHaveLength(3);
  });

  it('a batch stops once it has run its time, so an early answer does not wait long for the others', () => {
    const tasks = [task({ kind: 'groundType' }), task({ kind: 'groundType' })];
    // A time limit of 0 ms is always reached after the first task: one outcome, whatever the machine's speed.
    expect(runSurfaceBatch(tasks, 0, () => model, { bytes: Infinity, ms: 0 })).toHaveLength(1);
  });

  it("one task's unexpected error is its own: the others in the batch still run", () => {
    let calls = 0;
    const flaky = () => {
      calls += 1;
      if (calls === 1) throw new Error('the model broke');
      return model;
    };
    const outs = runSurfaceBatch([task({ kind: 'groundType' }), task({ kind: 'groundType' })], 0, flaky, { bytes: Infinity, ms: 60_000 });
    expect(outs[0]).toEqual({ error: 'the model broke' });
    expect(outs[1]).toEqual(run(task({ kind: 'groundType' })));
  });
});
