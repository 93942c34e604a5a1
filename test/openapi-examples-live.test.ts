/**
 * Every example of /openapi.json works as given against a fresh sandbox (issue 30): each operation is
 * sent with its documented request example (body and parameter examples), on the generated sandbox
 * dataset, by a caller it admits, and must answer the first success status it documents. Only what an
 * example cannot know is filled in: the ids of records made by earlier examples (an operation, an
 * authorization, an invite's link) and the caller's credentials. Each answer must also validate against
 * the schema the document gives for its status (the fuzzer's conformance check, test/helpers/fuzz.ts).
 */
import { VectorTile } from '@mapbox/vector-tile';
import { booleanClockwise } from '@turf/turf';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSandboxDataset } from '../server/data/generate';
import { identity } from '../server/store/identity';
import { surfacePool } from '../server/workers/surface-pool';
import { conformance, type FuzzContext } from './helpers/fuzz';
import { startTestService, type TestService } from './helpers/service';

type Param = { name: string; in: string; example?: unknown };
type Op = {
  operationId: string;
  parameters?: Param[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
  'x-access': unknown;
};
type Doc = { paths: Record<string, Record<string, Op>> };

let svc: TestService;
let doc: Doc;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const now = new Date();
  svc = await startTestService({ dataset: await generateSandboxDataset({ now }), now });
  doc = (await (await svc.call('GET', '/openapi.json')).json()) as Doc;
  tokens.client = await svc.clientToken();
  tokens.pilot = await svc.personToken('pilot@cascade.example', 'demo-pilot');
  tokens.operator = await svc.personToken('operator@cascade.example', 'demo-operator');
  tokens.faa = await svc.personToken('faa@sandbox.example', 'demo-faa');
  // A person of no organization (every demo person but the FAA has one): who may accept an invite.
  await identity.upsertUser(svc.deps.db, { email: 'loner@example.org', name: 'Lone Pilot', password: 'loner-password', roles: ['pilot'], orgId: null });
  tokens.loner = await svc.personToken('loner@example.org', 'loner-password');
}, 240_000);
afterAll(async () => {
  await svc.close();
  await surfacePool().close();
});

function opOf(key: string): { method: string; path: string; op: Op } {
  const [method, path] = key.split(' ') as [string, string];
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`${key} is not in the document`);
  return { method, path, op };
}

/** The first success status the operation documents: what its example must get. */
function documentedSuccess(op: Op): number {
  return Math.min(...Object.keys(op.responses).map(Number).filter((s) => s >= 200 && s < 300));
}

interface Sent {
  status: number;
  json: unknown;
  expected: number;
  /** What the answer breaks of the document: an undocumented status, its schema. */
  breaks: string[];
}

/**
 * Sends an operation's examples: path parameters from `ids` (else their example), required query
 * parameters' examples, the JSON body example (with `fill` laid over it for ids only earlier answers know).
 */
