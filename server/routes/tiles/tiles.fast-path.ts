/**
 * Cached vector tiles answered before the app (issue 13: "a cached tile is a buffer write"). In the
 * node request listener (server/listener.ts), a GET or HEAD of /tiles/{basemap|airspace}/{z}/{x}/{y}.pbf
 * whose bytes are already in the tile cache is written straight to the socket, and so is the 304 of a
 * conditional request (If-None-Match) for it: a map revalidates its airspace tiles every minute (their
 * max-age). Everything else falls through to the app unchanged: a cache miss, coordinates the route
 * refuses, a query string, gzip asked for but not yet made, a request with a body, the street source.
 *
 * The answer is the app's own, byte for byte (tiles.fast-path.test.ts): the tile's headers come from
 * the handler's tileHeaders(), CORS from CORS_ANSWER_HEADERS and the defences from defenceHeaders(),
 * laid out at start as the app's answer lays them out (the web Headers the middleware fills: names in
 * lower case, sorted). Tiles are public: no credentials, no rate limit, no request log on this route.
 *
 * Per request only what node:http's own answer needs (docs/perf.md, "The cached tile, third round"): the
 * path is tested, not parsed (a cache hit proves the address valid: only valid tiles are cached, under
 * their canonical address); the cache key is the content version (kept per TFR epoch) and the URL's own
 * address; the head is a flat array made once per cached tile (and max-age) and kept with it.
 */
import type { AppDeps } from '../../deps';
import type { EarlyAnswer } from '../../listener';
import { CORS_ANSWER_HEADERS, crossOriginRoutes } from '../../http/cors';
import type { RouteSpec } from '../../http/route';
import { defenceHeaders } from '../../http/security-headers';
import type { TileSourceName } from '../../tiles/render';
import { tileServiceFor, type CachedTile } from '../../tiles/tile-service';
import { acceptsGzip, notModified, tileHeaders } from './tiles.handlers';

/**
 * Digits only; "/tiles/" is 7 characters and ".pbf" 4, so the address is the URL's slice(7, -4). A
 * leading zero or an out-of-grid address matches no cached tile and goes to the app, which refuses it.
 */
const TILE_PATH = /^\/tiles\/(?:basemap|airspace)\/[0-9]{1,8}\/[0-9]{1,8}\/[0-9]{1,8}\.pbf$/;
const B = 'b'.charCodeAt(0);

/** A header of the answer: its name as sent, and either the key of tileHeaders() it takes or a fixed value. */
type Slot = readonly [name: string, tileKey: string | null, fixed: string];
/** 'bodiless': a 204 (an empty tile) or a 304, whose heads are the same (tileHeaders() without a body). */
type Shape = 'plain' | 'gzip' | 'bodiless';

/**
 * The app's header layout for one shape of answer, worked out once: what tileHeaders() gives, then the
 * CORS middleware's set(), then the defences, in a web Headers as the app has it.
 */
function layout(deps: AppDeps, cors: boolean, body: Uint8Array | null, gzip: boolean): Slot[] {
  const own = tileHeaders({ etag: '"e"', maxAge: 0 }, body, gzip);
  const h = new Headers(own);
  const fromTile = new Map(Object.keys(own).map((k) => [k.toLowerCase(), k]));
  const set = (k: string, v: string) => {
    h.set(k, v);
    fromTile.delete(k.toLowerCase());
  };
  if (cors) for (const [k, v] of CORS_ANSWER_HEADERS) set(k, v);
  for (const [k, v] of defenceHeaders(deps.config)('/tiles/airspace/0/0/0.pbf', h)) set(k, v);
  return [...h].map(([name, value]) => [name, fromTile.get(name) ?? null, value] as const);
}

/** The head as res.writeHead takes it without building an object: [name, value, name, value, …]. */
function fill(slots: Slot[], own: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [name, key, fixed] of slots) out.push(name, key === null ? fixed : own[key]!);
  return out;
}

