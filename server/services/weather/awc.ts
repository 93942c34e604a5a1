/**
 * The nearest reporting station's METAR and TAF from the Aviation Weather Center Data API
 * (WEATHER_API_URL; docs/daylight-weather.md). Bounded so weather never slows or
 * breaks a briefing:
 * - one answer per place (0.1° cell) and flight ceiling, kept WEATHER_CACHE_SECONDS (a failure a minute),
 *   requests for the same place in flight shared;
 * - each upstream request ends after WEATHER_TIMEOUT_MS, reads at most MAX_BODY_BYTES, and is refused
 *   here beyond WEATHER_REQUESTS_PER_MINUTE (the service asks clients to limit their rate);
 * - a custom User-Agent, as the service asks;
 * - anything else (down, slow, garbage, huge, no station near) is "no weather", said, never invented.
 */
import { LRUCache } from 'lru-cache';
import type { Weather } from '../../contract/briefing';
import { decodeWeather, nearest, noWeather, stationsOf } from '../../domain/weather/metar';

export const MAX_BODY_BYTES = 1_000_000;
/** The box searched for stations around the place: ±0.75° of latitude (about 45 NM). */
const SEARCH_DEG = 0.75;
const FAILURE_TTL_MS = 60_000;
export const WEATHER_USER_AGENT = 'Skyplan/0.1 (drone flight planning; +https://github.com/skyplan)';

export interface WeatherSettings {
  apiUrl: string | null;
  timeoutMs: number;
  requestsPerMinute: number;
  cacheSeconds: number;
}

class Refused extends Error {}

/** Reads at most MAX_BODY_BYTES of JSON; anything larger, or not JSON, is refused. */
async function readJson(res: Response): Promise<unknown> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > MAX_BODY_BYTES) throw new Refused('answer too large');
  if (!res.body) throw new Refused('empty answer');
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new Refused('answer too large');
    }
    parts.push(value);
  }
  const text = Buffer.concat(parts).toString('utf8');
  if (text.trim() === '') return [];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Refused('not JSON');
  }
}

export class WeatherSource {
  private readonly cache = new LRUCache<string, { weather: Weather; until: number }>({ max: 2000 });
  private readonly inFlight = new Map<string, Promise<Weather>>();
  private sent: number[] = [];

  constructor(
    private readonly settings: WeatherSettings,
    private readonly clock: () => number = Date.now,
  ) {}

  private allow(): boolean {
    const now = this.clock();
    this.sent = this.sent.filter((t) => now - t < 60_000);
    if (this.settings.requestsPerMinute > 0 && this.sent.length >= this.settings.requestsPerMinute) return false;
    this.sent.push(now);
    return true;
  }

  private async get(path: string): Promise<unknown> {
    if (!this.allow()) throw new Refused('rate limit reached');
    const res = await fetch(`${this.settings.apiUrl}${path}`, {
      headers: { 'User-Agent': WEATHER_USER_AGENT, Accept: 'application/json' },
      signal: AbortSignal.timeout(this.settings.timeoutMs),
      redirect: 'error',
    });
    if (res.status === 204) return [];
    if (!res.ok) {
      await res.body?.cancel();
      throw new Refused(`answered ${res.status}`);
    }
    return readJson(res);
  }

  /** The weather at a place for a flight up to maxAltitudeFt; never throws, never waits past the timeouts. */
  async at(lat: number, lon: number, maxAltitudeFt: number): Promise<Weather> {
    if (!this.settings.apiUrl) return noWeather('No weather source is configured (WEATHER_API_URL): check an official source before flying.');
    const key = `${lat.toFixed(1)},${lon.toFixed(1)},${maxAltitudeFt}`;
    const kept = this.cache.get(key);
    if (kept && kept.until > this.clock()) return kept.weather;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const p = this.fetchWeather(lat, lon, maxAltitudeFt).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }

  private async fetchWeather(lat: number, lon: number, maxAltitudeFt: number): Promise<Weather> {
    const key = `${lat.toFixed(1)},${lon.toFixed(1)},${maxAltitudeFt}`;
    let weather: Weather;
    let ok = false;
    try {
      const dLon = SEARCH_DEG / Math.max(0.2, Math.cos((lat * Math.PI) / 180));
      const bbox = [lat - SEARCH_DEG, lon - dLon, lat + SEARCH_DEG, lon + dLon].map((v) => v.toFixed(3)).join(',');
      const station = nearest(stationsOf(await this.get(`/metar?bbox=${bbox}&format=json`)), lat, lon);
      if (!station) {
        weather = noWeather('No weather: no reporting station within about 45 NM answered. Check an official source before flying.');
      } else {
        let taf: string | null = null;
        try {
          const t = await this.get(`/taf?ids=${encodeURIComponent(station.id)}&format=json`);
          const first = Array.isArray(t) ? (t[0] as Record<string, unknown> | undefined) : undefined;
          taf = typeof first?.rawTAF === 'string' ? first.rawTAF : null;
        } catch {
          // The observation stands without its forecast.
        }
        weather = decodeWeather(station, taf, maxAltitudeFt, new Date(this.clock()));
      }
      ok = true;
    } catch (err) {
      const why = err instanceof Refused ? err.message : err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'could not be reached';
      weather = noWeather(`No weather: the weather service ${why.startsWith('answered') ? why : `(${why})`}. Nothing is assumed: check an official source before flying.`);
    }
    this.cache.set(key, { weather, until: this.clock() + (ok ? this.settings.cacheSeconds * 1000 : FAILURE_TTL_MS) });
    return weather;
  }
}

const sources = new WeakMap<object, WeatherSource>();

/** One source per configuration object (one per service instance). */
export function weatherSource(config: { weather: WeatherSettings }): WeatherSource {
  let s = sources.get(config);
  if (!s) sources.set(config, (s = new WeatherSource(config.weather)));
  return s;
}
