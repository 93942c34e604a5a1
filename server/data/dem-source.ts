/**
 * Samples the DEMs imported into <DATA_DIR>/dem/ (server/data/import/dem.ts): bilinear elevation at
 * points, and the highest ground over a box for briefings. Files are opened lazily and read in
 * 256×256-pixel windows (never whole), kept in an LRU bounded in bytes, so memory stays small whatever
 * the size of the DEMs. See docs/elevation.md "DEM".
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fromFile, type GeoTIFF, type GeoTIFFImage } from 'geotiff';
import { LRUCache } from 'lru-cache';
import { DEM_DIR, DEM_INDEX, readDemIndex, type DemEntry } from './import/dem-index';

const BLOCK = 256;
/** Decoded windows kept: 16 MB is 64 Float32 windows, about 4 SRTM 1° tiles' worth of the busiest areas. */
const CACHE_BYTES = 16 * 1024 * 1024;
/** How often the index file is looked at for a new import (the CLI writes it while the service runs). */
const INDEX_CHECK_MS = 5_000;

export type DemPoint = { elevationFt: number; source: string } | { elevationFt: null; source: string };

export interface DemMax {
  /** Highest DEM ground (ft MSL) in the box, over the pixels with data; null when none had data. */
  maxFt: number | null;
  /** True when DEMs cover the whole box with data at every pixel. */
  complete: boolean;
  /** dem:<name> of each DEM that took part. */
  source: string;
}

type Raster = ArrayLike<number> & { byteLength: number };

export const demSourceName = (d: DemEntry) => `dem:${d.name}`;

export class DemSource {
  private dems: DemEntry[] = [];
  /** Set with PostgreSQL: the store's DEMs, cached in DATA_DIR (server/data/dem-store.ts); index.json is then not read. */
  private stored: DemEntry[] | null = null;
  private indexMtime = -1;
  private checkedAt = -Infinity;
  private readonly tiffs = new LRUCache<string, Promise<{ tiff: GeoTIFF; image: GeoTIFFImage }>>({
    max: 8,
    dispose: (p) => void p.then(async ({ tiff }) => { await tiff.close(); }).catch(() => undefined),
  });
  private readonly blocks = new LRUCache<string, Promise<Raster>>({ maxSize: CACHE_BYTES, sizeCalculation: () => BLOCK * BLOCK * 4 });
  private readonly summaries = new LRUCache<string, { max: number | null; nodata: boolean }>({ max: 50_000 });

  constructor(private readonly dataDir: string, private readonly checkMs = INDEX_CHECK_MS) {}

  /** Samples these DEMs (the store's, synced into DATA_DIR) from now on, instead of DATA_DIR's index. */
  useStored(entries: DemEntry[]): void {
    this.stored = entries;
  }

  /** The DEMs of the index, re-read when the import has rewritten it (or the store's, once given). */
  async entries(): Promise<DemEntry[]> {
    if (this.stored) return this.stored;
    const now = Date.now();
    if (now - this.checkedAt < this.checkMs) return this.dems;
    this.checkedAt = now;
    const mtime = await stat(path.join(this.dataDir, DEM_DIR, DEM_INDEX)).then((s) => s.mtimeMs, () => 0);
    if (mtime !== this.indexMtime) {
      this.dems = mtime ? (await readDemIndex(this.dataDir)).dems : [];
      this.indexMtime = mtime;
    }
    return this.dems;
  }

  /** The DEM value at each point (bilinear), undefined where no DEM covers it, elevationFt null where it has no data. */
  async at(points: ReadonlyArray<readonly [number, number]>): Promise<Array<DemPoint | undefined>> {
    const dems = await this.entries();
    if (dems.length === 0) return points.map(() => undefined);
    return Promise.all(points.map(async ([lon, lat]) => {
      const d = finest(dems.filter((e) => covers(e, lon, lat)));
      return d ? { elevationFt: await this.bilinear(d, lon, lat), source: demSourceName(d) } : undefined;
    }));
  }

