/**
 * The TFR feed on several instances (docs/live-data.md "Instances"): two service instances on one
 * PostgreSQL, each with its background work running and the fake FAA as its feed. A TFR the list gains
 * is served by both within 10 s (one of them polls under the lease; the other hears the NOTIFY), and
 * one that leaves the list leaves both. Needs PostgreSQL: npm test starts a throwaway one and sets
 * TEST_DATABASE_URL; without it this file is reported as skipped.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DC_FRZ, startFakeFaa, type FakeFaa } from '../../../test/fake-faa/server';
import { freshSchemaUrl } from '../../../test/helpers/schema';
import { createApp } from '../../app';
import { startBackgroundWork } from '../../background';
import { bootstrap } from '../../bootstrap';
import { testConfig } from '../../config';
import { hasRealData, warnIfNoRealData } from '../../data/import/realdata';
import { silentLogger, type AppDeps } from '../../deps';
import { kbfiDataset } from '../../domain/laanc/test-fixture';
import { openPostgres } from '../../store/postgres';
import type { Db } from '../../store/db';

const baseUrl = process.env.TEST_DATABASE_URL;
warnIfNoRealData('TFR feed on two instances (the fake FAA serves the real detail files)');
const T0 = new Date();

interface Instance {
  deps: AppDeps;
  db: Db;
  stop: () => Promise<void>;
}

let faa: FakeFaa;
let dbUrl = '';
let root = '';
const started: Instance[] = [];
/** Warnings and errors of the instances, for the message of a failure. */
const logs: string[] = [];

/** The 10 s, scaled by the load of this shared 2-core machine (as the other cluster tests do). */
function bound(ms: number): number {
  return ms * Math.max(1, os.loadavg()[0]! / os.availableParallelism());
}

async function instance(name: string): Promise<Instance> {
  const config = testConfig({
    dataDir: path.join(root, name), databaseUrl: dbUrl, datasetPollSeconds: 0, leaseSeconds: 4,
    tfrFeed: { listUrl: faa.listUrl, detailUrl: faa.detailUrl, pollSeconds: 1, staleSeconds: 600 },
  });
  const db = await openPostgres(dbUrl);
  const log = { ...silentLogger, warn: (m: string, x?: Record<string, unknown>) => void logs.push(`${name} warn ${m} ${JSON.stringify(x ?? {})}`), error: (m: string, x?: Record<string, unknown>) => void logs.push(`${name} error ${m} ${JSON.stringify(x ?? {})}`) };
  const deps = await bootstrap(config, { db, dataset: kbfiDataset(T0), log });
  createApp(deps); // mounts the routes, which register the workers
  const stopWork = startBackgroundWork(deps, async () => false);
  const inst = { deps, db, stop: async () => { await stopWork(); await db.close(); } };
  started.push(inst);
  return inst;
}

/** Resolves when the instance serves a dataset for which `test` holds: on its swaps, not on a clock. */
function serving(i: Instance, test: (has: (id: string) => boolean) => boolean): Promise<void> {
  const ok = () => test((id) => i.deps.datasets.current().get(id) !== undefined);
  if (ok()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = i.deps.datasets.onSwap(() => {
      if (ok()) {
        off();
        resolve();
      }
    });
  });
}

async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} not within ${ms} ms; the instances said: ${logs.slice(-5).join(' | ') || 'nothing'}`)), ms)));
  try {
    return await Promise.race([p, limit]);
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(!baseUrl || !hasRealData)('the TFR feed on two instances on PostgreSQL (needs TEST_DATABASE_URL, set by npm test)', () => {
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    faa = await startFakeFaa();
    faa.tfrs.set('4/2565', DC_FRZ);
    dbUrl = await freshSchemaUrl(baseUrl!, 'tfr_cluster');
    root = mkdtempSync(path.join(os.tmpdir(), 'skyplan-tfr-cluster-'));
    a = await instance('a');
    b = await instance('b');
    // Both start following: the standing TFR reaches both.
    await within(bound(20_000), 'the first read on both', Promise.all([a, b].map((i) => serving(i, (has) => has('washington_frz:4_2565')))));
  }, 120_000);

  afterAll(async () => {
    for (const i of started) await i.stop();
    await faa?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('a TFR the FAA adds is served by both instances within 10 s, and leaves both when it leaves the list', async () => {
    faa.tfrs.set('6/5555', { id: '6/5555', center: [-122.05, 47.45], scale: 0.05, city: 'FAKE STADIUM', type: 'SPORTING EVENT' });
    await within(bound(10_000), 'the new TFR on both instances', Promise.all([a, b].map((i) => serving(i, (has) => has('tfr:6_5555')))));
    // The same version on both: one truth whichever instance answers.
    expect(a.deps.datasets.current().version).toBe(b.deps.datasets.current().version);
    faa.tfrs.delete('6/5555');
    await within(bound(10_000), 'the removal on both instances', Promise.all([a, b].map((i) => serving(i, (has) => !has('tfr:6_5555')))));
  }, 60_000);
});
