/**
 * Briefings given again before the app (issue 13; docs/perf.md "Briefings, tenth round"). A briefing
 * request whose exact bytes were answered before, for the dataset answering now, is answered in the node
 * request listener (server/listener.ts) from the briefing answer cache (services/briefing/answer-cache.ts),
 * without Hono, its Request and Response objects or the route pipeline: what stays per request is what
 * the app would do for it.
 *
 * - **Which requests.** POST to a briefing route's own path (no query string), with an Authorization
 *   header, a Content-Length of at most MAX_BODY and no Transfer-Encoding or Content-Encoding. The body is
 *   read here; the request is then either answered, or handed to the app with its body
 *   (`rawBody`, which @hono/node-server reads instead of the socket).
 * - **What is remembered.** Only what the app worked out itself: when the app answers a request handed
 *   to it from here, the briefing handler notes the answer cache's key it computed for it, under the
 *   route, the Content-Type and the body's exact bytes (services/briefing/remembered-requests.ts).
 * - **Per request, as the app.** The caller is authenticated from the Authorization header
 *   (bearerPrincipal: the same verification, a person's token still checked against their session),
 *   may call the route (authorize, the route's precheck), is counted against the same whole-API rate
 *   limit, and gets the answer the answer cache holds for the window starting now (or at the request's
 *   startTime) only while it holds (keptAnswer: the same test the handler makes), with the DEM set
 *   (currentDems) its ground was read from. Anything else (a refusal, a miss, a DEM import) goes to the app
 *   before the caller is counted here, so the app counts it once and answers as it always does (a 429
 *   alone is counted twice, for a caller already over its limit).
 * - **The same answer.** Status 200, the headers of plainJsonHeaders (the app's own layout for these
 *   answers), compressed as the app compresses (Content-Encoding and Vary added) and the kept bytes (briefing.fast-path.test.ts: byte for byte, the date and the remaining
 *   rate limit aside).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AppDeps } from '../../deps';
import { bearerPrincipal } from '../../http/authenticate';
import { authorize } from '../../http/authorize';
import { chooseCoding, compressedBody } from '../../http/compression';
import { plainJsonHeaders } from '../../http/json-head';
import { callerKey } from '../../http/principal';
import { rateLimitsFor } from '../../http/rate-limit';
import type { RouteSpec } from '../../http/route';
import type { EarlyAnswer } from '../../listener';
import { keptAnswer } from '../../services/briefing/answer-cache';
import { ANY_DEMS, currentDems } from '../../services/elevation/dem-ground';
import { markForMemory, rememberedRequest } from '../../services/briefing/remembered-requests';
import { extrasText, placeOfKey, withExtras } from '../../services/briefing/extras';

/** The briefing routes answered here (briefing.routes.ts). */
export const BRIEFING_OPERATIONS: ReadonlySet<string> = new Set(['briefingLocationV1', 'briefingLocationV2', 'briefingAreaV1', 'briefingAreaV2']);

/** Bodies larger than this go to the app unread (a point is ~60 bytes; an area of a few hundred vertices fits). */
export const MAX_BODY = 16 * 1024;
/** How many requests were answered here (tests). */
export const answeredEarly = { count: 0 };

