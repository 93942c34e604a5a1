/**
 * The first deep basemap tile after a start builds its parts (the urban areas' model, lakes, land,
 * borders, labels, the airfields' read: seconds of CPU). Nothing else may wait behind that: while it is
 * cut, the main thread keeps answering /livez and airspace tiles (docs/perf.md, "Cold tiles off the
 * event loop"). The bound is the time of a free event loop scaled for the machine's load; building the
 * lakes' part alone held the loop ~1.2 s on a quiet machine when the main thread cut the tile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { loadFactor } from '../../../test/helpers/load';
import { lonLatToTile } from '../../tiles/tile-coords';
import { FIXTURE_NOW, KSEA, fixtureDataset } from './tiles.fixture';
import { decodeTile, responseBytes } from './tiles.test-helpers';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ dataset: fixtureDataset(), now: FIXTURE_NOW });
});
afterAll(() => svc.close());

const at = (source: string, z: number, [lon, lat]: readonly [number, number]) => {
  const t = lonLatToTile(lon, lat, z);
  return `/tiles/${source}/${t.z}/${t.x}/${t.y}.pbf`;
};

describe('the first deep basemap tile after a start', () => {
  it('keeps the event loop free: /livez and airspace tiles answer while it is cut', async () => {
    const bound = 250 * loadFactor();
    // The longest the event loop was held, seen by a timer that should fire every 10 ms.
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);

    const started = performance.now();
    let basemapDone = false;
    const basemap = svc.call('GET', at('basemap', 12, KSEA)).then((r) => {
      basemapDone = true;
      return r;
    });
    const answers: Array<{ what: string; ms: number; status: number }> = [];
    let airspaceSeen = false;
    while (!basemapDone) {
      for (const what of ['/livez', at('airspace', 12, KSEA)]) {
        const t = performance.now();
        const r = await svc.call('GET', what);
        await r.arrayBuffer();
        answers.push({ what, ms: performance.now() - t, status: r.status });
        if (what.includes('airspace') && r.status === 200) airspaceSeen = true;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    clearInterval(timer);
    const tile = await basemap;
    const tookMs = performance.now() - started;

    expect(tile.status).toBe(200);
    const layers = decodeTile(await responseBytes(tile));
    // A city-zoom tile of Seattle: land, the urban area and SEA's runways all come from the deep parts.
    expect(Object.keys(layers)).toEqual(expect.arrayContaining(['land', 'aeroway', 'landuse']));
    // The tile took long enough for the check to mean something (the parts were built for it).
    expect(answers.length, `the tile took ${tookMs.toFixed(0)} ms`).toBeGreaterThan(2);
    expect(airspaceSeen).toBe(true);
    for (const a of answers) {
      expect(a.status, a.what).toBe(200);
      expect(a.ms, `${a.what} while the basemap tile was cut (bound ${bound} ms)`).toBeLessThan(bound);
    }
    expect(longestGap, `the event loop was held (bound ${bound} ms)`).toBeLessThan(bound);
  }, 300_000);
});
