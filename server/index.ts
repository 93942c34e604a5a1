/** The only file that opens a port. */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { bootstrap, loadDataset } from './bootstrap';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS } from './seed';
import { warmUpTiles } from './tiles/render';
import { populationModel } from './domain/surface/population-model';
import { datasetPoller, startBackgroundWork } from './background';
import { refreshTimeRelative } from './data/generate';

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const deps = await bootstrap(config);
  const app = createApp(deps);
  const stopBackground = startBackgroundWork(deps, datasetPoller(deps, () => loadDataset(config, deps.now()), refreshTimeRelative));
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    const ds = deps.datasets.current();
    const lines = [
      '',
      `  Airspace service and portal: ${config.publicUrl}  (profile ${config.profile}, store ${deps.db.engine}, ready in ${Date.now() - started} ms)`,
      `  Dataset ${ds.version}: ${ds.features.length} features (${ds.kind})`,
      `  API documentation: ${config.publicUrl}/docs`,
      `  API client: client_id=${config.apiClientId} client_secret=${config.profile === 'sandbox' ? config.apiClientSecret : '(from API_CLIENT_SECRET)'}`,
    ];
    if (config.seedDemo) {
      lines.push('  Demo sign-ins:');
      for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(28)} ${a.password.padEnd(14)} ${a.roles.join(', ')}${a.organization ? ` — ${a.organization}` : ''}`);
    }
    console.log(lines.join('\n') + '\n');
    // Build the tile layers and the population model now, not on the first requests that need them.
    setTimeout(() => {
      warmUpTiles(deps.datasets.current(), deps.now());
      populationModel();
    }, 0).unref();
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info('shutting down', { signal });
    stopBackground();
    server.close(() => {
      void deps.db.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
