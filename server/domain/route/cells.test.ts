/**
 * The bulk cell judgement against the engine run on every cell, on the dense facility-map grids of
 * Seattle (Boeing Field and Sea-Tac, hand-made at real places): same verdict for every hexagon, with
 * and without controlled airspace allowed, and near modelled (sandbox) airspace; far fewer engine runs.
 */
import type { Polygon } from 'geojson';
import { cellToBoundary, gridDisk, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import type { DatasetFile } from '../../data/model';
import { bbox } from '@turf/turf';
import { assessArea, type GroundProvider } from '../briefing';
import { separationNm } from '../briefing/geometry';
import { fixtureFile, NOW } from '../briefing/fixtures';
import { CellJudge } from './cells';
import { judge, type ConstraintOptions } from './constraints';
import { planRoute, searchRegion } from './plan';

const hexOf = (cell: string): Polygon => ({ type: 'Polygon', coordinates: [cellToBoundary(cell, true)] });
/** A block of 469 hexagons at resolution 9 around Boeing Field: grid squares of several ceilings, two facilities, Class B and D. */
const block = gridDisk(latLngToCell(47.53, -122.3, 9), 12);
const region = searchRegion([[-122.36, 47.49], [-122.24, 47.57]], 9).box;
/** North of Boeing Field, where most hexagons lie outside the grids but within a mile of them. */
const north = gridDisk(latLngToCell(47.62, -122.3, 9), 12);
const northRegion = searchRegion([[-122.36, 47.58], [-122.24, 47.66]], 9).box;

/** The sandbox's own sources are "modelled" (model-margin.ts): the same shapes under a sandbox source id. */
function modelled(file: DatasetFile): Dataset {
  const id = 'sandbox-test-model';
  return new Dataset({ ...file, sources: [...file.sources, { ...file.sources[0]!, id }], features: file.features.map((f) => (f.layer === 'uasfm' || f.layer === 'class_airspace' ? { ...f, sourceId: id } : f)) });
}

function compare(ds: Dataset, opts: ConstraintOptions, cells = block, box = region) {
  const bulk = new CellJudge(ds, box, opts);
  let blocked = 0;
  for (const cell of cells) {
    const got = bulk.verdict(cell), want = judge(ds, hexOf(cell), opts);
    expect({ ...got, blocker: got.blocker && { ...got.blocker, id: '' } }, cell).toEqual({ ...want, blocker: want.blocker && { ...want.blocker, id: '' } });
    if (!got.blocker) continue;
    blocked++;
    // Where the engine named another square of the same facility and ceiling, the bulk names one this hexagon touches.
    if (got.blocker.id !== want.blocker!.id) expect(separationNm(hexOf(cell), ds.get(got.blocker.id)!, 1)).toBe(0);
  }
  return { engineRuns: bulk.engineRuns, blocked };
}

const base = { now: NOW, start: NOW, maxAltitudeFt: 200 };

describe('bulk cell judgement', () => {
  it('gives every hexagon of a dense grid the engine verdict, controlled airspace not allowed, with few engine runs', () => {
    const { engineRuns, blocked } = compare(new Dataset(fixtureFile()), { ...base, allowControlled: false });
    expect(blocked).toBeGreaterThan(200); // the block lies mostly in the grids: they block
    expect(engineRuns).toBeLessThan(block.length / 5);
  });

  it('does so with LAANC airspace allowed (LAANC facilities per hexagon) and at a lower altitude', () => {
    compare(new Dataset(fixtureFile()), { ...base, allowControlled: true });
    compare(new Dataset(fixtureFile()), { ...base, maxAltitudeFt: 50, allowControlled: true });
  });

  it('does so near modelled airspace, where the model margin decides outside the grids', () => {
    const ds = modelled(fixtureFile());
    const byMargin = north.filter((cell) => assessArea(ds, hexOf(cell), base).some((e) => e.modelMargin)).length;
    expect(byMargin).toBeGreaterThan(100);
    const { blocked } = compare(ds, { ...base, allowControlled: false }, north, northRegion);
    expect(blocked).toBeGreaterThan(byMargin);
    compare(ds, { ...base, allowControlled: true }, north, northRegion);
  });

  it('does so over an imported DEM whose ground varies from hexagon to hexagon, still in bulk (audit 2026-11-28)', () => {
    // Terraces rising eastward from 500 to 3,500 ft MSL in 0.02° steps, complete west of -122.3, partial east of
    // it: the Class B shelves (MSL floors) come within reach of some hexagons and not of others. (The route
    // handler's provider answers the region's highest ground for every hexagon: one value, the fewest runs.)
    const ramp: GroundProvider = (area) => {
      const [, , e] = bbox(area);
      return { maxFt: 500 + 1000 * Math.floor((e + 122.36) / 0.02), source: 'dem:terraces', complete: e < -122.3 };
    };
    const ds = new Dataset(fixtureFile());
    const withDem = { ...base, maxAltitudeFt: 400, groundMaxFt: ramp };
    const controlledCounts = (cell: string) => assessArea(ds, hexOf(cell), withDem).some((e) => e.controlled && e.features.some((f) => f.lower?.reference === 'MSL'));
    expect(block.filter(controlledCounts).length).toBeGreaterThan(10);
    const { engineRuns } = compare(ds, { ...withDem, allowControlled: false });
    compare(ds, { ...withDem, allowControlled: true });
    expect(engineRuns).toBeLessThan(block.length / 2);
  });

  it('plans the same route as the engine cell by cell, with a fraction of the engine runs', () => {
    const ds = new Dataset(fixtureFile());
    const req = { positions: [[-122.33, 47.5], [-122.27, 47.56]], maxAltitudeFt: 200, allowControlled: true, density: () => 0, briefing: { now: NOW, start: NOW }, resolution: 9 };
    const bulk = planRoute(ds, req), perCell = planRoute(ds, { ...req, bulk: false });
    expect(bulk.coordinates).toEqual(perCell.coordinates);
    expect(bulk.laancFacilities).toEqual(['BFI']);
    expect(bulk.laancFacilities).toEqual(perCell.laancFacilities);
    expect(bulk.judged * 5).toBeLessThan(perCell.judged);
  });
});
