/**
 * Kills the service with SIGKILL in the middle of a burst of writes and shows that every write it
 * acknowledged is there, intact, after a restart on the same store (embedded PGlite under DATA_DIR, or
 * PostgreSQL when TEST_DATABASE_URL is set). A real process and a real port: nothing in-process.
 */
import { freshSchemaUrl } from './helpers/schema';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeDataset } from '../server/data/dataset-files';
import { emptyDataset } from '../server/bootstrap';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-durability-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function databaseUrl(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  return freshSchemaUrl(url, 'durability');
}

async function start(port: number, dbUrl: string | undefined): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PROFILE: 'production', API_CLIENT_SECRET: 'durability-secret', PORTAL_DIR: '', DATASET_POLL_SECONDS: '0', FAA_TFR_FEED_OFF: 'true', FAA_CHARTS_SYNC: 'false', DATABASE_URL: dbUrl ?? '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/status`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('service did not start');
}

async function token(base: string): Promise<string> {
  const r = await fetch(`${base}/v1/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'durability-secret' }) });
  return ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
}

const body = (i: number) => ({
  name: `burst ${i}`,
  boundary: { type: 'Polygon', coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.54], [-122.31, 47.53]]] },
  minAltitude: 0,
  maxAltitude: 100 + i,
  // Within the 90 days an operation may be planned ahead (contract/operation-limits.ts).
  startTime: new Date(Date.now() + 86_400_000).toISOString(),
  endTime: new Date(Date.now() + 90_000_000).toISOString(),
  timezone: 'America/Los_Angeles',
  altitudeUnit: 'ALTITUDE_UNIT_FEET',
  altitudeReference: 'ALTITUDE_REFERENCE_AGL',
  flightType: 'FLIGHT_TYPE_COMMERCIAL',
});

describe(`durability (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('keeps every acknowledged write after SIGKILL in the middle of a burst', async () => {
    await writeDataset(dataDir, emptyDataset('durability'), { activate: true });
    const dbUrl = await databaseUrl();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await start(port, dbUrl);
    const auth = { authorization: `Bearer ${await token(base)}`, 'content-type': 'application/json' };

    const acknowledged = new Map<string, number>();
    let sent = 0;
    let killed = false;
    // Four writers in parallel; the process is killed after the 25th acknowledgment, with writes in flight.
    const writer = async () => {
      while (!killed && sent < 400) {
        const i = sent++;
        try {
          const r = await fetch(`${base}/v1/operations`, { method: 'POST', headers: auth, body: JSON.stringify(body(i)) });
          if (r.status === 200 || r.status === 201) {
            const j = (await r.json()) as { id?: string; operation?: { id: string } };
            acknowledged.set(j.id ?? j.operation!.id, i);
            if (acknowledged.size === 25 && !killed) {
              killed = true;
              first.kill('SIGKILL');
            }
          }
        } catch {
          /* the connection died with the process: not acknowledged */
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect(killed).toBe(true);
    await new Promise<void>((r) => (first.exitCode !== null || first.signalCode !== null ? r() : first.once('exit', () => r())));
    expect(first.signalCode).toBe('SIGKILL');

    await start(port, dbUrl);
    const auth2 = { authorization: `Bearer ${await token(base)}` };
    for (const [id, i] of acknowledged) {
      const r = await fetch(`${base}/v1/operations/${id}`, { headers: auth2 });
      expect(r.status, `operation ${i} (${id}) acknowledged before the kill`).toBe(200);
      const j = (await r.json()) as { name?: string; maxAltitude?: number; operation?: { name: string; maxAltitude: number } };
      const op = j.operation ?? j;
      expect(op.name).toBe(`burst ${i}`);
      expect(op.maxAltitude).toBe(100 + i);
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(25);
  }, 240_000);
});