  /**
   * The highest ground in the box [w, s, e, n] over all DEMs touching it (every pixel, no sampling gaps),
   * of `all` when given (what entries() gave: the caller then knows which DEMs were read).
   */
  async maxOver(box: readonly [number, number, number, number], all?: DemEntry[]): Promise<DemMax | undefined> {
    const [w, s, e, n] = box;
    const dems = (all ?? (await this.entries())).filter((d) => d.bounds[0] <= e && d.bounds[2] >= w && d.bounds[1] <= n && d.bounds[3] >= s);
    if (dems.length === 0) return undefined;
    let maxFt: number | null = null;
    let nodata = false;
    for (const d of dems) {
      const r = await this.rangeMax(d, box);
      if (r.max !== null) maxFt = Math.max(maxFt ?? -Infinity, Math.ceil(r.max * d.feetPerUnit));
      nodata ||= r.nodata;
    }
    // Coverage: a 21×21 grid over the box must fall inside some DEM (tiles side by side may cover it together).
    let inside = true;
    for (let i = 0; i <= 20 && inside; i++) for (let j = 0; j <= 20 && inside; j++) inside = dems.some((d) => covers(d, w + ((e - w) * i) / 20, s + ((n - s) * j) / 20));
    return { maxFt, complete: inside && !nodata, source: dems.map(demSourceName).join('+') };
  }

  private image(d: DemEntry): Promise<{ tiff: GeoTIFF; image: GeoTIFFImage }> {
    const key = `${d.file}|${d.importedAt}`;
    let p = this.tiffs.get(key);
    if (!p) {
      p = fromFile(path.join(this.dataDir, DEM_DIR, d.file)).then(async (tiff) => ({ tiff, image: await tiff.getImage(0) }));
      p.catch(() => this.tiffs.delete(key));
      this.tiffs.set(key, p);
    }
    return p;
  }

  private block(d: DemEntry, bx: number, by: number): Promise<Raster> {
    const key = `${d.file}|${d.importedAt}|${bx}|${by}`;
    let p = this.blocks.get(key);
    if (!p) {
      const window = [bx * BLOCK, by * BLOCK, Math.min(d.width, (bx + 1) * BLOCK), Math.min(d.height, (by + 1) * BLOCK)];
      p = this.image(d).then(async ({ image }) => (await image.readRasters({ window, samples: [0], interleave: true })) as unknown as Raster);
      p.catch(() => this.blocks.delete(key));
      this.blocks.set(key, p);
    }
    return p;
  }

  private async pixel(d: DemEntry, i: number, j: number): Promise<number | null> {
    const b = await this.block(d, Math.floor(i / BLOCK), Math.floor(j / BLOCK));
    const bw = Math.min(d.width, (Math.floor(i / BLOCK) + 1) * BLOCK) - Math.floor(i / BLOCK) * BLOCK;
    const v = b[(j % BLOCK) * bw + (i % BLOCK)]!;
    return isNoData(d, v) ? null : v;
  }

  private async bilinear(d: DemEntry, lon: number, lat: number): Promise<number | null> {
    const { fx, fy } = fractional(d, lon, lat);
    const x = clamp(fx, 0, d.width - 1);
    const y = clamp(fy, 0, d.height - 1);
    const i0 = Math.min(Math.floor(x), Math.max(0, d.width - 2));
    const j0 = Math.min(Math.floor(y), Math.max(0, d.height - 2));
    const i1 = Math.min(i0 + 1, d.width - 1);
    const j1 = Math.min(j0 + 1, d.height - 1);
    const [a, b, c, e] = await Promise.all([this.pixel(d, i0, j0), this.pixel(d, i1, j0), this.pixel(d, i0, j1), this.pixel(d, i1, j1)]);
    // Any corner without data: the value would be a guess, so the caller falls back to the model and says so.
    if (a === null || b === null || c === null || e === null) return null;
    const tx = x - i0;
    const ty = y - j0;
    const v = (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + e * tx) * ty;
    return Math.round(v * d.feetPerUnit);
  }

