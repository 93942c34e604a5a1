/**
 * Handlers of the map endpoints: style documents, vector tiles, glyph ranges and the sprite. Binary
 * bodies go out as raw Responses. Every answer, errors included, carries
 * Access-Control-Allow-Origin: * so a portal served from another origin can load the map.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { glyphRange, parseGlyphRange, resolveFontStack } from '../../tiles/glyphs';
import type { MapConfig } from '../../contract/map-config';
import { basemapReady, OVERVIEW_MAXZOOM } from '../../tiles/basemap';
import { isTileSource, TILE_SOURCES } from '../../tiles/render';
import { streetsArchive, type StreetsInfo } from '../../tiles/streets';
import { parseSpriteFile, spriteSheet } from '../../tiles/sprites';
import { buildStyle, STREETS_SOURCE, STYLE_NAMES } from '../../tiles/style/style';
import { parseTileCoord } from '../../tiles/tile-coords';
import { tileServiceFor } from '../../tiles/tile-service';

const CORS = { 'Access-Control-Allow-Origin': '*' };
const ONE_DAY = 'public, max-age=86400';
const TILE_CONTENT_TYPE = 'application/vnd.mapbox-vector-tile';

/** Node's Buffer and Uint8Array are valid bodies; TypeScript's DOM types only lack the generic ArrayBufferLike. */
const bytes = (b: Uint8Array): BodyInit => b as Uint8Array<ArrayBuffer>;

const fail = (status: number, message: string) => new ApiError(status, message, undefined, CORS);

/**
 * A path parameter written as {name}.ext in the route table. Hono names such a parameter "name.ext"
 * and leaves the extension in its value; a request without the extension is refused.
 */
export function suffixedParam(c: Context, name: string, ext: string): string | null {
  const plain = c.req.param(name);
  if (plain !== undefined) return plain;
  const raw = c.req.param(`${name}${ext}`);
  return raw !== undefined && raw.endsWith(ext) ? raw.slice(0, -ext.length) : null;
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the client reached us at: X-Forwarded-Proto and X-Forwarded-Host (first value) when a
 * proxy or CDN sets them and they are well-formed, else the request URL's own.
 */
export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const first = (h: string | undefined) => h?.split(',')[0]?.trim();
  const proto = first(c.req.header('x-forwarded-proto'))?.toLowerCase();
  const host = first(c.req.header('x-forwarded-host'));
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.replace(':', '');
  return `${scheme}://${host && HOST.test(host) ? host : url.host}`;
}

/**
 * The street archive's facts when BASEMAP_PMTILES names a readable vector archive; null otherwise. A
 * broken archive is logged and the styles fall back to the offline basemap, so the map still works.
 */
async function streetsInfo(deps: AppDeps): Promise<StreetsInfo | null> {
  const file = deps.config.basemapPmtiles;
  if (!file) return null;
  try {
    return await streetsArchive(file).info();
  } catch (err) {
    deps.log.warn('street basemap unavailable, serving the offline basemap', { file, error: err instanceof Error ? err.message : String(err) });
    return null;
  }
}

export async function mapConfig(deps: AppDeps): Promise<{ body: MapConfig; headers: Record<string, string> }> {
  const streets = await streetsInfo(deps);
  return {
    body: { styles: STYLE_NAMES, basemap: streets ? 'streets' : 'offline', styleUrl: deps.config.basemapStyleUrl, maps: deps.config.onlineMaps },
    headers: { ...CORS, 'Cache-Control': 'public, max-age=300' },
  };
}

/** Strong ETags of files the service makes (glyph ranges, sprite sheets), by their bytes object. */
const etags = new WeakMap<object, string>();

