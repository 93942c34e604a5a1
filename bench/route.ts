/**
 * Generate Route: the A* search with its cells judged in bulk (now), and A* and a plain Dijkstra with
 * every cell judged by the engine on its own (before), in the same run (docs/route.md). Dijkstra per
 * cell is the baseline: the ratios to it are what to read. Hand-made fixture datasets at real places,
 * so the figures do not depend on the sandbox generator; the densities are computed once beforehand,
 * as the service's worker pool does, so only the main thread's work is timed.
 */
import type { Position } from 'geojson';
import { Dataset } from '../server/data/dataset';
import { datasetFile } from '../server/domain/briefing/fixtures/build';
import { fixtureDataset, NOW } from '../server/domain/briefing/fixtures';
import { nationwide } from '../server/domain/briefing/fixtures/nationwide';
import type { GroundMax } from '../server/domain/briefing';
import { planRoute, RouteBlockedError, routeRegion } from '../server/domain/route/plan';
import { cellsFor } from '../server/domain/surface/cells';
import { populationModel } from '../server/domain/surface/population-model';
import { ms, percentile, row, sample } from './stats';

interface Case {
  name: string;
  ds: Dataset;
  positions: Position[];
  allowControlled?: boolean;
  resolution?: number;
}

/** The region's densities computed once, as the service's worker pool does, so only the main thread's part is timed. */
function regionDensity(c: Case, model: ReturnType<typeof populationModel>): (cell: string) => number {
  const region = routeRegion({ positions: c.positions, ...(c.resolution ? { resolution: c.resolution } : {}) });
  const cells = cellsFor(region.polygon, region.resolution, 30_000);
  const values = model.cellDensities(cells);
  const byCell = new Map(cells.map((cell, i) => [cell, values[i]!]));
  return (cell) => byCell.get(cell) ?? Number.POSITIVE_INFINITY;
}

export function benchRoute(): string[] {
  const model = populationModel();
  const p56 = new Dataset(datasetFile(nationwide.filter((f) => f.id.startsWith('sua:P-56'))));
  const fixture = fixtureDataset();
  const cases: Case[] = [
    { name: 'Kansas, Class G, 12 km', ds: fixture, positions: [[-99.1, 38.0], [-98.98, 38.05]] },
    { name: 'around P-56, 8 km', ds: p56, positions: [[-77.075, 38.892], [-76.985, 38.892]] },
    { name: 'Seattle, LAANC allowed', ds: fixture, positions: [[-122.45, 47.38], [-122.2, 47.55]], allowControlled: true },
    { name: 'Sea-Tac to Boeing Field, res 10', ds: fixture, positions: [[-122.31, 47.43], [-122.3, 47.53]], allowControlled: true, resolution: 10 },
  ];
  const lines = [
    'Generate Route: A* with cells judged in bulk (now), A* and plain Dijkstra with every cell judged by the engine (before; Dijkstra is the baseline), same run',
    row(['route', 'res', 'cells', 'A* expanded', 'Dijkstra expanded', 'engine runs bulk', 'engine runs per cell', 'A* bulk p50 ms', 'A* per-cell p50 ms', 'Dijkstra p50 ms', 'ratios to Dijkstra']),
  ];
  for (const c of cases) {
    const density = regionDensity(c, model);
    const run = (heuristic: boolean, bulk: boolean) =>
      planRoute(c.ds, { positions: c.positions, maxAltitudeFt: 200, allowControlled: c.allowControlled ?? false, briefing: { now: NOW, start: NOW }, density, heuristic, bulk, ...(c.resolution ? { resolution: c.resolution } : {}) });
    let now, before, d;
    try {
      now = run(true, true);
      before = run(true, false);
      d = run(false, false);
    } catch (e) {
      if (!(e instanceof RouteBlockedError)) throw e;
      lines.push(row([c.name, '-', '-', '-', '-', '-', '-', '-', '-', '-', `blocked: ${e.message.slice(0, 60)}`]));
      continue;
    }
    const reps = [1, 2, 3];
    const pNow = percentile(sample(reps, () => run(true, true)), 50);
    const pBefore = percentile(sample(reps, () => run(true, false)), 50);
    const pD = percentile(sample(reps, () => run(false, false)), 50);
    const ratio = (x: number) => `${(pD / Math.max(x, 1e-3)).toFixed(1)}x`;
    lines.push(row([c.name, now.resolution, now.cells, now.expanded, d.expanded, now.judged, before.judged, ms(pNow), ms(pBefore), ms(pD), `bulk ${ratio(pNow)}, per-cell ${ratio(pBefore)}`]));
  }
  lines.push(...benchRouteDem(cases, model));
  return lines;
}

/**
 * The route over an imported DEM (docs/briefing-rules.md, "Audit 2026-11-28"): the handler passes the DEMs'
 * highest ground over the region (one value for every cell, as demGround answers), against the same route
 * with the DEM ignored (before) and with the DEM passed but every cell judged by the engine (the fix first
 * proposed, bulk off). 2,953 ft (900 m) of ground brings every MSL floor to the surface: the most features.
 */
function benchRouteDem(cases: Case[], model: ReturnType<typeof populationModel>): string[] {
  const lines = [
    'Generate Route over a DEM: ground ignored (before), the DEM ground in bulk (now), the DEM ground per cell (bulk off), same run',
    row(['route', 'ground ft', 'engine runs before', 'engine runs now', 'engine runs per cell', 'before p50 ms', 'now p50 ms', 'per-cell p50 ms', 'now / before', 'per-cell / before']),
  ];
  for (const c of cases) {
    const density = regionDensity(c, model);
    for (const groundFt of [520, 2953]) {
      const ground: GroundMax = { maxFt: groundFt, source: 'dem:bench', complete: true };
      const run = (dem: boolean, bulk: boolean) =>
        planRoute(c.ds, { positions: c.positions, maxAltitudeFt: 200, allowControlled: c.allowControlled ?? false, briefing: { now: NOW, start: NOW, ...(dem ? { groundMaxFt: () => ground } : {}) }, density, bulk, ...(c.resolution ? { resolution: c.resolution } : {}) });
      let before, now, perCell;
      try {
        before = run(false, true);
        now = run(true, true);
        perCell = run(true, false);
      } catch (e) {
        if (!(e instanceof RouteBlockedError)) throw e;
        lines.push(row([c.name, groundFt, '-', '-', '-', '-', '-', '-', '-', `blocked: ${e.message.slice(0, 60)}`]));
        continue;
      }
      const reps = [1, 2, 3, 4, 5];
      const pBefore = percentile(sample(reps, () => run(false, true)), 50);
      const pNow = percentile(sample(reps, () => run(true, true)), 50);
      const pPerCell = percentile(sample(reps, () => run(true, false)), 50);
      const ratio = (x: number) => `${(x / Math.max(pBefore, 1e-3)).toFixed(2)}x`;
      lines.push(row([c.name, groundFt, before.judged, now.judged, perCell.judged, ms(pBefore), ms(pNow), ms(pPerCell), ratio(pNow), ratio(pPerCell)]));
    }
  }
  return lines;
}
