/**
 * Service configuration from the environment. Every variable is listed in the README.
 */
import path from 'node:path';
import { heavyConfig, type HeavyConfig } from './workers/heavy-config';

export type Profile = 'sandbox' | 'production';

export interface Config {
  port: number;
  host: string;
  profile: Profile;
  dataDir: string;
  databaseUrl: string | null;
  /** Address this service is reached at (used for tile and glyph URLs when no request is at hand). */
  publicUrl: string;
  /** Base of claim links: {portalUrl}/plan/operations/<id>/claim. */
  portalUrl: string;
  apiClientId: string;
  apiClientSecret: string;
  /** Secret for signing tokens; when unset, one is generated once and kept in the store. */
  tokenSecret: string | null;
  tokenTtlSeconds: number;
  sessionTtlSeconds: number;
  maxBodyBytes: number;
  ephemeralTtlMinutes: number;
  /** Callback targets on loopback are allowed in the sandbox so tests and developers can receive them. */
  callbackAllowLoopback: boolean;
  callbackAllowPrivate: boolean;
  portalDir: string | null;
  /** Seconds between checks for a new active dataset version (0: never). */
  datasetPollSeconds: number;
  /** Bound of the built tile parts kept in memory, in MB of estimated heap (server/tiles/tileset.ts). */
  tilePartCacheMb: number;
  /** Seconds a work lease (an outbox row, a leader job) lasts without renewal; another instance takes over after it. */
  leaseSeconds: number;
  /** Seconds a request may take to send its headers, and its whole request (slow clients are cut off). */
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  /** Seconds an idle keep-alive connection stays open. */
  keepAliveTimeoutSeconds: number;
  /** Open connections allowed per remote address (0: no cap); more are closed at once. */
  maxConnectionsPerAddress: number;
  /** Open connections in all (server.maxConnections); null: the open-files limit less a reserve (listener.ts). */
  maxConnections: number | null;
  /** On SIGTERM: seconds to keep accepting while readiness is already false (for the load balancer to notice). */
  drainDelaySeconds: number;
  /** On SIGTERM: seconds in-flight requests get to finish before the process exits anyway. */
  drainTimeoutSeconds: number;
  /** Seed demo accounts (sandbox only). */
  seedDemo: boolean;
  /** A Protomaps basemap archive (PMTiles v3, vector): the styles' street basemap when set. */
  basemapPmtiles: string | null;
  /** A MapLibre style URL the portal draws under the airspace instead of the service's basemap. */
  basemapStyleUrl: string | null;
  /** The online maps the portal offers over the airspace (null: not offered), and who each reveals the view to. */
  onlineMaps: OnlineMapsConfig;
  /** The Aviation Weather Center Data API (WEATHER_API_URL; null: no weather in briefings) and its bounds. */
  weather: { apiUrl: string | null; timeoutMs: number; requestsPerMinute: number; cacheSeconds: number };
  /** Further origins the portal may connect to (another deployment, another map style): CSP connect-src. */
  portalConnectOrigins: string[];
  /** Proxies in front of the service whose X-Forwarded-For entries are trusted (0: the socket's address). */
  trustProxyHops: number;
  rateLimits: RateLimitConfig;
  /** The worker pool, the main-thread gate and the time budgets (WORKER_*, *_BUDGET_MS, MAIN_THREAD_QUEUE). */
  heavy: HeavyConfig;
  /** The FAA's TFR feed (docs/live-data.md); null: not followed. */
  tfrFeed: TfrFeedConfig | null;
  /** Bearer token for GET /metrics; null: open in the sandbox, refused in production. */
  metricsToken: string | null;
  /** The ArcGIS chart sync run by the service on its schedule (FAA_CHARTS_SYNC; docs/live-data.md "Charts"). */
  chartSync: boolean;
}

/** Following tfr.faa.gov (docs/live-data.md): on by default in production, in the sandbox only when FAA_TFR_LIST_URL is set. */
export interface TfrFeedConfig {
  listUrl: string;
  /** The detail XML's URL, `{id}` standing for the NOTAM id with "/" replaced by "_". */
  detailUrl: string;
  pollSeconds: number;
  /** Past this many seconds since the last good read of the list, the feed is stale: every answer is CAUTION at most. */
  staleSeconds: number;
}