/** The heads of one cached tile for one max-age (airspace tiles' max-age shortens before a TFR change). */
interface Heads {
  maxAge: number;
  plain?: string[];
  gzip?: string[];
  bodiless?: string[];
}

/** How often heads were made (tests: once per cached tile and shape, not once a request). */
export const headsMade = { count: 0 };

/**
 * The early answer for cached tiles of this app. `routes`: the app's route table (CORS follows it, and
 * without the tile route nothing is answered here).
 */
export function cachedTileAnswer(deps: AppDeps, routes: RouteSpec[]): EarlyAnswer {
  if (!routes.some((r) => r.operationId === 'getVectorTile')) return () => false;
  const cors = crossOriginRoutes(routes)('GET', '/tiles/airspace/0/0/0.pbf');
  const tiles = tileServiceFor(deps.datasets, deps.now);
  const someBody = new Uint8Array(1);
  const slots: Record<Shape, Slot[]> = { plain: layout(deps, cors, someBody, false), gzip: layout(deps, cors, someBody, true), bodiless: layout(deps, cors, null, false) };
  // Kept by the cached tile itself: gone with it when the tile cache drops it (no key strings to build).
  const heads = new WeakMap<CachedTile, Heads>();
  const head = (shape: Shape, tile: CachedTile, maxAge: number, body: Uint8Array | null): string[] => {
    let h = heads.get(tile);
    if (!h || h.maxAge !== maxAge) heads.set(tile, (h = { maxAge }));
    let filled = h[shape];
    if (!filled) {
      headsMade.count++;
      h[shape] = filled = fill(slots[shape], tileHeaders({ etag: tile.etag, maxAge }, body, shape === 'gzip'));
    }
    return filled;
  };

  // Browsers send the same Accept-Encoding on every request: the last one's answer is kept.
  let lastEncoding: string | undefined;
  let lastGzip = false;
  const gzipAccepted = (header: string | undefined): boolean => {
    if (header === undefined) return false;
    if (header !== lastEncoding) {
      lastGzip = acceptsGzip(header);
      lastEncoding = header;
    }
    return lastGzip;
  };

  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url;
    if (url === undefined || !TILE_PATH.test(url)) return false;
    const h = req.headers;
    if (h['content-length'] !== undefined || h['transfer-encoding'] !== undefined) return false;
    const source: TileSourceName = url.charCodeAt(7) === B ? 'basemap' : 'airspace';
    let tile: CachedTile | undefined;
    let maxAge: number;
    try {
      const now = deps.now();
      tile = tiles.cachedAt(source, url.slice(7, -4), now);
      if (!tile) return false;
      maxAge = tiles.maxAge(source, now);
    } catch {
      // A throw here would escape the request listener and end the process: the app answers instead (a 500, logged).
      return false;
    }
    // As the app's handler: the ETag matched answers 304 before anything else, an empty tile 204.
    const ifNoneMatch = h['if-none-match'];
    if (ifNoneMatch !== undefined && (ifNoneMatch === tile.etag || notModified(ifNoneMatch, tile.etag))) {
      res.writeHead(304, head('bodiless', tile, maxAge, null));
      res.end();
      return true;
    }
    const bodyPlain = tile.body;
    if (!bodyPlain) {
      res.writeHead(204, head('bodiless', tile, maxAge, null));
      res.end();
      return true;
    }
    const gzip = gzipAccepted(h['accept-encoding']);
    // The gzip form is made by the app's path (a compression is no buffer write); then kept with the tile.
    const body = gzip ? tile.gzip : bodyPlain;
    if (!body) return false;
    res.writeHead(200, head(gzip ? 'gzip' : 'plain', tile, maxAge, body));
    // HEAD: node sends no body whatever end() is given; the app's answer to HEAD carries the GET's headers.
    res.end(method === 'HEAD' ? undefined : body);
    return true;
  };
}
