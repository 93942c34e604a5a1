/**
 * Reads a whole ArcGIS FeatureServer layer as GeoJSON: `query?where=1=1&outFields=*&f=geojson`, paged
 * with resultOffset/resultRecordCount until the service stops saying exceededTransferLimit (it says so
 * in `properties` of a GeoJSON answer, at the top level of an Esri JSON one). Each page is retried with
 * exponential backoff on network errors, time-outs, 5xx/408/429 and ArcGIS error bodies that are not
 * plain 4xx (ArcGIS often answers errors with HTTP 200 and {"error": {...}}).
 */

export interface FetchLayerOptions {
  /** resultRecordCount; the FAA services cap pages at 2,000 (their maxRecordCount). */
  pageSize?: number;
  /** Retries per page after the first attempt. */
  retries?: number;
  /** First wait before a retry, doubled on each further retry (capped at 30 s). */
  backoffMs?: number;
  timeoutMs?: number;
  /** Safety stop against a service that never stops paging. */
  maxPages?: number;
  /** Limits the query to a WGS84 box [west, south, east, north]. */
  bbox?: [number, number, number, number];
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
}

export interface LayerFetch {
  collection: { type: 'FeatureCollection'; features: unknown[] };
  pages: number;
  retries: number;
}

class PermanentError extends Error {}

/** The query URL of one page. */
export function pageUrl(layerUrl: string, offset: number, pageSize: number, bbox?: [number, number, number, number]): string {
  const q = new URLSearchParams({
    where: '1=1',
    outFields: '*',
    f: 'geojson',
    outSR: '4326',
    returnGeometry: 'true',
    resultOffset: String(offset),
    resultRecordCount: String(pageSize),
  });
  if (bbox) {
    q.set('geometry', bbox.join(','));
    q.set('geometryType', 'esriGeometryEnvelope');
    q.set('inSR', '4326');
    q.set('spatialRel', 'esriSpatialRelIntersects');
  }
  return `${layerUrl.replace(/\/+$/, '')}/query?${q}`;
}

async function getPage(url: string, opts: Required<Pick<FetchLayerOptions, 'timeoutMs' | 'fetchImpl'>>): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await opts.fetchImpl(url, { signal: AbortSignal.timeout(opts.timeoutMs), headers: { accept: 'application/geo+json, application/json' } });
  } catch (e) {
    const err = e as Error & { cause?: { code?: unknown; message?: unknown } };
    const why = err.name === 'TimeoutError' ? `no answer in ${opts.timeoutMs} ms` : String(err.cause?.code ?? err.cause?.message ?? err.message);
    throw new Error(`request failed (${why})`);
  }
  const body = await res.text().catch((e: Error) => {
    throw new Error(`reading the answer failed (${e.message})`);
  });
  if (!res.ok) {
    const message = `HTTP ${res.status}${body ? `: ${body.slice(0, 120)}` : ''}`;
    if (res.status >= 500 || res.status === 408 || res.status === 429) throw new Error(message);
    throw new PermanentError(message);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error(`the answer is not JSON (${body.slice(0, 60)})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('the answer is not a JSON object');
  const error = (json as { error?: { code?: unknown; message?: unknown } }).error;
  if (error) {
    const code = Number(error.code);
    const message = `ArcGIS error ${Number.isFinite(code) ? code : ''}: ${String(error.message ?? 'no message')}`;
    if (code >= 400 && code < 500 && code !== 408 && code !== 429) throw new PermanentError(message);
    throw new Error(message);
  }
  return json as Record<string, unknown>;
}

/** Fetches every feature of one FeatureServer layer (URL ending in /FeatureServer/<n>). */
export async function fetchFeatureLayer(layerUrl: string, options: FetchLayerOptions = {}): Promise<LayerFetch> {
  const pageSize = options.pageSize ?? 1000;
  const retries = options.retries ?? 4;
  const backoffMs = options.backoffMs ?? 1000;
  const maxPages = options.maxPages ?? 10_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const get = { timeoutMs: options.timeoutMs ?? 60_000, fetchImpl: options.fetchImpl ?? fetch };
  const features: unknown[] = [];
  let retried = 0;
  for (let page = 0; ; page++) {
    if (page >= maxPages) throw new Error(`still paging after ${maxPages} pages; giving up`);
    const url = pageUrl(layerUrl, features.length, pageSize, options.bbox);
    let body: Record<string, unknown> | undefined;
    for (let attempt = 0; body === undefined; attempt++) {
      try {
        body = await getPage(url, get);
        if (!Array.isArray(body.features)) throw new Error('the answer has no features array');
      } catch (e) {
        body = undefined;
        if (e instanceof PermanentError || attempt >= retries) {
          throw new Error(`page ${page + 1} (offset ${features.length}): ${(e as Error).message}${attempt ? ` after ${attempt + 1} attempts` : ''}`);
        }
        const wait = Math.min(backoffMs * 2 ** attempt, 30_000);
        options.log?.(`page ${page + 1}: ${(e as Error).message}; retrying in ${wait} ms`);
        retried++;
        await sleep(wait);
      }
    }
    const pageFeatures = body.features as unknown[];
    features.push(...pageFeatures);
    const props = body.properties as { exceededTransferLimit?: unknown } | undefined;
    const more = body.exceededTransferLimit === true || props?.exceededTransferLimit === true;
    if (!more) return { collection: { type: 'FeatureCollection', features }, pages: page + 1, retries: retried };
    if (pageFeatures.length === 0) throw new Error(`page ${page + 1}: the service says more features exist but sent none`);
  }
}