export const FAA_TFR_LIST_URL = 'https://tfr.faa.gov/tfrapi/exportTfrList';
export const FAA_TFR_DETAIL_URL = 'https://tfr.faa.gov/download/detail_{id}.xml';

function tfrFeed(env: NodeJS.ProcessEnv, sandbox: boolean): TfrFeedConfig | null {
  const listUrl = httpUrl('FAA_TFR_LIST_URL', env);
  if (!listUrl && (sandbox || bool('FAA_TFR_FEED_OFF', false, env))) return null;
  const detailUrl = env.FAA_TFR_DETAIL_URL || FAA_TFR_DETAIL_URL;
  if (!detailUrl.includes('{id}')) throw new Error(`FAA_TFR_DETAIL_URL must contain {id}, got "${detailUrl}"`);
  httpUrl('FAA_TFR_DETAIL_URL', { FAA_TFR_DETAIL_URL: detailUrl.replace('{id}', 'id') });
  const pollSeconds = positive('FAA_TFR_POLL_SECONDS', 300, env);
  const staleSeconds = positive('FAA_TFR_STALE_SECONDS', 900, env);
  if (staleSeconds < pollSeconds) throw new Error('FAA_TFR_STALE_SECONDS must be at least FAA_TFR_POLL_SECONDS');
  return { listUrl: listUrl ?? FAA_TFR_LIST_URL, detailUrl, pollSeconds, staleSeconds };
}

/** The street (vector style) and aerial (raster tiles) maps; URLs and credits from the environment. */
export interface OnlineMapsConfig {
  streets: { styleUrl: string; attribution: string } | null;
  aerial: { tilesUrl: string; attribution: string; maxZoom: number } | null;
}

export const DEFAULT_STREETS_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
export const DEFAULT_STREETS_ATTRIBUTION = '© OpenStreetMap contributors, © OpenMapTiles';
export const DEFAULT_AERIAL_TILES_URL = 'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}';
export const DEFAULT_AERIAL_ATTRIBUTION = 'U.S. Geological Survey';

/**
 * STREETS_STYLE_URL / AERIAL_TILES_URL: unset, the public defaults (docs/portal.md); set to the empty
 * string, that map is not offered. The aerial template must hold {z}, {x} and {y}.
 */
function onlineMaps(env: NodeJS.ProcessEnv): OnlineMapsConfig {
  const streetsUrl = env.STREETS_STYLE_URL === undefined ? (env.BASEMAP_STYLE_URL || DEFAULT_STREETS_STYLE_URL) : env.STREETS_STYLE_URL;
  const aerialUrl = env.AERIAL_TILES_URL === undefined ? DEFAULT_AERIAL_TILES_URL : env.AERIAL_TILES_URL;
  let streets: OnlineMapsConfig['streets'] = null;
  if (streetsUrl) streets = { styleUrl: httpUrl('STREETS_STYLE_URL', { STREETS_STYLE_URL: streetsUrl })!, attribution: env.STREETS_ATTRIBUTION ?? DEFAULT_STREETS_ATTRIBUTION };
  let aerial: OnlineMapsConfig['aerial'] = null;
  if (aerialUrl) {
    // Checked as a URL with the placeholders filled in; kept with them.
    httpUrl('AERIAL_TILES_URL', { AERIAL_TILES_URL: aerialUrl.replace(/\{[xyz]\}/g, '0') });
    for (const p of ['{z}', '{x}', '{y}']) if (!aerialUrl.includes(p)) throw new Error(`AERIAL_TILES_URL must hold ${p}, got "${aerialUrl}"`);
    aerial = { tilesUrl: aerialUrl, attribution: env.AERIAL_ATTRIBUTION ?? DEFAULT_AERIAL_ATTRIBUTION, maxZoom: int('AERIAL_MAX_ZOOM', 16, env) };
  }
  return { streets, aerial };
}

/** PORTAL_CONNECT_ORIGINS: a space- or comma-separated list of http(s) origins. */
function origins(name: string, env: NodeJS.ProcessEnv): string[] {
  const raw = (env[name] ?? '').split(/[\s,]+/).filter(Boolean);
  return raw.map((o) => new URL(httpUrl(name, { [name]: o })!).origin);
}

