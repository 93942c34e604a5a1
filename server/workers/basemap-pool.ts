/**
 * One worker thread (piscina) that cuts the basemap's tiles deeper than its overview file. Their parts
 * take seconds to build at the first such tile after a start (the urban areas' model alone ~6 s of CPU
 * on a quiet machine, the lakes ~1.1 s); on the main thread every request, /livez and the airspace tiles
 * included, waited behind them. Started at the first deep tile; it exits when idle as the surface pool's
 * workers do (WORKER_IDLE_SECONDS, 60 s by default), and its memory (the parts) goes with it, so a
 * service whose users do not look at the basemap at city zoom holds none of it; the main thread's tile
 * cache keeps the tiles cut, and a new thread reads the slowest parts from the data directory
 * (basemap-files.ts), so a pan after a pause waits ~1-2 s for the rest, off the event loop (docs/perf.md,
 * "Cold tiles off the event loop").
 */
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { basemapFilesDir } from '../tiles/basemap-files';
import type { TileCoord } from '../tiles/tile-coords';
import type { BasemapTask } from './basemap-worker';
import { currentHeavyConfig } from './heavy-config';
import { overloaded } from './surface-pool';


/**
 * Tiles waiting for the worker at most: a map view asks ~20, and a cut tile takes a few ms once the parts
 * are built. More is a client asking for tiles it cannot draw: 503 with Retry-After.
 */
export const BASEMAP_QUEUE = 512;

/** From sources (tsx, vitest) the loader that registers tsx in the thread; in the bundle the compiled worker beside it. */
export function basemapWorkerFile(here = import.meta.url): string {
  return fileURLToPath(new URL(here.endsWith('.ts') ? './basemap-worker.dev.mjs' : './basemap-worker.js', here));
}

export class BasemapPool {
  private pool: Piscina<BasemapTask, Uint8Array | null> | null = null;

  constructor(
    private readonly idleMs = currentHeavyConfig().workerIdleMs,
    /** The data directory for the kept parts; absent: the process's (useBasemapOverview). */
    private readonly dataDir?: string | null,
  ) {}

  private piscina(): Piscina<BasemapTask, Uint8Array | null> {
    if (this.pool) return this.pool;
    this.pool = new Piscina({
      filename: basemapWorkerFile(),
      minThreads: 0,
      // One thread: a second would build the same parts again for the same tiles.
      maxThreads: 1,
      maxQueue: BASEMAP_QUEUE,
      idleTimeout: this.idleMs,
      // The first tile awaits the airfields' read and the urban areas' model; tiles asked meanwhile wait
      // in the worker on the same promises rather than in piscina's queue, and are cut as soon as they resolve.
      concurrentTasksPerWorker: 64,
      // Where the slowest parts' features are kept once made (basemap-files.ts; set by useBasemapOverview).
      workerData: { dataDir: this.dataDir ?? basemapFilesDir() },
    });
    // A worker that fails outside a task must not take the process down (see surface-pool.ts).
    this.pool.on('error', (e: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'basemap worker failed', error: String(e) })));
    return this.pool;
  }

  /** The encoded tile (null: empty), cut in the worker; a full queue answers 503. */
  async render(tile: TileCoord): Promise<Uint8Array | null> {
    try {
      const body = await this.piscina().run({ z: tile.z, x: tile.x, y: tile.y });
      // Structured clone turns a Buffer into a plain Uint8Array; null stays null.
      return body;
    } catch (e) {
      if (e instanceof Error && e.message === 'Task queue is at limit') throw overloaded('basemap');
      throw e;
    }
  }

  /**
   * Makes the slowest parts' kept files in the worker (a first start, after its warm-up), so the first
   * deep tile a pilot asks reads them; the thread then exits when idle like after any tile.
   */
  async prepare(): Promise<void> {
    await this.piscina().run({ prepare: 'kept-parts' });
  }

  /** Threads alive now (tests and the docs' measurements). */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** Ends the thread (tests, shutdown); a later tile starts a new one. */
  async close(): Promise<void> {
    const p = this.pool;
    this.pool = null;
    await p?.destroy();
  }
}

let shared: BasemapPool | null = null;

/** The process's basemap worker. */
export function basemapPool(): BasemapPool {
  return (shared ??= new BasemapPool());
}
