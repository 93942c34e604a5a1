/**
 * Generate Route: the A* search against a plain Dijkstra over the same cells, judged by the same
 * engine, in the same run (docs/route.md). Hand-made fixture datasets at real places, so the figures
 * do not depend on the sandbox generator. The ratio is what to read.
 */
import type { Position } from 'geojson';
import { Dataset } from '../server/data/dataset';
import { datasetFile } from '../server/domain/briefing/fixtures/build';
import { fixtureDataset, NOW } from '../server/domain/briefing/fixtures';
import { nationwide } from '../server/domain/briefing/fixtures/nationwide';
import { planRoute, RouteBlockedError } from '../server/domain/route/plan';
import { populationModel } from '../server/domain/surface/population-model';
import { ms, percentile, row, sample } from './stats';

interface Case {
  name: string;
  ds: Dataset;
  positions: Position[];
  allowControlled?: boolean;
}

export function benchRoute(): string[] {
  const model = populationModel();
  const density = (cell: string) => model.cellDensity(cell);
  const p56 = new Dataset(datasetFile(nationwide.filter((f) => f.id.startsWith('sua:P-56'))));
  const fixture = fixtureDataset();
  const cases: Case[] = [
    { name: 'Kansas, Class G, 12 km', ds: fixture, positions: [[-99.1, 38.0], [-98.98, 38.05]] },
    { name: 'around P-56, 8 km', ds: p56, positions: [[-77.075, 38.892], [-76.985, 38.892]] },
    { name: 'Seattle, LAANC allowed', ds: fixture, positions: [[-122.45, 47.38], [-122.2, 47.55]], allowControlled: true },
  ];
  const lines = ['Generate Route: A* (great-circle heuristic) against plain Dijkstra over the same cells, same run', row(['route', 'res', 'cells', 'A* expanded', 'Dijkstra expanded', 'A* p50 ms', 'Dijkstra p50 ms', 'ratio'])];
  for (const c of cases) {
    const run = (heuristic: boolean) => planRoute(c.ds, { positions: c.positions, maxAltitudeFt: 200, allowControlled: c.allowControlled ?? false, briefing: { now: NOW, start: NOW }, density, heuristic });
    let a, d;
    try {
      a = run(true);
      d = run(false);
    } catch (e) {
      if (!(e instanceof RouteBlockedError)) throw e;
      lines.push(row([c.name, '-', '-', '-', '-', '-', '-', `blocked: ${e.message.slice(0, 60)}`]));
      continue;
    }
    const reps = [1, 2, 3, 4, 5];
    const ta = sample(reps, () => run(true)), td = sample(reps, () => run(false));
    const pa = percentile(ta, 50), pd = percentile(td, 50);
    lines.push(row([c.name, a.resolution, a.cells, a.expanded, d.expanded, ms(pa), ms(pd), `${(pd / Math.max(pa, 1e-3)).toFixed(1)}x faster`]));
  }
  return lines;
}