/** Limits kept in the store, so every instance on one store counts together (docs/security.md). 0 turns one off. */
export interface RateLimitConfig {
  /** Sign-in attempts per client address per minute. */
  signInPerAddressPerMinute: number;
  /** Token requests per client address per minute. */
  tokenPerAddressPerMinute: number;
  /** Token requests per client_id per minute. */
  tokenPerClientPerMinute: number;
  /** Consecutive failures of one account or client_id before it is blocked. */
  failuresPerAccount: number;
  /** Consecutive failures from one address before it is blocked. */
  failuresPerAddress: number;
  /** The first block; each further block within a day doubles it, up to blockMaxSeconds. */
  blockSeconds: number;
  blockMaxSeconds: number;
  /** Requests per minute of one caller (API client or person) on the whole API. */
  apiPerMinute: number;
  /** Accounts created (sandbox sign-up, sign-up by invite) per client address per hour. */
  accountsPerAddressPerHour: number;
  /** Telemetry positions one caller may send per minute, all operations together (a batch counts its positions). */
  positionsPerMinute: number;
}

function int(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function positive(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const n = int(name, fallback, env);
  if (n === 0) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return n;
}

/** Twice the largest part (the facility-map labels, ~25 MB estimated): a smaller cache would rebuild parts tile after tile. */
const MIN_TILE_PART_CACHE_MB = 48;

function partCacheMb(env: NodeJS.ProcessEnv): number {
  const mb = int('TILE_PART_CACHE_MB', 96, env);
  if (mb < MIN_TILE_PART_CACHE_MB) throw new Error(`TILE_PART_CACHE_MB must be at least ${MIN_TILE_PART_CACHE_MB}, got "${env.TILE_PART_CACHE_MB}"`);
  return mb;
}

function bool(name: string, fallback: boolean, env: NodeJS.ProcessEnv): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function httpUrl(name: string, env: NodeJS.ProcessEnv): string | null {
  const raw = env[name];
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http or https URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http or https URL, got "${raw}"`);
  return url.href;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const profile = (env.PROFILE ?? 'sandbox') as Profile;
  if (profile !== 'sandbox' && profile !== 'production') throw new Error(`PROFILE must be sandbox or production, got "${profile}"`);
  const port = int('PORT', 8080, env);
  const host = env.HOST ?? '0.0.0.0';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const sandbox = profile === 'sandbox';
  if (!sandbox && !env.API_CLIENT_SECRET) throw new Error('API_CLIENT_SECRET is required in the production profile');
  const headersTimeoutSeconds = positive('HEADERS_TIMEOUT_SECONDS', 10, env);
  const requestTimeoutSeconds = positive('REQUEST_TIMEOUT_SECONDS', 30, env);
  if (headersTimeoutSeconds > requestTimeoutSeconds) throw new Error('HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS');
  return {
    port,
    host,
    profile,
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || null,
    publicUrl,
    portalUrl: (env.PORTAL_URL ?? publicUrl).replace(/\/$/, ''),
    apiClientId: env.API_CLIENT_ID ?? 'sandbox-client',
    apiClientSecret: env.API_CLIENT_SECRET ?? 'sandbox-secret',
    tokenSecret: env.TOKEN_SECRET || null,
    tokenTtlSeconds: int('TOKEN_TTL_SECONDS', 3600, env),
    sessionTtlSeconds: int('SESSION_TTL_SECONDS', 12 * 3600, env),
    maxBodyBytes: int('MAX_BODY_BYTES', 1_000_000, env),
    ephemeralTtlMinutes: int('EPHEMERAL_TTL_MINUTES', 7 * 24 * 60, env),
    callbackAllowLoopback: bool('CALLBACK_ALLOW_LOOPBACK', sandbox, env),
    callbackAllowPrivate: bool('CALLBACK_ALLOW_PRIVATE', false, env),
    portalDir: env.PORTAL_DIR === '' ? null : path.resolve(env.PORTAL_DIR ?? 'dist/portal'),
    datasetPollSeconds: int('DATASET_POLL_SECONDS', 60, env),
    tilePartCacheMb: partCacheMb(env),
    leaseSeconds: positive('LEASE_SECONDS', 20, env),
    headersTimeoutSeconds,
    requestTimeoutSeconds,
    keepAliveTimeoutSeconds: positive('KEEP_ALIVE_TIMEOUT_SECONDS', 5, env),
    maxConnectionsPerAddress: int('MAX_CONNECTIONS_PER_ADDRESS', 100, env),
    maxConnections: env.MAX_CONNECTIONS === undefined || env.MAX_CONNECTIONS === '' ? null : int('MAX_CONNECTIONS', 0, env),
    drainDelaySeconds: int('DRAIN_DELAY_SECONDS', 0, env),
    drainTimeoutSeconds: positive('DRAIN_TIMEOUT_SECONDS', 25, env),
    seedDemo: sandbox && bool('SEED_DEMO', true, env),
    basemapPmtiles: env.BASEMAP_PMTILES ? path.resolve(env.BASEMAP_PMTILES) : null,
    basemapStyleUrl: httpUrl('BASEMAP_STYLE_URL', env),
    onlineMaps: onlineMaps(env),
    portalConnectOrigins: origins('PORTAL_CONNECT_ORIGINS', env),
    weather: {
      apiUrl: env.WEATHER_API_URL === undefined ? 'https://aviationweather.gov/api/data' : env.WEATHER_API_URL === '' ? null : httpUrl('WEATHER_API_URL', env)!.replace(/\/$/, ''),
      timeoutMs: positive('WEATHER_TIMEOUT_MS', 1500, env),
      requestsPerMinute: int('WEATHER_REQUESTS_PER_MINUTE', 30, env),
      cacheSeconds: positive('WEATHER_CACHE_SECONDS', 600, env),
    },
    trustProxyHops: int('TRUST_PROXY_HOPS', 0, env),
    rateLimits: {
      signInPerAddressPerMinute: int('RATE_LIMIT_SIGN_IN_PER_MINUTE', 20, env),
      tokenPerAddressPerMinute: int('RATE_LIMIT_TOKEN_PER_MINUTE', 60, env),
      tokenPerClientPerMinute: int('RATE_LIMIT_TOKEN_PER_CLIENT_PER_MINUTE', 30, env),
      failuresPerAccount: int('RATE_LIMIT_FAILURES_PER_ACCOUNT', 5, env),
      failuresPerAddress: int('RATE_LIMIT_FAILURES_PER_ADDRESS', 20, env),
      blockSeconds: int('RATE_LIMIT_BLOCK_SECONDS', 60, env),
      blockMaxSeconds: int('RATE_LIMIT_BLOCK_MAX_SECONDS', 3600, env),
      apiPerMinute: int('RATE_LIMIT_API_PER_MINUTE', 1200, env),
      accountsPerAddressPerHour: int('RATE_LIMIT_ACCOUNTS_PER_HOUR', 10, env),
      positionsPerMinute: int('RATE_LIMIT_POSITIONS_PER_MINUTE', 60_000, env),
    },
    heavy: heavyConfig(env),
    tfrFeed: tfrFeed(env, sandbox),
    metricsToken: env.METRICS_TOKEN || null,
    chartSync: bool('FAA_CHARTS_SYNC', !sandbox, env),
  };
}

/** Limits high enough that no test trips them by accident; the tests of the limits set their own. */
const TEST_RATE_LIMITS: RateLimitConfig = {
  signInPerAddressPerMinute: 100_000,
  tokenPerAddressPerMinute: 100_000,
  tokenPerClientPerMinute: 100_000,
  failuresPerAccount: 100_000,
  failuresPerAddress: 100_000,
  blockSeconds: 60,
  blockMaxSeconds: 3600,
  apiPerMinute: 1_000_000,
  accountsPerAddressPerHour: 100_000,
  positionsPerMinute: 100_000_000,
};

/** A config for in-process tests: sandbox profile, the given data dir, no portal files. */
export type ConfigOverrides = Partial<Omit<Config, 'rateLimits'>> & { rateLimits?: Partial<RateLimitConfig> };

export function testConfig(overrides: ConfigOverrides = {}): Config {
  // Tokens live 90 days in tests, which travel in time on the service clock (a test of expiry sets its own).
  const base = loadConfig({ PROFILE: 'sandbox', DATA_DIR: overrides.dataDir ?? '.data-test', PORTAL_DIR: '' });
  // No weather source unless a test brings its own (a fake server): tests never reach the network.
  return { ...base, datasetPollSeconds: 0, tokenTtlSeconds: 90 * 24 * 3600, chartSync: false, weather: { ...base.weather, apiUrl: null }, ...overrides, rateLimits: { ...TEST_RATE_LIMITS, ...overrides.rateLimits } };
}
