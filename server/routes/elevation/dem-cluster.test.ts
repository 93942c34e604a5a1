/**
 * DEMs through PostgreSQL (docs/elevation.md "DEMs with PostgreSQL"): `data:import` of a GeoTIFF with
 * DATABASE_URL stores it in the database, not in a DATA_DIR; an instance already running on another
 * DATA_DIR picks it up on the NOTIFY within 5 s, a new instance with an empty DATA_DIR has it when it is
 * ready, and all answer the same elevations. Needs PostgreSQL: npm test starts a throwaway one and sets
 * TEST_DATABASE_URL; without it this file is reported as skipped.
 */
import { freshSchemaUrl } from '../../../test/helpers/schema';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app';
import { startBackgroundWork } from '../../background';
import { bootstrap } from '../../bootstrap';
import { testConfig } from '../../config';
import { main } from '../../data/import/cli';
import { RAMP, rampFt, tmpDir, writeDem } from '../../data/import/dem-fixture';
import { silentLogger, type AppDeps } from '../../deps';
import { elevationDataset } from '../../domain/elevation/fixtures';
import { openPostgres } from '../../store/postgres';

const baseUrl = process.env.TEST_DATABASE_URL;
const POINTS: Array<[number, number]> = [[-122.3, 47.5], [-122.3217, 47.4633], [-122.2712, 47.5444]];

interface Instance {
  deps: AppDeps;
  dataDir: string;
  elevation(): Promise<Array<{ elevationFt: number | null; source: string }>>;
  stop(): Promise<void>;
}

let dbUrl = '';
let root = '';
const started: Instance[] = [];

const freshSchema = (url: string) => freshSchemaUrl(url, 'dem_cluster');

/** One service instance on the shared database with its own DATA_DIR, its background work running. */
async function instance(name: string): Promise<Instance> {
  const dataDir = path.join(root, name);
  const config = testConfig({ dataDir, databaseUrl: dbUrl, datasetPollSeconds: 0 });
  const db = await openPostgres(dbUrl);
  const deps = await bootstrap(config, { db, dataset: elevationDataset(), log: silentLogger });
  const app = createApp(deps);
  const stopWork = startBackgroundWork(deps, async () => false);
  const token = ((await (await app.request('/v1/oauth/token', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: config.apiClientId, client_secret: config.apiClientSecret, scope: 'aviation:read' }),
  })).json()) as { data: { accessToken: string } }).data.accessToken;
  const inst: Instance = {
    deps,
    dataDir,
    async elevation() {
      const r = await app.request('/v1/elevation', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ coordinates: POINTS }) });
      expect(r.status).toBe(200);
      return ((await r.json()) as { data: Array<{ elevationFt: number | null; source: string }> }).data;
    },
    async stop() {
      await stopWork();
      await db.close();
    },
  };
  started.push(inst);
  return inst;
}

/** The 5 s, scaled by the load of this shared 2-core machine (as test/datasets-cluster.test.ts does). */
function bound(ms: number): number {
  return ms * Math.max(1, os.loadavg()[0]! / os.availableParallelism());
}

async function importDem(file: string, dataDir: string): Promise<string> {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  try {
    expect(await main(['--source', 'ramp', file], { DATABASE_URL: dbUrl, DATA_DIR: dataDir })).toBe(0);
  } finally {
    log.mockRestore();
  }
  return out.join('\n');
}

describe.skipIf(!baseUrl)('DEMs through PostgreSQL (needs PostgreSQL: TEST_DATABASE_URL, set by npm test)', () => {
  let a: Instance;
  let demFile = '';

  beforeAll(async () => {
    dbUrl = await freshSchema(baseUrl!);
    root = tmpDir('dem-cluster-');
    demFile = writeDem(root, 'ramp.tif', RAMP);
    a = await instance('a');
  }, 60_000);

  afterAll(async () => {
    for (const i of started) await i.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('data:import with DATABASE_URL stores the DEM in the database; a running instance on another DATA_DIR serves it within 5 s', async () => {
    expect((await a.elevation()).every((p) => !p.source.startsWith('dem:'))).toBe(true);
    const cliDir = path.join(root, 'cli');
    const t0 = Date.now();
    expect(await importDem(demFile, cliDir)).toMatch(/dem:ramp: 100×100 px.*stored in the database/);
    // Nothing in the importing machine's DATA_DIR: the database holds it.
    expect(existsSync(path.join(cliDir, 'dem'))).toBe(false);
    const limit = bound(5000);
    while ((await a.elevation())[0]!.source !== 'dem:ramp') {
      if (Date.now() - t0 > limit) throw new Error(`instance a did not serve the stored DEM within ${limit} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const got = await a.elevation();
    POINTS.forEach(([lon, lat], i) => expect(Math.abs(got[i]!.elevationFt! - rampFt(lon, lat))).toBeLessThanOrEqual(1));
    // Its copy is cached in its own DATA_DIR by the bytes' hash.
    expect(readdirSync(path.join(a.dataDir, 'dem', 'store-cache'))).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.tif$/)]);
  }, 60_000);

  it('a new instance with an empty DATA_DIR has the DEM once ready, and answers exactly as the other', async () => {
    const b = await instance('b');
    expect(await b.elevation()).toEqual(await a.elevation());
    expect((await b.elevation()).map((p) => p.source)).toEqual(POINTS.map(() => 'dem:ramp'));
  }, 60_000);

  it('a damaged cached copy is downloaded again; a re-import under the same name replaces the DEM everywhere', async () => {
    const cDir = path.join(root, 'c');
    const [cached] = readdirSync(path.join(a.dataDir, 'dem', 'store-cache'));
    const damaged = path.join(cDir, 'dem', 'store-cache', cached!);
    rmSync(cDir, { recursive: true, force: true });
    mkdirSync(path.dirname(damaged), { recursive: true });
    writeFileSync(damaged, 'not the DEM');
    const c = await instance('c');
    expect(await c.elevation()).toEqual(await a.elevation());

    // Raised by 100 m: every instance swaps to the new bytes (a new hash) and drops the old copy.
    const higher = writeDem(root, 'ramp-2.tif', { ...RAMP, value: (i, j) => RAMP.value(i, j) + 100 });
    await importDem(higher, path.join(root, 'cli'));
    const t0 = Date.now();
    const raised = (i: Instance) => i.elevation().then((d) => Math.abs(d[0]!.elevationFt! - rampFt(...POINTS[0]!) - 328) <= 1);
    while (!((await raised(a)) && (await raised(c)))) {
      if (Date.now() - t0 > bound(5000)) throw new Error('the re-imported DEM was not served by both within 5 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(readdirSync(path.join(c.dataDir, 'dem', 'store-cache'))).toEqual([expect.not.stringMatching(cached!)]);
  }, 60_000);
});