/** A strong ETag of content: a digest of its bytes (kept beside bytes that are themselves kept). */
export function contentEtag(content: Uint8Array | string): string {
  if (typeof content !== 'string') {
    const known = etags.get(content);
    if (known) return known;
  }
  const tag = `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
  if (typeof content !== 'string') etags.set(content, tag);
  return tag;
}

/**
 * The answer with its ETag, or a 304 with the same headers and no body when If-None-Match names it
 * (issue 30: style, sprites and fonts are revalidated, not fetched again).
 */
function withEtag(c: Context, body: BodyInit, etag: string, headers: Record<string, string>): Response {
  const h: Record<string, string> = { ...headers, ETag: etag };
  if (notModified(c.req.header('if-none-match'), etag)) {
    const { 'Content-Type': _type, ...rest } = h;
    return new Response(null, { status: 304, headers: rest });
  }
  return new Response(body, { status: 200, headers: h });
}

/** `basemap=offline` asks for the offline basemap even where a street archive is served. */
export async function styleDocument(deps: AppDeps, c: Context, name: string, basemap: 'offline' | 'streets' | undefined): Promise<Response> {
  const streets = basemap === 'offline' ? null : await streetsInfo(deps);
  const style: StyleSpecification | null = buildStyle(name, requestOrigin(c), deps.datasets.current(), streets);
  if (!style) throw fail(404, `No style named "${name}"; styles: ${STYLE_NAMES.join(', ')}`);
  const text = JSON.stringify(style);
  return withEtag(c, text, contentEtag(text), {
    ...CORS,
    'Content-Type': 'application/json',
    'Cache-Control': 'public, max-age=300',
    Vary: 'Host, X-Forwarded-Host, X-Forwarded-Proto',
  });
}

/** Whether Accept-Encoding allows gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * If-None-Match holds the ETag (or *), comparing weakly as RFC 9110 asks for GET. One function for this
 * handler and for cached tiles answered before the app (tiles.fast-path.ts).
 */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => bare(t) === '*' || bare(t) === etag);
}

export async function vectorTile(deps: AppDeps, c: Context, params: { source: string; z: string; x: string }): Promise<Response> {
  const streets = params.source === STREETS_SOURCE;
  if (!streets && !isTileSource(params.source)) throw fail(404, `No tile source "${params.source}"; sources: ${[...TILE_SOURCES, STREETS_SOURCE].join(', ')}`);
  const y = suffixedParam(c, 'y', '.pbf');
  if (y === null) throw fail(404, 'A tile address ends in .pbf');
  const coord = parseTileCoord(params.z, params.x, y);
  if (!coord.ok) throw fail(400, coord.message);
  let tile: { etag: string; body: Uint8Array | null; maxAge: number; gzip(): Buffer | null };
  if (streets) {
    if (!(await streetsInfo(deps))) throw fail(404, 'No street basemap is served here (BASEMAP_PMTILES is not set or not readable)');
    tile = { ...(await streetsArchive(deps.config.basemapPmtiles!).tile(coord.tile)), maxAge: 86_400 };
  } else {
    // Basemap tiles deeper than the overview are cut in the basemap worker (TileService.load), which
    // waits for their parts there.
    if (params.source === 'basemap' && coord.tile.z <= OVERVIEW_MAXZOOM) await basemapReady(coord.tile.z);
    tile = await tileServiceFor(deps.datasets, deps.now).load(params.source as 'basemap' | 'airspace', coord.tile);
  }
  if (notModified(c.req.header('if-none-match'), tile.etag)) return new Response(null, { status: 304, headers: tileHeaders(tile, null, false) });
  if (!tile.body) return new Response(null, { status: 204, headers: tileHeaders(tile, null, false) });
  const gz = acceptsGzip(c.req.header('accept-encoding')) ? tile.gzip() : null;
  const body = gz ?? tile.body;
  return new Response(bytes(body), { status: 200, headers: tileHeaders(tile, body, gz !== null) });
}

/**
 * A tile answer's own headers (the app adds CORS' expose list and the defences); `body` null: a 204 or
 * 304. One function for this handler and for cached tiles answered before the app (tiles.fast-path.ts).
 */
export function tileHeaders(tile: { etag: string; maxAge: number }, body: Uint8Array | null, gzip: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    ...CORS,
    ETag: tile.etag,
    'Cache-Control': `public, max-age=${tile.maxAge}`,
    Vary: 'Accept-Encoding',
  };
  if (!body) return headers;
  headers['Content-Type'] = TILE_CONTENT_TYPE;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = String(body.byteLength);
  return headers;
}

export async function glyphs(c: Context, fontstack: string): Promise<Response> {
  const range = suffixedParam(c, 'range', '.pbf');
  if (range === null) throw fail(404, 'A glyph range address ends in .pbf');
  const font = resolveFontStack(fontstack);
  if (!font.ok) throw fail(font.status, font.message);
  const r = parseGlyphRange(range);
  if (!r.ok) throw fail(400, r.message);
  const pbf = await glyphRange(font.font, r.start);
  return withEtag(c, bytes(pbf), contentEtag(pbf), { ...CORS, 'Content-Type': 'application/x-protobuf', 'Cache-Control': ONE_DAY });
}

export function sprite(c: Context, file: string): Response {
  const f = parseSpriteFile(file);
  const sheet = f && spriteSheet(f.name, f.ratio);
  if (!f || !sheet) throw fail(404, `No sprite file "${file}"`);
  const headers = { ...CORS, 'Cache-Control': ONE_DAY };
  if (f.ext === 'json') {
    const text = JSON.stringify(sheet.json);
    return withEtag(c, text, contentEtag(text), { ...headers, 'Content-Type': 'application/json' });
  }
  return withEtag(c, bytes(sheet.png), contentEtag(sheet.png), { ...headers, 'Content-Type': 'image/png' });
}
