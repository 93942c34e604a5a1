/**
 * The examples run against the real service: the types are generated from the OpenAPI document, the
 * examples type-check against them, and each script runs as a child process (as an integrator would run
 * it) against a service process on a free port with a temporary DATA_DIR and the Boeing Field fixture.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDataset } from '../server/data/dataset-files';
import { signatureHeader } from '../server/domain/callbacks/signing';
import { kbfiDataset } from '../server/domain/laanc/test-fixture';
import { verifySignature } from './receive-callbacks';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-examples-'));
const children: ChildProcess[] = [];
let base = '';
let env: NodeJS.ProcessEnv = {};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Runs an example as `node --import tsx examples/<name>` and returns what it printed. */
async function example(name: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join('examples', name)], { cwd: root, env: { ...env, ...extraEnv }, timeout: 90_000 });
  return stdout;
}

beforeAll(async () => {
  await run(process.execPath, ['--import', 'tsx', 'examples/generate-types.mjs'], { cwd: root, env: { ...process.env, SKYPLAN_URL: '' } });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await writeDataset(dataDir, kbfiDataset(new Date()), { activate: true });
  const service = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PROFILE: 'sandbox', PUBLIC_URL: base, PORTAL_DIR: '', DATASET_POLL_SECONDS: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(service);
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (service.exitCode !== null) throw new Error(`service exited with ${service.exitCode}`);
    if (Date.now() > deadline) throw new Error('service did not start');
    const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  env = { ...process.env, SKYPLAN_URL: base, SKYPLAN_CLIENT_ID: 'sandbox-client', SKYPLAN_CLIENT_SECRET: 'sandbox-secret' };
}, 240_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the typed client', () => {
  it('is generated from the OpenAPI document and every example type-checks against it', async () => {
    expect(existsSync(path.join(root, 'examples/generated/api.d.ts'))).toBe(true);
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    const { stdout } = await run(process.execPath, [tsc, '-p', 'examples/tsconfig.json', '--noEmit'], { cwd: root, timeout: 120_000 }).catch((e: { stdout: string }) => e);
    expect(stdout).toBe('');
  }, 150_000);
});

describe('the examples, run against the service', () => {
  it('get-token.ts prints a token the service accepts', async () => {
    const token = (await example('get-token.ts')).trim();
    expect(token.split('.')).toHaveLength(3);
    expect((await fetch(`${base}/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(403); // a client, not a person: authenticated
    expect((await fetch(`${base}/v1/operations`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  }, 120_000);

  it('brief-area.ts prints the briefing status of the area by Boeing Field', async () => {
    const out = await example('brief-area.ts');
    expect(out).toMatch(/^status: NOTICE_STATUS_(CAUTION|WARNING)$/m);
    expect(out).toMatch(/^authorization: AUTHORIZATION_TYPE_\w+$/m);
    expect(out).toMatch(/^- NOTICE_STATUS_\w+ .+/m);
  }, 120_000);

  it('create-ephemeral.ts prints a claim link that the public preview resolves', async () => {
    const out = await example('create-ephemeral.ts');
    const link = /^claim link: (\S+)$/m.exec(out)?.[1];
    expect(link).toMatch(new RegExp(`^${base}/plan/operations/[^/]+/claim$`));
    const id = /operations\/([^/]+)\/claim/.exec(link!)![1]!;
    const preview = await fetch(`${base}/v1/operations/ephemeral/${id}/preview`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ name: 'Boeing Field roof survey' });
  }, 120_000);

  it('subscribe.ts registers a subscriber for the area that the service then lists', async () => {
    const out = await example('subscribe.ts', { CALLBACK_URL: 'https://integrator.example/skyplan/data-changes' });
    const id = /^subscriber: (\S+) watching tfr$/m.exec(out)?.[1];
    expect(id).toBeTruthy();
    expect(out).toMatch(/^subscribers of this organization: [1-9]\d*$/m);
    const token = (await example('get-token.ts')).trim();
    const listed = await fetch(`${base}/v1/subscribers`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await listed.json()) as { data: Array<{ id: string }> }).data.map((s) => s.id)).toContain(id);
  }, 120_000);

  it('receive-callbacks.ts receives and verifies the signed callback of a submitted authorization', async () => {
    const receiver = spawn(process.execPath, ['--import', 'tsx', 'examples/receive-callbacks.ts'], { cwd: root, env: { ...env, CALLBACK_PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(receiver);
    let printed = '';
    receiver.stdout!.setEncoding('utf8').on('data', (s: string) => (printed += s));
    const waitFor = async (re: RegExp) => {
      for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
        const m = re.exec(printed);
        if (m) return m;
      }
      throw new Error(`waited for ${re} in: ${printed}`);
    };
    const callbackUrl = (await waitFor(/listening on (\S+)/))[1]!;

    // An API client's operation by Seattle-Tacoma, in facility-map cells LAANC serves (e2e/ops-driver.ts
    // PLACES.furtherCoordination), with the receiver as its callback. Submitting
    // its LAANC request is the authorization's first status change, which is called back (spec 6).
    const token = (await example('get-token.ts')).trim();
    const call = (method: string, p: string, body?: unknown) =>
      fetch(`${base}${p}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const start = new Date(Date.now() + 4 * 3600_000);
    const op = await call('POST', '/v1/operations', {
      name: 'Hangar roof', boundary: { type: 'Polygon', coordinates: [[[-122.397, 47.452], [-122.387, 47.452], [-122.387, 47.46], [-122.397, 47.46], [-122.397, 47.452]]] }, minAltitude: 0, maxAltitude: 200, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3600_000).toISOString(),
      timezone: 'America/Los_Angeles', altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_COMMERCIAL', callbackUrl,
    });
    expect(op.status).toBe(201);
    const { id } = (await op.json()) as { id: string };
    const poc = { firstName: 'Alice', lastName: 'Pilot', phoneNumber: '+1 206 555 0100', emailAddress: 'pilot@cascade.example' };
    expect((await call('POST', `/v1/operations/${id}/laanc`, { license: 'LICENSE_PART_107', fixedAltitude: false, pointOfContact: poc })).status).toBe(201);
    const submitted = await call('POST', `/v1/operations/${id}/laanc/authorizations`, { justification: 'Roof inspection of hangar 3, spotter on site' });
    expect(submitted.status, await submitted.clone().text()).toBe(200);

    await waitFor(/^verified \S+: authorization \S+ is STATUS_[A-Z_]+$/m);
    expect(printed).not.toContain('refused');
  }, 150_000);
});

describe('verifySignature of receive-callbacks.ts', () => {
  const body = '{"authId":"a1","authStatus":"STATUS_APPROVED"}';
  const now = 1_790_000_000;

  it('accepts what the service signs, and nothing tampered, stale or signed with another secret', () => {
    const header = signatureHeader('s3cret', now, body);
    expect(verifySignature('s3cret', header, body, now)).toBe(true);
    expect(verifySignature('s3cret', header, body.replace('APPROVED', 'DENIED'), now)).toBe(false);
    expect(verifySignature('other', header, body, now)).toBe(false);
    expect(verifySignature('s3cret', header, body, now + 301)).toBe(false);
    expect(verifySignature('s3cret', 't=abc,v1=00', body, now)).toBe(false);
    expect(verifySignature('s3cret', '', body, now)).toBe(false);
  });
});
