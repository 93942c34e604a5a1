/**
 * A test service on a real port in its own process (node --import tsx test/helpers/listening-service.ts),
 * for tests that measure the service from outside: it prints one JSON line {port, token} when ready.
 */
import { serve } from '@hono/node-server';
import { fixtureFile } from '../../server/domain/briefing/fixtures';
import { startTestService } from './service';

async function main(): Promise<void> {
  const svc = await startTestService({ dataset: fixtureFile() });
  const token = await svc.clientToken();
  serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.stdout.write(`${JSON.stringify({ port: info.port, token })}\n`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
