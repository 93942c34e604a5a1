/**
 * Flies the sandbox's simulated drone over an operation of a running service:
 *   npx tsx scripts/simulate-flight.ts <operationId> [--url http://localhost:8080] [--straight]
 * with the sandbox API client (CLIENT_ID / CLIENT_SECRET, default sandbox-client / sandbox-secret).
 * --straight keeps the whole track inside the area (no conformance alert).
 */
import { parseArgs } from 'node:util';
import { simulateFlight } from './simulate-flight/simulate';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { url: { type: 'string', default: 'http://localhost:8080' }, straight: { type: 'boolean', default: false } } });
const operationId = positionals[0];
if (!operationId) {
  console.error('usage: tsx scripts/simulate-flight.ts <operationId> [--url http://localhost:8080] [--straight]');
  process.exit(2);
}
try {
  const out = await simulateFlight({
    baseUrl: values.url,
    clientId: process.env.CLIENT_ID ?? 'sandbox-client',
    clientSecret: process.env.CLIENT_SECRET ?? 'sandbox-secret',
    operationId,
    stray: !values.straight,
  });
  console.log(`sent ${out.accepted} positions; conformance events: ${out.conformance.length ? out.conformance.map((e) => `${e.reason} (${e.detail})`).join('; ') : 'none'}`);
} catch (err) {
  console.error(String(err));
  process.exit(1);
}
