/**
 * Cached vector tiles answered before the app (issue 13: "a cached tile is a buffer write"). In the
 * node request listener (server/listener.ts), a GET or HEAD of /tiles/{basemap|airspace}/{z}/{x}/{y}.pbf
 * whose bytes are already in the tile cache is written straight to the socket. Everything else falls
 * through to the app unchanged: a cache miss, coordinates the route refuses, a query string, a
 * conditional request (If-None-Match: the app answers 304), gzip asked for but not yet made, a request
 * with a body, the street source.
 *
 * The answer is the app's own, byte for byte (tiles.fast-path.test.ts): the tile's headers come from
 * the handler's tileHeaders(), CORS from CORS_ANSWER_HEADERS and the defences from defenceHeaders(),
 * laid out at start as the app's answer lays them out (the web Headers the middleware fills: names in
 * lower case, sorted). Tiles are public: no credentials, no rate limit, no request log on this route.
 */
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../../deps';
import type { EarlyAnswer } from '../../listener';
import { CORS_ANSWER_HEADERS, crossOriginRoutes } from '../../http/cors';
import type { RouteSpec } from '../../http/route';
import { defenceHeaders } from '../../http/security-headers';
import type { TileSourceName } from '../../tiles/render';
import { parseTileCoord, type TileCoord } from '../../tiles/tile-coords';
import { tileServiceFor } from '../../tiles/tile-service';
import { acceptsGzip, tileHeaders } from './tiles.handlers';


/** Digits only here; parseTileCoord then refuses leading zeros and out-of-grid addresses as the route does. */
const TILE_PATH = /^\/tiles\/(basemap|airspace)\/([0-9]{1,8})\/([0-9]{1,8})\/([0-9]{1,8})\.pbf$/;

/** A header of the answer: its name as sent, and either the key of tileHeaders() it takes or a fixed value. */
type Slot = readonly [name: string, tileKey: string | null, fixed: string];

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

function fill(slots: Slot[], own: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, key, fixed] of slots) out[name] = key === null ? fixed : own[key]!;
  return out;
}

/**
 * The early answer for cached tiles of this app. `routes`: the app's route table (CORS follows it, and
 * without the tile route nothing is answered here).
 */
export function cachedTileAnswer(deps: AppDeps, routes: RouteSpec[]): EarlyAnswer {
  if (!routes.some((r) => r.operationId === 'getVectorTile')) return () => false;
  const cors = crossOriginRoutes(routes)('GET', '/tiles/airspace/0/0/0.pbf');
  const tiles = tileServiceFor(deps.datasets, deps.now);
  const someBody = new Uint8Array(1);
  const slots = { plain: layout(deps, cors, someBody, false), gzip: layout(deps, cors, someBody, true), empty: layout(deps, cors, null, false) };
  // The filled headers of the tiles being asked for, by what they are made of: shape, max-age, ETag and
  // length (the length too, should a tile rendered again ever differ). 4,096 heads: about 4 MB at most.
  const heads = new LRUCache<string, Record<string, string>>({ max: 4096 });
  const head = (shape: keyof typeof slots, tile: { etag: string; maxAge: number }, body: Uint8Array | null) => {
    const key = `${shape} ${tile.maxAge} ${body?.byteLength ?? 0} ${tile.etag}`;
    let h = heads.get(key);
    if (!h) heads.set(key, (h = fill(slots[shape], tileHeaders(tile, body, shape === 'gzip'))));
    return h;
  };

  // A throw here would escape the request listener and end the process: the app answers instead (a 500, logged).
  const lookUp = (source: TileSourceName, coord: TileCoord) => {
    try {
      return tiles.cached(source, coord);
    } catch {
      return null;
    }
  };

  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const m = TILE_PATH.exec(req.url ?? '');
    if (!m) return false;
    const h = req.headers;
    if (h['if-none-match'] !== undefined || h['content-length'] !== undefined || h['transfer-encoding'] !== undefined) return false;
    const coord = parseTileCoord(m[2]!, m[3]!, m[4]!);
    if (!coord.ok) return false;
    const tile = lookUp(m[1] as TileSourceName, coord.tile);
    if (!tile) return false;
    if (!tile.body) {
      res.writeHead(204, head('empty', tile, null));
      res.end();
      return true;
    }
    const gzip = acceptsGzip(h['accept-encoding']);
    // The gzip form is made by the app's path (a compression is no buffer write).
    if (gzip && !tile.gzipReady) return false;
    const body = gzip ? tile.gzip()! : tile.body;
    res.writeHead(200, head(gzip ? 'gzip' : 'plain', tile, body));
    // HEAD: node sends no body whatever end() is given; the app's answer to HEAD carries the GET's headers.
    res.end(method === 'HEAD' ? undefined : body);
    return true;
  };
}