/** The early answer for briefings of this app (`routes`: its route table; none of them, nothing here). */
export function keptBriefingAnswer(deps: AppDeps, routes: RouteSpec[]): EarlyAnswer {
  const byPath = new Map(routes.filter((r) => r.method === 'post' && BRIEFING_OPERATIONS.has(r.operationId)).map((r) => [r.path, r]));
  if (byPath.size === 0) return () => false;
  const headers = plainJsonHeaders(deps.config, routes);
  /** The head but for the rate limits, per route and dataset version, as res.writeHead takes it: [name, value, …]. */
  const heads = new Map<string, string[]>();
  const headOf = (route: RouteSpec, version: string, limits: Record<string, string> | null): string[] => {
    const key = `${route.path}\n${version}`;
    let base = heads.get(key);
    if (!base) {
      if (heads.size >= 16) heads.clear();
      heads.set(key, (base = Object.entries(headers('POST', route.path, { 'X-Dataset-Version': version }, null)).flat()));
    }
    // A copy: the rate limits and perhaps the length are added to it.
    const head = base.slice();
    if (limits) for (const k in limits) head.push(k, limits[k]!);
    return head;
  };

  /** The answer's bytes and headers, or null (nothing counted, nothing written): the app answers. */
  async function answer(req: IncomingMessage, route: RouteSpec, bytesKey: string): Promise<{ bytes: Buffer; head: string[] } | null> {
    const ds = deps.datasets.current();
    const kept = rememberedRequest(ds, bytesKey);
    if (!kept) return null;
    const principal = await bearerPrincipal(req.headers.authorization!, deps);
    authorize(route, principal);
    route.precheck?.(deps);
    if (kept.dems !== ANY_DEMS && (await currentDems(deps)) !== kept.dems) return null;
    const startMs = kept.startMs ?? deps.now().getTime();
    const engine = keptAnswer(ds, kept.key, startMs);
    if (engine === undefined) return null;
    // Daylight and weather after the cache, as the handler adds them (services/briefing/extras.ts).
    const start = new Date(startMs);
    const bytes = withExtras(engine, await extrasText(deps, placeOfKey(kept.key.kind, kept.key.geometry), start, new Date(startMs + kept.key.windowMs), kept.key.maxAltitudeFt));
    // Counted last: whatever went to the app before this was counted there, once.
    const limits = await rateLimitsFor(deps).apiRequest(callerKey(principal));
    return { bytes, head: headOf(route, ds.version, limits) };
  }

  async function settle(req: IncomingMessage & { rawBody?: Buffer }, res: ServerResponse, app: RequestListener, route: RouteSpec, body: Buffer): Promise<void> {
    const bytesKey = `${route.path}\n${req.headers['content-type'] ?? ''}\n${body.toString('latin1')}`;
    let a: Awaited<ReturnType<typeof answer>> = null;
    try {
      a = await answer(req, route, bytesKey);
    } catch {
      // A refusal (401, 403, 410, 429) or a failure: the app answers it as it always does. Only a 429 was
      // counted here too, for a caller already over its limit.
    }
    if (a === null) {
      req.rawBody = body;
      markForMemory(req, bytesKey);
      app(req, res);
      return;
    }
    answeredEarly.count++;
    // Compressed as the app compresses (br or gzip when asked, over 1 KB), from the form kept beside the
    // cached bytes: a repeat is not compressed again.
    const coding = chooseCoding(req.headers['accept-encoding']);
    const packed = coding ? compressedBody(a.bytes, coding) : null;
    if (packed) {
      a.head.push('Content-Encoding', coding!, 'Vary', 'Accept-Encoding');
      a.bytes = packed;
    }
    // As @hono/node-server writes the app's answers: node adds the length after its own headers (Date,
    // Connection, Keep-Alive) when told it in _contentLength; else it goes with the others.
    const out = res as ServerResponse & { _contentLength?: number | null };
    if (out._contentLength === null) out._contentLength = a.bytes.byteLength;
    else a.head.push('Content-Length', String(a.bytes.byteLength));
    res.writeHead(200, a.head);
    res.end(a.bytes);
  }

  return (req, res, app) => {
    if (req.method !== 'POST') return false;
    const route = byPath.get(req.url ?? '');
    if (!route) return false;
    const h = req.headers;
    if (h.authorization === undefined || h['transfer-encoding'] !== undefined || h['content-encoding'] !== undefined) return false;
    // Node's parser took Content-Length as a decimal number; absent, NaN.
    const length = Number(h['content-length']);
    if (!(length > 0 && length <= MAX_BODY)) return false;
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    // A client that goes away mid-body: nothing to answer (without a listener the error would be thrown).
    req.on('error', () => res.destroy());
    req.once('end', () => void settle(req, res, app, route, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    return true;
  };
}
