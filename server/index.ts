/**
 * The only file that opens a port. Order (docs/deploy.md): owner-only files, the port (liveness answers,
 * readiness says "starting"), the dataset, then the store (with PostgreSQL the store first: the dataset
 * comes from it); the app answers once the dataset is in (calls on the store wait for it), ready once
 * the store is too. On SIGTERM or SIGINT: not ready, stop
 * accepting, finish the requests in flight, stop the background work, hand the leases back, close the
 * store, exit 0 (1 when in-flight requests outlast DRAIN_TIMEOUT_SECONDS).
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app';
import { loadDataset, startBoot } from './bootstrap';
import { loadConfig } from './config';
import { useHeavyConfig } from './workers/heavy-config';
import { DEMO_ACCOUNTS } from './seed';
import { warmUpTiles } from './tiles/render';
import { useBasemapOverview } from './tiles/basemap';
import { setPartCacheBytes } from './tiles/tileset';
import { datasetPoller, releaseLeases, startBackgroundWork, storeDatasetPoller } from './background';
import { refreshTimeRelative } from './data/generate';
import { jsonLogger, type AppDeps } from './deps';
import { Lifecycle } from './lifecycle';
import { connectionCap, createServerWith, firstOf, limitConnectionsPerAddress, openFilesLimit, secureDataDir, serverOptions, type EarlyAnswer } from './listener';
import { cachedTileAnswer } from './routes/tiles/tiles.fast-path';
import { keptBriefingAnswer } from './routes/briefing/briefing.fast-path';
import { allRoutes } from './routes';
import { beforeAppResponse } from './routes/system/health';
import { applyMemoryPolicy, collectOnce, collectWhenQuiet, mallocEnvMissing } from './memory-policy';
import { storeStarting } from './store/deferred';

// Before the dataset is read: how far the heap grows past what is live (memory-policy.ts).
applyMemoryPolicy();

// Before anything writes under DATA_DIR (PGlite writes its own files): new files 0600, directories 0700.
process.umask(0o077);

async function main(): Promise<void> {
  const started = Date.now();
  const modulesLoadedAt = Math.round(performance.now());
  // Every setting is read and checked here, before anything starts: a bad value exits naming its variable.
  const config = loadConfig();
  useHeavyConfig(config.heavy);
  setPartCacheBytes(config.tilePartCacheMb * 1024 * 1024);
  secureDataDir(config.dataDir);
  const lifecycle = new Lifecycle();
  let app: Hono | null = null;
  /** Cached tiles and briefings given again, written before the app (issue 13), once the app is up. */
  let early: EarlyAnswer | null = null;
  let deps: AppDeps | null = null;
  let stopBackground: (() => Promise<void>) | null = null;

  const server = serve({
    fetch: (req, env) => (app ? app.fetch(req, env) : beforeAppResponse(req, lifecycle.phase)),
    port: config.port,
    hostname: config.host,
    serverOptions: serverOptions(config),
    createServer: createServerWith(() => early),
  }) as Server;
  limitConnectionsPerAddress(server, config.maxConnectionsPerAddress);
  // Node closes each connection past this at once, so the store and the files keep descriptors (listener.ts).
  const cap = connectionCap(config.maxConnections, openFilesLimit());
  if (cap > 0) server.maxConnections = cap;

  let stopping = false;
  /** While the app answers but the store is still opening: stopping then would cut PGlite's files mid-write. */
  let storeOpening: Promise<unknown> | null = null;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.drain();
    const log = deps?.log ?? jsonLogger;
    log.info('draining', { signal, drainDelaySeconds: config.drainDelaySeconds });
    if (storeOpening && deps && storeStarting(deps.db)) {
      // Requests that need the store wait for it too: the drain time-out counts from here.
      log.info('waiting for the store to finish opening before stopping');
      await storeOpening.catch(() => undefined);
    }
    const force = setTimeout(() => {
      log.error('requests still in flight after the drain time-out; exiting anyway', { drainTimeoutSeconds: config.drainTimeoutSeconds });
      process.exit(1);
    }, (config.drainDelaySeconds + config.drainTimeoutSeconds) * 1000);
    force.unref();
    // Keep accepting a while, answering /readyz 503, so the load balancer stops sending first.
    if (config.drainDelaySeconds > 0) await new Promise((r) => setTimeout(r, config.drainDelaySeconds * 1000));
    const closed = new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Keep-alive connections that finish their request go idle: close them as they do.
      const idle = setInterval(() => server.closeIdleConnections(), 200);
      idle.unref();
    });
    // Background work finishes its round (a callback under way is recorded) while the requests finish.
    await Promise.all([closed, stopBackground?.().catch((err) => log.error('stopping background work failed', { error: String(err) }))]);
    if (deps) {
      await releaseLeases(deps).catch((err) => log.error('releasing leases failed; they expire by themselves', { error: String(err) }));
      await deps.db.close().catch(() => undefined);
    }
    log.info('stopped', { signal });
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const boot = startBoot(config, { lifecycle });
  storeOpening = boot.ready;
  deps = await boot.serving;
  if (stopping) return;
  // The dataset is in: answer now. Readiness stays "starting", and what needs the store waits for it.
  const routes = allRoutes(config.profile);
  // The basemap's overview tiles come from their file in the data directory as soon as one is asked.
  useBasemapOverview(config.dataDir);
  app = createApp(deps, { routes });
  early = firstOf(cachedTileAnswer(deps, routes), keptBriefingAnswer(deps, routes));
  const firstAnswerAt = Math.round(performance.now());
  const ready = await boot.ready;
  if (stopping) return;
  // Again: on its first start PGlite unpacks its database template with explicit modes (0666), past the umask.
  secureDataDir(config.dataDir);
  const poll = ready.db.engine === 'postgres'
    ? storeDatasetPoller(ready, refreshTimeRelative)
    : datasetPoller(ready, () => loadDataset(config, ready.now(), ready.log), refreshTimeRelative);
  stopBackground = startBackgroundWork(ready, poll);
  // Milliseconds since the process started: the modules loaded, the app answering, ready; then each step.
  ready.log.info('ready', { modulesLoadedAt, firstAnswerAt, readyAt: Math.round(performance.now()), phases: boot.phases });
  // glibc read its malloc settings before main: only the start command can set them (memory-policy.ts).
  const mallocMissing = mallocEnvMissing();
  if (mallocMissing.length > 0) ready.log.warn('started without the malloc settings of npm start: expect more resident memory (docs/deploy.md)', { missing: mallocMissing });
  const ds = ready.datasets.current();
  const lines = [
    '',
    `  Airspace service and portal: ${config.publicUrl}  (profile ${config.profile}, store ${ready.db.engine}, ready in ${Date.now() - started} ms)`,
    `  Dataset ${ds.version}: ${ds.features.length} features (${ds.kind})`,
    `  API documentation: ${config.publicUrl}/docs`,
    `  API client: client_id=${config.apiClientId} client_secret=${config.profile === 'sandbox' ? config.apiClientSecret : '(from API_CLIENT_SECRET)'}`,
  ];
  if (config.seedDemo) {
    lines.push('  Demo sign-ins:');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(28)} ${a.password.padEnd(14)} ${a.roles.join(', ')}${a.organization ? ` — ${a.organization}` : ''}`);
  }
  console.log(lines.join('\n') + '\n');
  // Build the tile layers now, not on the first requests that need them. The population model (~100 MB)
  // is built in the worker pool's threads only: no route on the main thread uses it.
  // Then, with the dataset compacted too, one full collection: the start's garbage is given back (memory-policy.ts).
  setTimeout(() => void Promise.all([warmUpTiles(ds, ready.now(), config.dataDir), ds.compacted.catch(() => undefined)]).then(() => {
    collectOnce();
    // Again once the service has been quiet a while: V8 then gives back its young generation (memory-policy.ts).
    void collectWhenQuiet();
  }), 0).unref();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
