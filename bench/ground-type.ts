/** groundType on a 10 sq mi area at resolutions 7 to 10, against h3's own polygon fill of the same area (baseline). */
import { polygonToCells } from 'h3-js';
import type { Polygon } from 'geojson';
import { groundType } from '../server/domain/surface/ground-type';
import { populationModel } from '../server/domain/surface/population-model';
import { ms, percentile, row, sample } from './stats';

export function benchGroundType(): string[] {
  const lat = 40.754, lon = -73.984; // midtown Manhattan: the densest model lookups
  const d = Math.sqrt(10 * 2.589988) / 2 / 111.32;
  const e = d / Math.cos((lat * Math.PI) / 180);
  const area: Polygon = { type: 'Polygon', coordinates: [[[lon - e, lat - d], [lon + e, lat - d], [lon + e, lat + d], [lon - e, lat + d], [lon - e, lat - d]]] };
  const t0 = performance.now();
  populationModel();
  const build = performance.now() - t0;
  const lines = [`groundType, 10 sq mi over midtown Manhattan (population model built once in ${ms(build)} ms)`, row(['resolution', 'cells', 'p50 ms', 'h3 fill p50 ms', 'ratio'])];
  for (const res of [7, 8, 9, 10]) {
    const reps = Array.from({ length: res >= 10 ? 10 : 30 }, () => res);
    const gt = sample(reps, (r) => groundType(area, r));
    const fill = sample(reps, (r) => polygonToCells(area.coordinates[0]!.map(([x, y]) => [y!, x!]), r));
    const cells = groundType(area, res).length;
    lines.push(row([String(res), cells, ms(percentile(gt, 50)), ms(percentile(fill, 50)), `${(percentile(gt, 50) / Math.max(percentile(fill, 50), 1e-3)).toFixed(1)}x`]));
  }
  return lines;
}
