/**
 * Dataset versions in the store (embedded, or PostgreSQL with TEST_DATABASE_URL): stored gzip'd in
 * chunks under their SHA-256, read back intact, cached in DATA_DIR so that a second load does not
 * download, picked up by another instance's poller, and made once when several instances start on an
 * empty database.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/helpers/service';
import { storeDatasetPoller } from '../background';
import { bootstrap, emptyDataset } from '../bootstrap';
import { testConfig } from '../config';
import { loadDatasetFromStore } from '../data/dataset-boot';
import { writeDataset } from '../data/dataset-files';
import { fetchDataset, publishDataset, STORED_VERSIONS_KEPT, storeCacheDir } from '../data/dataset-store';
import type { AirspaceFeature, DatasetFile } from '../data/model';
import { silentLogger, type AppDeps } from '../deps';
import { datasetStore } from './datasets';

let svc: TestService;
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'skyplan-ds-'));
  dirs.push(d);
  return d;
};

function feature(i: number, pad = ''): AirspaceFeature {
  return {
    id: `sua:test:${i}`, layer: 'sua', name: `Area ${i} ${pad}`, sourceId: 'faa:test',
    geometry: { type: 'Polygon', coordinates: [[[-100, 40], [-99.9, 40], [-99.9, 40.1], [-100, 40]]] },
    lower: { value: 0, reference: 'SFC' },
  };
}

function dataset(version: string, features: AirspaceFeature[] = [feature(1)]): DatasetFile {
  return {
    ...emptyDataset(version), kind: 'faa', generatedAt: '2026-11-01T00:00:00.000Z', features,
    sources: [{ id: 'faa:test', name: 'test', version: '1', effectiveDate: '2026-10-30T00:00:00.000Z', retrievedAt: '2026-11-01T00:00:00.000Z', attribution: 'FAA', licence: 'public domain' }],
  };
}

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('datasets in the store', () => {
  it('an instance on an empty database with no dataset of its own (production) fails with a message that says how to import one', async () => {
    const config = { ...testConfig({ profile: 'production' }), dataDir: tmp() };
    await expect(loadDatasetFromStore(config, svc.deps.db, new Date(), silentLogger)).rejects.toThrow(/data:import/);
  });

  it('stores a version once, in chunks, and reads it back intact with its sources and sizes', async () => {
    const db = svc.deps.db;
    expect(await datasetStore.active(db)).toBeNull();
    const big = dataset('big-1', Array.from({ length: 500 }, (_, i) => feature(i, String(i * 7919))));
    const chunkBytes = 1000;
    const meta = await publishDataset(db, big, { activate: true, chunkBytes });
    expect(meta.gzipBytes).toBeGreaterThan(3 * chunkBytes);
    expect(meta.gzipBytes).toBeLessThan(meta.jsonBytes / 5);
    const chunks = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM dataset_chunks WHERE dataset_id = $1', [meta.id]);
    expect(Number(chunks[0]!.n)).toBe(Math.ceil(meta.gzipBytes / chunkBytes));
    const active = await datasetStore.active(db);
    expect(active).toMatchObject({ id: meta.id, version: 'big-1', kind: 'faa', generatedAt: big.generatedAt, jsonBytes: meta.jsonBytes });
    expect(active!.sources[0]!.effectiveDate).toBe('2026-10-30T00:00:00.000Z');
    const fetched = await fetchDataset(db, tmp(), active!);
    expect(fetched.cached).toBe(false);
    expect(fetched.file).toEqual(big);
    // The same content again: no second row.
    await publishDataset(db, big, { activate: false });
    expect((await datasetStore.list(db)).filter((m) => m.id === meta.id)).toHaveLength(1);
    await expect(datasetStore.activate(db, 'f'.repeat(64))).rejects.toThrow(/no stored dataset/);
  });

  it('keeps what it downloaded in DATA_DIR: a second load reads the disk, a damaged file is downloaded again', async () => {
    const db = svc.deps.db;
    const dataDir = tmp();
    const meta = await publishDataset(db, dataset('cached-1'), { activate: false });
    expect((await fetchDataset(db, dataDir, meta)).cached).toBe(false);
    expect(readdirSync(storeCacheDir(dataDir))).toEqual([`${meta.id}.json.gz`]);
    // Gone from the database: only the cache can answer now.
    await db.query('DELETE FROM dataset_chunks WHERE dataset_id = $1', [meta.id]);
    const again = await fetchDataset(db, dataDir, meta);
    expect(again.cached).toBe(true);
    expect(again.file.version).toBe('cached-1');
    writeFileSync(path.join(storeCacheDir(dataDir), `${meta.id}.json.gz`), 'torn');
    await expect(fetchDataset(db, dataDir, meta)).rejects.toThrow(/no stored content/);
    expect(readdirSync(storeCacheDir(dataDir))).toEqual([]);
  });

  it("another instance's poller swaps to the version activated by this one", async () => {
    const other: AppDeps = await bootstrap({ ...svc.deps.config, dataDir: tmp() }, { db: svc.deps.db, dataset: emptyDataset('other-start'), log: silentLogger });
    const poll = storeDatasetPoller(other, (f) => f);
    await publishDataset(svc.deps.db, dataset('activated-here'), { activate: true });
    const [first, second] = await Promise.all([poll(), poll()]);
    expect(first && second).toBe(true);
    expect(other.datasets.current().version).toBe('activated-here');
    expect(await poll()).toBe(false);
    await publishDataset(svc.deps.db, dataset('activated-later'), { activate: true });
    expect(await poll()).toBe(true);
    expect(other.datasets.current().version).toBe('activated-later');
  });

  it('logs how long each step of a swap took (the bench reads it: which step a slow swap spent its time in)', async () => {
    const lines: Array<{ msg: string; extra?: Record<string, unknown> }> = [];
    const log = { ...silentLogger, info: (msg: string, extra?: Record<string, unknown>) => void lines.push({ msg, extra }) };
    const other: AppDeps = await bootstrap({ ...svc.deps.config, dataDir: tmp() }, { db: svc.deps.db, dataset: emptyDataset('timed-start'), log: silentLogger });
    const poll = storeDatasetPoller({ ...other, log }, (f) => f);
    const meta = await publishDataset(svc.deps.db, dataset('timed-1'), { activate: true });
    expect(await poll()).toBe(true);
    const loaded = lines.filter((l) => l.msg === 'dataset loaded from the store');
    expect(loaded).toHaveLength(1);
    expect(loaded[0]!.extra).toMatchObject({ id: meta.id, version: 'timed-1', cached: false, swapped: true });
    for (const step of ['fetchMs', 'refreshMs', 'swapMs']) expect(loaded[0]!.extra![step]).toEqual(expect.any(Number));
  });
});

describe('stored versions', () => {
  it('keeps the most recent ones and always the active one', async () => {
    const db = svc.deps.db;
    const active = await publishDataset(db, dataset('kept-active'), { activate: true });
    for (let i = 0; i < STORED_VERSIONS_KEPT + 2; i++) await publishDataset(db, dataset(`newer-${i}`), { activate: false });
    const versions = (await datasetStore.list(db)).map((m) => m.version);
    expect(versions).toHaveLength(STORED_VERSIONS_KEPT + 1);
    expect(versions).toContain('kept-active');
    expect(versions).toContain(`newer-${STORED_VERSIONS_KEPT + 1}`);
    expect(versions).not.toContain('newer-0');
    expect((await datasetStore.active(db))!.id).toBe(active.id);
  });
});

describe('the first dataset on an empty database', () => {
  let fresh: TestService;
  beforeAll(async () => {
    fresh = await startTestService({ config: { leaseSeconds: 2 } });
  });
  afterAll(() => fresh.close());

  it('is made by exactly one of several instances starting together; the others wait and load it', async () => {
    // Each has the same dataset in its DATA_DIR (upgraded from files): whoever takes the lease publishes it.
    const dataDirs = [tmp(), tmp(), tmp()];
    for (const d of dataDirs) await writeDataset(d, dataset('from-files'), { activate: true });
    const config = testConfig({ profile: 'production', leaseSeconds: 2 });
    const loaded = await Promise.all(dataDirs.map((dataDir) => loadDatasetFromStore({ ...config, dataDir }, fresh.deps.db, new Date(), silentLogger)));
    expect(loaded.filter((r) => r.made)).toHaveLength(1);
    for (const r of loaded) expect(r.file.version).toBe('from-files');
    // The others downloaded it from the database into their own DATA_DIR.
    expect(loaded.filter((r) => !r.cached && !r.made)).toHaveLength(2);
    expect((await datasetStore.list(fresh.deps.db)).map((m) => m.version)).toEqual(['from-files']);
  });
});

