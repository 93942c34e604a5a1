/**
 * Prometheus metrics (prom-client; docs/live-data.md "Metrics"): request latency per route, kept for
 * the process, and, read at each scrape, the live sources' age and last result, TFRs in force and of
 * unknown area, callbacks pending and the dataset version.
 *
 * The latency histogram is labelled by the route's pattern (`/v1/operations/{id}`), never the raw path,
 * so its series stay bounded. It is observed once per request where the server answers it
 * (server/listener.ts): an early answer (a cached tile, a briefing given again) counts under its own
 * label (`early:tiles`, `early:briefing`), as it never reaches the app; a request the app answers
 * counts under the route the app matched (marked on the request by app.ts), `unmatched` otherwise.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import client from 'prom-client';
import type { ScrapeFacts } from '../services/live/metrics-facts';

const httpRegistry = new client.Registry();

const httpDuration = new client.Histogram({
  name: 'skyplan_http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by route pattern, method and status class',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [httpRegistry],
});

const ROUTE = Symbol('skyplan.route');
type Marked = IncomingMessage & { [ROUTE]?: string };

/** The app marks the route pattern that answers a request (a constant string per route: no new series). */
export function markRoute(req: IncomingMessage | undefined, pattern: string): void {
  if (req) (req as Marked)[ROUTE] = pattern;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function earlyLabel(url: string | undefined): string {
  if (url?.startsWith('/v1/tiles') || url?.startsWith('/tiles')) return 'early:tiles';
  if (url?.includes('/briefing/')) return 'early:briefing';
  return 'early:other';
}

/**
 * Times one request at the server, from its arrival to the end of its answer; the caller sets `early` when
 * an early answer took it. Two timer reads per request: cheap enough for the hot paths.
 */
export function timeRequest(req: IncomingMessage, res: ServerResponse): { early: boolean } {
  const start = process.hrtime.bigint();
  const timed = { early: false };
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const route = (req as Marked)[ROUTE] ?? (timed.early ? earlyLabel(req.url) : 'unmatched');
    const method = METHODS.has(req.method ?? '') ? req.method! : 'OTHER';
    httpDuration.observe({ route, method, status: `${Math.floor(res.statusCode / 100)}xx` }, seconds);
  });
  return timed;
}

/** The metrics text: the process's histogram and the facts of this scrape. */
export async function metricsText(facts: ScrapeFacts): Promise<{ text: string; contentType: string }> {
  const scrape = new client.Registry();
  const gauge = (name: string, help: string, labelNames: string[] = []) => new client.Gauge({ name, help, labelNames, registers: [scrape] });
  gauge('skyplan_dataset_info', 'The airspace dataset served (value 1), by version', ['version']).set({ version: facts.datasetVersion }, 1);
  gauge('skyplan_dataset_features', 'Features of the airspace dataset served').set(facts.datasetFeatures);
  gauge('skyplan_tfrs_in_force', 'TFRs (and the DC FRZ/SFRA) in effect now in the dataset served').set(facts.tfrsInForce);
  if (facts.callbacksPending !== null) gauge('skyplan_callbacks_pending', 'Callback deliveries waiting in the outbox').set(facts.callbacksPending);
  const age = gauge('skyplan_live_source_age_seconds', 'Seconds since the last good read of a live source', ['source']);
  const ok = gauge('skyplan_live_source_last_poll_ok', 'Whether the last read of a live source worked (1) or failed (0)', ['source']);
  const fresh = gauge('skyplan_live_source_fresh', 'Whether a live source is within its freshness promise (1) or past it (0)', ['source']);
  const unknown = gauge('skyplan_live_tfrs_unknown', 'TFRs the feed lists whose area could not be read', ['source']);
  for (const s of facts.liveSources) {
    if (s.ageSeconds !== undefined) age.set({ source: s.id }, s.ageSeconds);
    if (s.lastPollOk !== null) ok.set({ source: s.id }, s.lastPollOk ? 1 : 0);
    fresh.set({ source: s.id }, s.fresh ? 1 : 0);
    unknown.set({ source: s.id }, s.unknownTfrs);
  }
  const merged = client.Registry.merge([httpRegistry, scrape]);
  return { text: await merged.metrics(), contentType: merged.contentType };
}