  /** Max over the pixels whose cells touch the box: blocks wholly inside use a cached summary, edge blocks are scanned. */
  private async rangeMax(d: DemEntry, [w, s, e, n]: readonly [number, number, number, number]): Promise<{ max: number | null; nodata: boolean }> {
    const a = fractional(d, w, n);
    const b = fractional(d, e, s);
    const i0 = clamp(Math.floor(a.fx), 0, d.width - 1), i1 = clamp(Math.ceil(b.fx), 0, d.width - 1);
    const j0 = clamp(Math.floor(a.fy), 0, d.height - 1), j1 = clamp(Math.ceil(b.fy), 0, d.height - 1);
    let max: number | null = null;
    let nodata = false;
    for (let by = Math.floor(j0 / BLOCK); by <= Math.floor(j1 / BLOCK); by++) {
      for (let bx = Math.floor(i0 / BLOCK); bx <= Math.floor(i1 / BLOCK); bx++) {
        const x0 = bx * BLOCK, y0 = by * BLOCK;
        const x1 = Math.min(d.width, x0 + BLOCK) - 1, y1 = Math.min(d.height, y0 + BLOCK) - 1;
        const whole = i0 <= x0 && i1 >= x1 && j0 <= y0 && j1 >= y1;
        const key = `${d.file}|${d.importedAt}|${bx}|${by}`;
        let r = whole ? this.summaries.get(key) : undefined;
        if (!r) {
          const data = await this.block(d, bx, by);
          const bw = x1 - x0 + 1;
          let m: number | null = null;
          let nd = false;
          for (let y = Math.max(j0, y0); y <= Math.min(j1, y1); y++) {
            for (let x = Math.max(i0, x0); x <= Math.min(i1, x1); x++) {
              const v = data[(y - y0) * bw + (x - x0)]!;
              if (isNoData(d, v)) nd = true;
              else if (m === null || v > m) m = v;
            }
          }
          r = { max: m, nodata: nd };
          if (whole) this.summaries.set(key, r);
        }
        if (r.max !== null) max = max === null ? r.max : Math.max(max, r.max);
        nodata ||= r.nodata;
      }
    }
    return { max, nodata };
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function isNoData(d: DemEntry, v: number): boolean {
  return !Number.isFinite(v) || (d.nodata !== null && v === d.nodata) || (d.nodata !== null && Math.fround(d.nodata) === v);
}

/** Fractional pixel coordinates where integers are pixel centres. */
function fractional(d: DemEntry, lon: number, lat: number): { fx: number; fy: number } {
  const c = d.pixelIsPoint ? 0 : 0.5;
  return { fx: (lon - d.bounds[0]) / d.resolutionDeg[0] - c, fy: (d.bounds[3] - lat) / d.resolutionDeg[1] - c };
}

/** Within half a pixel of a pixel centre of the DEM. */
function covers(d: DemEntry, lon: number, lat: number): boolean {
  const { fx, fy } = fractional(d, lon, lat);
  return fx >= -0.5 && fx <= d.width - 0.5 && fy >= -0.5 && fy <= d.height - 0.5;
}

/** The finest DEM among those covering a point; on a tie the last imported. */
function finest(dems: DemEntry[]): DemEntry | undefined {
  let best: DemEntry | undefined;
  for (const d of dems) if (!best || d.resolutionDeg[0] <= best.resolutionDeg[0]) best = d;
  return best;
}

const sources = new Map<string, DemSource>();

/** One DemSource per data directory, shared by the handlers of a service. */
export function demSourceFor(dataDir: string): DemSource {
  let s = sources.get(dataDir);
  if (!s) {
    s = new DemSource(dataDir);
    sources.set(dataDir, s);
  }
  return s;
}
