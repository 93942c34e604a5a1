// @isolated-modules: sizes the one part cache, which other files would have filled.
/**
 * The first deep airspace tile after a start builds the facility-map grid and its labels (on the national
 * sandbox ~84,000 cells: 1.8 s of the main thread at load 15, docs/perf.md "The cached tile, third
 * round"). prepare() builds them in slices between other work: the tile's bytes stay the same, and other
 * work runs between the slices. What is asserted is counted (which turn of the event loop made each cell,
 * which parts a cut had to build, how many geometries were decoded), never a wall-clock time: the speed
 * is measured by `npm run bench` and docs/perf.md ("The first deep airspace tile, second round").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dataset } from '../data/dataset';
import { decodeDatasetBinary, encodeDatasetBinary } from '../data/dataset-binary';
import { peekGeometry } from '../data/lazy-geometry';
import type { AirspaceFeature, DatasetFile } from '../data/model';
import { fixtureDataset, FIXTURE_NOW } from '../routes/tiles/tiles.fixture';
import { airspaceTiles } from './airspace';
import { lonLatToTile } from './tile-coords';
import { DEFAULT_PART_CACHE_BYTES, partCacheStats, setPartCacheBytes } from './tileset';

// Every geometry a tile part reads from the dataset goes through peekGeometry: counted, and when, here.
vi.mock('../data/lazy-geometry', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../data/lazy-geometry')>();
  return { ...orig, peekGeometry: vi.fn(orig.peekGeometry) };
});
const peeks = vi.mocked(peekGeometry);
const real = await vi.importActual<typeof import('../data/lazy-geometry')>('../data/lazy-geometry');

const CELL = 1 / 120;
const ORIGIN: [number, number] = [-122.6, 47.2];
const ROWS = 200, COLS = 300;
const STAMP = { bytes: 1, mtimeMs: 2 };

/** The fixture with a facility map of ROWS × COLS cells (ceilings in rings, as the FAA's are). */
function bigGrid(version: string, sourceVersion = '1'): DatasetFile {
  const file = fixtureDataset(version);
  const cells: AirspaceFeature[] = [];
  for (let j = 0; j < ROWS; j++) {
    for (let i = 0; i < COLS; i++) {
      const w = ORIGIN[0] + i * CELL, s = ORIGIN[1] + j * CELL;
      const ring = Math.max(Math.abs(i - COLS / 2), Math.abs(j - ROWS / 2));
      cells.push({
        id: `uasfm:BIG:${j}:${i}`, layer: 'uasfm', name: 'BIG facility map', sourceId: 'fixture', facility: 'BIG', laancEnabled: true,
        ceilingFt: Math.min(400, Math.floor(ring / 20) * 100),
        geometry: { type: 'Polygon', coordinates: [[[w, s], [w + CELL, s], [w + CELL, s + CELL], [w, s + CELL], [w, s]]] },
      });
    }
  }
  // Another source version: a layer's built parts are carried over between datasets of equal content.
  return { ...file, sources: file.sources.map((s) => ({ ...s, version: sourceVersion })), features: [...file.features, ...cells] };
}

/** As a warm start reads it: from the binary file, each geometry decoded only when first asked for. */
const warmStart = (file: DatasetFile) => new Dataset(decodeDatasetBinary(encodeDatasetBinary(file, STAMP), STAMP));

const now = FIXTURE_NOW.getTime();
const mid: [number, number] = [ORIGIN[0] + 150 * CELL, ORIGIN[1] + 100 * CELL];
const TILES = [12, 13, 14, 10, 9].flatMap((z) => {
  const c = lonLatToTile(mid[0], mid[1], z);
  return [c, { z, x: c.x + 1, y: c.y }, { z, x: c.x, y: c.y + 1 }];
});

afterEach(() => {
  setPartCacheBytes(DEFAULT_PART_CACHE_BYTES);
  peeks.mockClear();
});

describe('the first deep airspace tile, its parts built in slices', () => {
  it('gives the same bytes as parts built on the spot, and its cut builds nothing', async () => {
    // As before: each tile builds what it lacks on the spot, from the dataset held as GeoJSON.
    setPartCacheBytes(DEFAULT_PART_CACHE_BYTES);
    const spot = airspaceTiles(new Dataset(bigGrid('grid-1', 'spot')));
    const partsBefore = partCacheStats().parts;
    const expected = TILES.map((t) => spot.render(t, now));
    // The cuts built the parts (else the check below would prove nothing).
    expect(partCacheStats().parts).toBeGreaterThan(partsBefore);

    setPartCacheBytes(DEFAULT_PART_CACHE_BYTES);
    const air = airspaceTiles(warmStart(bigGrid('grid-1', 'sliced')));
    const got: Array<Uint8Array | null> = [];
    for (const t of TILES) {
      await air.prepare(t.z, now);
      const built = partCacheStats().parts;
      got.push(air.render(t, now));
      expect(partCacheStats().parts, `z${t.z}: the cut after prepare() built a part`).toBe(built);
    }
    TILES.forEach((t, i) => {
      const where = `${t.z}/${t.x}/${t.y}`;
      expect(expected[i], where).not.toBeNull();
      expect(Buffer.from(got[i]!).equals(Buffer.from(expected[i]!)), where).toBe(true);
    });
  }, 120_000);

  it('makes the cells over several turns of the event loop, other work running between them', async () => {
    setPartCacheBytes(DEFAULT_PART_CACHE_BYTES);
    const file = bigGrid('grid-2');
    const air = airspaceTiles(warmStart(file));
    // What a shallower tile needs first (the merged runs read every cell too): only z12's own parts are left.
    await air.prepare(11, now);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const tickOfEachRead: number[] = [];
    peeks.mockClear();
    peeks.mockImplementation((f) => {
      tickOfEachRead.push(ticks);
      return real.peekGeometry(f);
    });
    try {
      await air.prepare(12, now);
    } finally {
      clearInterval(timer);
      peeks.mockImplementation(real.peekGeometry);
    }
    // The grid's and the fixture's own.
    const cells = file.features.filter((f) => f.layer === 'uasfm').length;
    expect(cells).toBeGreaterThanOrEqual(ROWS * COLS);
    // The cells' part reads each cell's geometry once; the labels' part reads none (each cell's box comes
    // from the file: before, every cell was decoded a second time for its label's centre).
    expect(tickOfEachRead).toHaveLength(cells);
    // Between the cells made, the timer ran: the reads fall into several of its ticks, none holding a
    // third of them (built in one block, all 60,000 fall into one).
    const perTick = new Map<number, number>();
    for (const t of tickOfEachRead) perTick.set(t, (perTick.get(t) ?? 0) + 1);
    expect(perTick.size, 'ticks of the timer the cells were made in').toBeGreaterThanOrEqual(3);
    expect(Math.max(...perTick.values())).toBeLessThanOrEqual(cells / 3);
  }, 120_000);
});
