/**
 * A longer fuzz run of the whole API than npm test's (test/fuzz.test.ts), on an in-process service with
 * a fresh in-memory store: `npx tsx scripts/fuzz.ts --runs 20000 --seed 42`. Prints the status codes per
 * operation and every finding (5xx, hang, stack trace, database text, another client's secret) with the
 * first request that showed it; exits 1 when there is any. Same seed, same requests.
 */
import { parseArgs } from 'node:util';
import { prepareFuzz, runFuzz, summarize } from '../test/helpers/fuzz';
import { startTestService } from '../test/helpers/service';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5000' }, seed: { type: 'string', default: String(Date.now() % 1_000_000) }, quiet: { type: 'boolean', default: false } } });
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: tsx scripts/fuzz.ts [--runs N] [--seed S] [--quiet]');
  process.exit(2);
}

const svc = await startTestService();
try {
  const ctx = await prepareFuzz(svc);
  const statuses = new Map<string, Map<string, number>>();
  const started = Date.now();
  console.log(`fuzzing ${runs} requests, seed ${seed}`);
  const result = await runFuzz(ctx, {
    runs,
    seed,
    onRequest: (r, status) => {
      const m = statuses.get(r.operation) ?? new Map<string, number>();
      const k = status === null ? 'hang' : String(status);
      m.set(k, (m.get(k) ?? 0) + 1);
      statuses.set(r.operation, m);
    },
  });
  if (!values.quiet) {
    for (const [op, m] of [...statuses.entries()].sort()) console.log(`${op.padEnd(78)} ${[...m.entries()].sort().map(([s, n]) => `${s}:${n}`).join(' ')}`);
  }
  const lines = summarize(result.findings);
  console.log(`\n${result.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${result.findings.length} findings (seed ${seed})`);
  for (const l of lines) console.log(`FINDING ${l}`);
  process.exitCode = lines.length ? 1 : 0;
} finally {
  await svc.close();
}