async function send(key: string, as: string | null, ids: Record<string, string> = {}, fill: Record<string, unknown> = {}): Promise<Sent> {
  const { method, path, op } = opOf(key);
  const params = op.parameters ?? [];
  let url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = ids[name] ?? params.find((p) => p.in === 'path' && p.name === name)?.example;
    if (v === undefined) throw new Error(`${key}: no value for path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
  const query = params
    .filter((p) => p.in === 'query' && (p.example !== undefined || ids[p.name] !== undefined))
    .map((p) => `${p.name}=${encodeURIComponent(String(ids[p.name] ?? p.example))}`);
  if (query.length) url += `?${query.join('&')}`;
  const example = op.requestBody?.content['application/json']?.example;
  const body = example === undefined ? undefined : { ...(example as object), ...fill };
  let res = await svc.call(method, url, { ...(as ? { token: tokens[as] } : {}), ...(body !== undefined ? { body } : {}) });
  // A loaded test machine may run out of a time budget (408) on a cold first request: that is the
  // budget's answer, not the example's; the same request is sent again (at most twice).
  for (let i = 0; i < 2 && res.status === 408; i++) res = await svc.call(method, url, { ...(as ? { token: tokens[as] } : {}), ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text.slice(0, 200);
  }
  const breaks = conformance({ doc } as unknown as FuzzContext, { operation: key, identity: as ?? 'nobody', method, path: url, headers: {} }, res.status, text, res.headers.get('content-type'));
  return { status: res.status, json, expected: documentedSuccess(op), breaks };
}

const failures: string[] = [];
const covered = new Set<string>();
/** RFC 7946 breaches in answers: a ring against the right-hand rule, a position with more than 7 decimals. */
const rfcBreaches: string[] = [];

/** Walks an answer for GeoJSON polygons and positions; notes each breach of RFC 7946 with the operation. */
function checkRfc7946(key: string, v: unknown, depth = 0): void {
  if (depth > 40 || v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    for (const x of v) checkRfc7946(key, x, depth + 1);
    return;
  }
  const o = v as { type?: unknown; coordinates?: unknown };
  if ((o.type === 'Polygon' || o.type === 'MultiPolygon') && Array.isArray(o.coordinates)) {
    const polygons = (o.type === 'Polygon' ? [o.coordinates] : o.coordinates) as number[][][][];
    for (const rings of polygons) {
      rings.forEach((ring, i) => {
        if (ring.length >= 4 && booleanClockwise(ring) !== i > 0) rfcBreaches.push(`${key}: ${i === 0 ? 'a clockwise exterior' : 'a counter-clockwise hole'} ring`);
      });
    }
  }
  if (typeof o.type === 'string' && Array.isArray(o.coordinates) && /\.\d{8,}/.test(JSON.stringify(o.coordinates))) rfcBreaches.push(`${key}: a position with more than 7 decimals`);
  for (const x of Object.values(v)) checkRfc7946(key, x, depth + 1);
}

async function expectExample(key: string, as: string | null, ids?: Record<string, string>, fill?: Record<string, unknown>): Promise<unknown> {
  covered.add(key);
  const r = await send(key, as, ids, fill);
  checkRfc7946(key, r.json);
  for (const b of r.breaks) failures.push(`${key}: the answer ${b} (${r.status}) ${JSON.stringify(r.json).slice(0, 300)}`);
  if (r.status !== r.expected) failures.push(`${key} as ${as ?? 'nobody'}: ${r.status} (documented ${r.expected}) ${JSON.stringify(r.json).slice(0, 300)}`);
  return r.json;
}

describe('the examples of the OpenAPI document, sent as given to a fresh sandbox', () => {
  it('get the success each operation documents', async () => {
    // Reading and briefing.
    await expectExample('GET /.well-known/oauth-authorization-server', null);
    await expectExample('POST /v1/oauth/token', null);
    await expectExample('POST /v1/auth/sign-in', null);
    await expectExample('POST /v1/auth/sign-out', null);
    await expectExample('GET /v1/auth/me', 'pilot');
    await expectExample('POST /v1/auth/token', 'pilot');
    for (const k of ['POST /v1/briefing/preflight/area', 'POST /v2/briefing/preflight/area', 'POST /v2/briefing/preflight/location', 'POST /v1/briefing/preflight/location']) await expectExample(k, 'client');
    for (const k of ['POST /v2/advisory', 'GET /v1/advisories/bbox', 'POST /v1/advisories/geojson', 'POST /v1/check/airspace', 'POST /v1/aviation']) await expectExample(k, 'client');
    for (const k of ['GET /styles', 'GET /styles/{style}/style.json', 'GET /tiles/{source}/{z}/{x}/{y}.pbf', 'GET /fonts/{fontstack}/{range}.pbf', 'GET /sprites/{file}']) await expectExample(k, null);
    for (const k of ['POST /v2/groundType', 'POST /v2/surface/geojson', 'GET /v2/surface/layers', 'POST /v2/surface/hexbin', 'POST /v2/surface/classification', 'POST /v1/suitability']) await expectExample(k, 'client');
    for (const k of ['POST /v2/hazard', 'POST /v2/hazard/groundRisk', 'POST /v2/risk/classify', 'POST /v2/route', 'GET /v1/places', 'POST /v1/elevation', 'POST /v2/elevation']) await expectExample(k, 'client');
    for (const k of ['GET /v1/status', 'GET /livez', 'GET /readyz']) await expectExample(k, null);

    // Ephemeral operations: one claimed, one deleted.
    const claimId = (u: unknown) => /operations\/([^/]+)\/claim/.exec(String((u as { url?: string }).url))?.[1] ?? 'missing';
    const e1 = claimId(await expectExample('POST /v1/operations/ephemeral', 'client'));
    const e2 = claimId(await expectExample('POST /v1/operations/ephemeral', 'client'));
    await expectExample('GET /v1/operations/ephemeral/{id}', 'client', { id: e1 });
    await expectExample('GET /v1/operations/ephemeral/{id}/preview', null, { id: e1 });
    await expectExample('POST /v1/operations/ephemeral/{id}/claim', 'pilot', { id: e1 });
    await expectExample('DELETE /v1/operations/ephemeral/{id}', 'client', { id: e2 });

    // Platform operations, each the create example as given.
    const create = async () => String(((await expectExample('POST /v1/operations', 'pilot')) as { id?: string }).id);
    const op = await create();
    await expectExample('GET /v1/operations', 'pilot');
    await expectExample('GET /v1/operations/{id}', 'pilot', { id: op });
    await expectExample('PUT /v1/operations/{id}', 'pilot', { id: op });
    await expectExample('GET /v1/operations/{id}/callbacks', 'pilot', { id: op });
    await expectExample('GET /v1/callbacks', 'pilot');
    await expectExample('GET /v1/callbacks/signing-secret', 'client');
    await expectExample('POST /v2/operation', 'client');

    // LAANC: the pilot files each operation; the sandbox FAA decides.
    type Filed = { op: string; auth: string };
    const file = async (before?: (id: string) => Promise<void>): Promise<Filed> => {
      const id = await create();
      await expectExample('POST /v1/operations/{id}/laanc', 'pilot', { id });
      await before?.(id);
      const out = (await expectExample('POST /v1/operations/{id}/laanc/authorizations', 'pilot', { id })) as { operation?: { authorizations?: Array<{ id: string; status: string }> } } | null;
      const all = out?.operation?.authorizations ?? [];
      const a = all.find((x) => x.status === 'STATUS_PENDING') ?? all[0];
      return { op: id, auth: a?.id ?? 'missing' };
    };
    const first = await file(async (id) => {
      await expectExample('GET /v1/operations/{id}/laanc', 'pilot', { id });
      await expectExample('PUT /v1/operations/{id}/laanc', 'pilot', { id });
    });
    await expectExample('GET /v1/operations/{id}/laanc/authorizations/{authorizationId}', 'pilot', { id: first.op, authorizationId: first.auth });
    for (const k of ['GET /v1/laanc/authorizations', 'GET /v1/laanc/events', 'GET /v1/laanc/operations/rescinded-invalid']) await expectExample(k, 'pilot');
    await expectExample('GET /v1/sandbox/authorizations', 'faa');
    // Pending further coordination (the example asks 200 ft by Seattle-Tacoma, above the facility map): the FAA decides.
    const decide = async (...actions: string[]) => {
      const a = await file();
      for (const action of actions) await expectExample(`POST /v1/sandbox/authorizations/{id}/${action}`, 'faa', { id: a.auth });
      return a;
    };
    const approved = await decide('approve');
    await decide('deny');
    const rescinded = await decide('approve', 'rescind');
    const invalid = await decide('approve', 'invalidate');
    const ids = (a: { op: string; auth: string }) => ({ id: a.op, authorizationId: a.auth });
    await expectExample('PATCH /v1/operations/{id}/laanc/authorizations/{authorizationId}/close', 'pilot', ids(approved));
    await expectExample('PATCH /v1/operations/{id}/laanc/authorizations/{authorizationId}/acknowledge-rescinded', 'pilot', ids(rescinded));
    await expectExample('PATCH /v1/operations/{id}/laanc/authorizations/{authorizationId}/cancel-invalid', 'pilot', ids(invalid));
    await expectExample('PATCH /v1/operations/{id}/laanc/authorizations/{authorizationId}/cancel', 'pilot', ids(first));
    const withdrawn = await create();
    await expectExample('POST /v1/operations/{id}/laanc', 'pilot', { id: withdrawn });
    await expectExample('DELETE /v1/operations/{id}/laanc', 'pilot', { id: withdrawn });
    await expectExample('POST /v1/sandbox/tfrs', 'faa');

    // Positions on an operation flown now: a position is kept only within an hour of its operation's
    // window (issue 29), and the example's position is measured now, so the example operation (tomorrow)
    // cannot take it. The create example with its window moved to the next hour.
    const soon = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 5 * 60_000);
    const flown = String(((await expectExample('POST /v1/operations', 'pilot', {}, { startTime: soon.toISOString(), endTime: new Date(soon.getTime() + 3600_000).toISOString() })) as { id?: string }).id);
    await expectExample('POST /v1/positions', 'pilot', {}, { operationId: flown });
    await expectExample('GET /v1/positions/last', 'pilot', { operationId: flown });
    for (const k of ['GET /v1/operations/{id}/positions/last', 'GET /v1/operations/{id}/positions', 'GET /v1/operations/{id}/conformance']) await expectExample(k, 'pilot', { id: flown });

    // Organization, invites, profile, subscribers, sign-up; deleting an operation last.
    await expectExample('GET /v1/organization/members', 'operator');
    type Made = { invite?: { id?: string }; token?: string } | null;
    const invite = (await expectExample('POST /v1/organization/invites', 'operator')) as Made;
    await expectExample('GET /v1/organization/invites', 'operator');
    await expectExample('POST /v1/invites/preview', null, {}, { token: String(invite?.token) });
    await expectExample('POST /v1/invites/sign-up', null, {}, { token: String(invite?.token) });
    const second = (await expectExample('POST /v1/organization/invites', 'operator')) as Made;
    // Accepted by a person of no organization (a demo person already has one: 409).
    await expectExample('POST /v1/invites/accept', 'loner', {}, { token: String(second?.token) });
    const third = (await expectExample('POST /v1/organization/invites', 'operator')) as Made;
    await expectExample('DELETE /v1/organization/invites/{id}', 'operator', { id: String(third?.invite?.id) });
    await expectExample('GET /v1/me/profile', 'pilot');
    await expectExample('PUT /v1/me/profile', 'pilot');
    const sub = ((await expectExample('POST /v1/subscribers', 'client')) as { data?: { id?: string } } | null)?.data;
    await expectExample('GET /v1/subscribers', 'client');
    await expectExample('GET /v1/subscribers/{id}/deliveries', 'client', { id: String(sub?.id) });
    await expectExample('DELETE /v1/subscribers/{id}', 'client', { id: String(sub?.id) });
    await expectExample('POST /v1/auth/sign-up', null);
    await expectExample('DELETE /v1/operations/{id}', 'pilot', { id: op });

    expect(failures).toEqual([]);
    // Every documented operation was sent.
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.filter((k) => !covered.has(k))).toEqual([]);
  }, 600_000);

  it('answers with RFC 7946 geometries: right-hand-rule rings, at most 7 decimals', () => {
    expect(covered.size).toBeGreaterThan(80);
    expect([...new Set(rfcBreaches)]).toEqual([]);
  });

  it('sends tiles without degenerate rings, where FAA cells and lakes met the tile edge', async () => {
    for (const [tile, layer] of [['/tiles/airspace/10/164/357.pbf', 'uasfm'], ['/tiles/basemap/7/37/48.pbf', 'water']] as const) {
      const r = await svc.call('GET', tile);
      expect(r.status, tile).toBe(200);
      const vt = new VectorTile(new PbfReader(new Uint8Array(await r.arrayBuffer())));
      const l = vt.layers[layer]!;
      expect(l, `${tile} ${layer}`).toBeDefined();
      let polygons = 0;
      for (let i = 0; i < l.length; i++) {
        const f = l.feature(i);
        if (f.type !== 3) continue;
        polygons++;
        for (const ring of f.loadGeometry()) {
          let a = 0;
          for (let k = 0, j = ring.length - 1; k < ring.length; j = k++) a += (ring[j]!.x - ring[k]!.x) * (ring[j]!.y + ring[k]!.y);
          expect(a, `${tile} ${layer} feature ${i}`).not.toBe(0);
        }
      }
      expect(polygons).toBeGreaterThan(0);
    }
  });

  it('gives the profile example the demo pilot\'s own name, and no place at the poles or Null Island', () => {
    const profile = opOf('PUT /v1/me/profile').op.requestBody!.content['application/json']!.example as { name: string };
    expect(profile.name).toBe('Alice Pilot');
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/"latitude":-90\b/);
    expect(text).not.toContain('"coordinates":[[0,0]]');
  });
});
