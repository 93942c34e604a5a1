/**
 * The operations specs' driver: an API integration (client credentials), people in their own browser
 * contexts, a callback receiver on 127.0.0.1, and the sandbox places where LAANC answers a known way.
 * Specs say what happens; this file knows the endpoints, test ids and cookies.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNTS, type Who } from './driver';
import { expect } from './fixtures';
import { ONLINE_MAP_HOSTS } from './online-maps';

type Polygon = { type: 'Polygon'; coordinates: number[][][] };

function square(west: number, south: number, east: number, north: number): Polygon {
  return { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] };
}

/**
 * Places in the sandbox dataset (docs/dataset-sandbox.md), checked against the service's LAANC answer
 * at several hours of the day: a Boeing Field (BFI, Class D) facility-map cell off West Seattle in the
 * sandbox's **generated** grid, just west of the FAA's real map, with a 200 ft ceiling in the model, so
 * 200 ft is approved automatically (generated data, the sandbox's own LAANC); and a Seattle-Tacoma (SEA,
 * Class B) cell on the Burien shore with a 50 ft ceiling, outside the real map's coverage, so 200 ft with
 * a fixed altitude needs further coordination. Both lie more than 3 NM from Lumen Field and T-Mobile
 * Park, whose event TFRs would block them on game days. (Until 2026-11-28 the first lay on the FAA's real
 * map; its cycle, effective 2025-10-30, ended 2025-12-25, so LAANC no longer auto-authorizes there:
 * docs/briefing-rules.md, "Audit 2026-11-28, third pass". Its nearest airport is still BFI, 4.7 NM.)
 */
export const PLACES = {
  autoApproval: square(-122.42, 47.525, -122.41, 47.535),
  furtherCoordination: square(-122.397, 47.452, -122.387, 47.46),
};

export const inHours = (h: number) => new Date(Math.ceil(Date.now() / 900_000) * 900_000 + h * 3_600_000).toISOString();

// ---- The integration (sandbox API client) ----

export async function clientToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/v1/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' } });
  expect(res.status(), 'token').toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

export async function signingSecret(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/v1/callbacks/signing-secret', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), 'signing secret').toBe(200);
  return ((await res.json()) as { secret: string }).secret;
}

export async function createEphemeral(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<string> {
  const res = await request.post('/v1/operations/ephemeral', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(res.status(), `create ephemeral: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

// ---- Callback receiver ----

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  json: Record<string, unknown>;
}

/** An HTTP receiver on 127.0.0.1 (the sandbox allows loopback callbacks) that records what it gets. */
export async function startReceiver() {
  const received: Delivery[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, raw, json: JSON.parse(raw || '{}') as Record<string, unknown> });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async waitFor(pred: (d: Delivery) => boolean, timeout = 20_000): Promise<Delivery> {
      await expect.poll(() => received.some(pred), { timeout, message: 'a callback delivery arrives' }).toBe(true);
      return received.find(pred)!;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")> (docs/operations-laanc.md). */
export function signatureValid(secret: string, header: string, raw: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// ---- People ----

/** Another person in a browser context of their own (cookies apart), signed in through the API. */
export async function personContext(browser: Browser, testInfo: TestInfo, who: Who): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 800 } });
  const res = await context.request.post('/v1/auth/sign-in', { data: ACCOUNTS[who] });
  expect(res.status(), `sign in as ${who}`).toBe(200);
  // As in fixtures.ts: the online maps' hosts cannot be reached here, and the portal falls back to the
  // offline map; their refused loads are the only console errors allowed.
  await context.route(ONLINE_MAP_HOSTS, (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !ONLINE_MAP_HOSTS.test(m.location().url) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** A state-changing request as the signed-in person of `context` (session cookie plus the CSRF header). */
export async function personCall(context: BrowserContext, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown) {
  const csrf = (await context.cookies()).find((c) => c.name === 'sp_csrf')?.value ?? '';
  const res = await context.request.fetch(path, { method, data, headers: { 'X-CSRF-Token': decodeURIComponent(csrf) } });
  return { status: res.status(), body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

export const POINT_OF_CONTACT = { firstName: 'Alice', lastName: 'Pilot', phoneNumber: '+1 206 555 0100', emailAddress: 'pilot@cascade.example' };

/** A platform operation made through the API as the person of `context`. */
export async function createOperation(context: BrowserContext, opts: { name: string; boundary: Polygon; startInHours: number; maxAltitude: number; callbackUrl?: string }): Promise<string> {
  const op = await personCall(context, 'POST', '/v1/operations', {
    name: opts.name,
    boundary: opts.boundary,
    minAltitude: 0,
    maxAltitude: opts.maxAltitude,
    startTime: inHours(opts.startInHours),
    endTime: inHours(opts.startInHours + 1),
    timezone: 'America/Los_Angeles',
    altitudeUnit: 'ALTITUDE_UNIT_FEET',
    altitudeReference: 'ALTITUDE_REFERENCE_AGL',
    flightType: 'FLIGHT_TYPE_COMMERCIAL',
    authorizationProviders: ['APPROVAL_PROVIDER_LAANC'],
    ...(opts.callbackUrl ? { callbackUrl: opts.callbackUrl } : {}),
  });
  expect(op.status, JSON.stringify(op.body)).toBe(201);
  return op.body!.id as string;
}

/** An operation with its LAANC request, made through the API (the LAANC form is tested elsewhere). */
export async function operationWithLaanc(
  context: BrowserContext,
  opts: { name: string; boundary: Polygon; startInHours: number; maxAltitude: number; fixedAltitude: boolean; callbackUrl?: string },
): Promise<string> {
  const id = await createOperation(context, opts);
  const laanc = await personCall(context, 'POST', `/v1/operations/${id}/laanc`, { license: 'LICENSE_PART_107', fixedAltitude: opts.fixedAltitude, pointOfContact: POINT_OF_CONTACT });
  expect(laanc.status, JSON.stringify(laanc.body)).toBe(201);
  return id;
}

// ---- Pages ----

/** The display map has loaded its style and the tiles in view. */
export async function mapReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const m = window.__skyplanDisplay?.map;
    return !!m && m.loaded() && m.areTilesLoaded();
  }, undefined, { timeout: 30_000 });
}

/** Screenshots at the desktop and phone sizes, the whole page, into test-results/screenshots. */
export async function screenshots(page: Page, name: string, ready: () => Promise<void> = async () => {}): Promise<void> {
  // From the top: a sticky map in a full-page shot sits where the scroll left it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1280, height: 800 });
  await ready();
  await page.screenshot({ path: `test-results/screenshots/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300); // the map refits to its new size on the next frame
  await ready();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: nothing sticks out sideways on a phone`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screenshots/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

export async function noSeriousAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Submits every candidate (with a justification for further coordination); the new authorization ids. */
export async function submitAll(context: BrowserContext, operationId: string, justification?: string): Promise<string[]> {
  const r = await personCall(context, 'POST', `/v1/operations/${operationId}/laanc/authorizations`, justification ? { justification } : undefined);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body!.submitted as string[];
}
