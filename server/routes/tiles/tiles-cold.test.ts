// @isolated-modules: the first tile after a start, with no basemap part built yet.
/**
 * The first deep basemap tile after a start builds its parts (the urban areas' model, lakes, land,
 * borders, labels, the airfields' read: seconds of CPU). Nothing else may wait behind that: it is cut off
 * the main thread, which keeps answering /livez and airspace tiles meanwhile (docs/perf.md, "Cold tiles
 * off the event loop"). What is asserted is what the design guarantees, counted, not a wall-clock bound
 * (those flaked under load in CI): the main thread built none of the deep parts, and it answered several
 * requests, one after another, while the tile was cut (cut on the main thread, the first /livez waited
 * for the whole cut: two answers in all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { basemapTiles, OVERVIEW_MAXZOOM } from '../../tiles/basemap';
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
    const tile = await basemap;
    const tookMs = performance.now() - started;

    expect(tile.status).toBe(200);
    const layers = decodeTile(await responseBytes(tile));
    // A city-zoom tile of Seattle: land, the urban area and SEA's runways all come from the deep parts.
    expect(Object.keys(layers)).toEqual(expect.arrayContaining(['land', 'aeroway', 'landuse']));
    // Other requests were answered, one after another, while the tile was cut.
    expect(answers.length, `answers while the tile was cut (it took ${tookMs.toFixed(0)} ms)`).toBeGreaterThan(2);
    expect(airspaceSeen).toBe(true);
    for (const a of answers) expect(a.status, `${a.what} (${a.ms.toFixed(0)} ms)`).toBe(200);
    // None of the parts the tile is cut from was built on the main thread (they are the worker's).
    const set = basemapTiles();
    const drawn = set.partsAt(12);
    expect(drawn.filter((p) => p.minzoom > OVERVIEW_MAXZOOM).length).toBeGreaterThan(0);
    expect(drawn.filter((p) => set.isBuilt(p)).map((p) => `${p.layer}@${p.minzoom}`)).toEqual([]);
  }, 300_000);
});
