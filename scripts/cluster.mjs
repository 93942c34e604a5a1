// npm run cluster [-- <instances>]: a throwaway PostgreSQL, N service instances (default 3), each with its
// own empty DATA_DIR (no shared filesystem: datasets come from the database), and HAProxy from Debian's
// package in front on one address, checking GET /readyz (docs/deploy.md). Ctrl-C stops everything.
// Also a library for scripts/cluster-bench.mjs.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startThrowawayPostgres } from './postgres.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitReady(base, timeoutMs = 300_000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try {
      if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return Date.now() - t0;
    } catch {
      /* not listening yet, or busy generating */
    }
    await sleep(250);
  }
  throw new Error(`${base} not ready after ${timeoutMs} ms`);
}

/**
 * Two frontends: `lbPort` balances over every instance; `singlePort` sends everything to the first one only,
 * so a bench can measure 3 instances against 1 through the same balancer in one run. Why each line:
 * docs/deploy.md ("The balancer's settings").
 */
/** POST routes that only compute an answer from the request and the dataset: safe to send again. */
export const READ_ONLY_POSTS = [
  '/v1/briefing/', '/v2/briefing/', '/v1/check/airspace', '/v1/elevation', '/v2/elevation', '/v2/groundType',
  '/v1/suitability', '/v2/route', '/v2/surface/', '/v1/advisories/', '/v2/advisory', '/v1/aviation',
];

export function haproxyConfig(lbPort, singlePort, instances) {
  // A busy instance answers /readyz late but answers: 5 s to answer, out only after 3 failures in a row.
  // A refused connection (a killed instance) takes it out at once (observe layer4), without waiting for checks.
  // One back in (restarted, thawed) gets its share over 20 s (slowstart), while it builds its tiles and warms up.
  // At most 8 requests in flight on one instance (it runs heavy work one request at a time; more would only
  // wait in its own queue), the rest wait in HAProxy's queue for the first free instance: a frozen instance
  // holds at most 8.
  const server = (i) => `  server ${i.name} 127.0.0.1:${i.port} maxconn 8 check inter 2s fastinter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down slowstart 20s`;
  const backend = (name, list) => [
    `backend ${name}`,
    // Fewest requests in flight first: a frozen instance, whose requests pile up, stops getting new ones
    // before its checks fail.
    '  balance leastconn',
    '  option httpchk GET /readyz', '  http-check expect status 200',
    // Replayed on another instance only when nothing can have been done: the connection failed (refused,
    // so the request never arrived), or, for a request that only reads (GET, HEAD, and the POSTs that only
    // compute an answer: briefings, checks, elevation, surface, route, advisories), the instance closed it
    // without a byte of answer or stayed silent past the server time-out (30 s, far past any request's own
    // budget: a frozen or stalled instance). A POST that may write and reached an instance is never sent twice.
    `  acl read_only path_beg ${READ_ONLY_POSTS.join(' ')}`,
    '  retries 3', '  option redispatch 1', '  retry-on conn-failure empty-response response-timeout',
    '  http-request disable-l7-retry unless METH_GET || METH_HEAD || read_only',
    // Which instance answered (or `<NOSRV>`), also on the balancer's own errors: the bench counts failures by cause.
    '  http-after-response set-header X-Served-By %s',
    ...list.map(server),
  ];
  return [
    // Only requests that did not end well are logged (to stderr), with HAProxy's termination state.
    'global', '  maxconn 4096', '  log stderr format raw local0',
    'defaults', '  log global', '  option httplog', '  option dontlog-normal', '  mode http', '  timeout connect 2s', '  timeout client 30s', '  timeout server 30s', '  timeout queue 10s', '  timeout check 5s',
    'frontend skyplan', `  bind 127.0.0.1:${lbPort}`, '  default_backend instances',
    ...backend('instances', instances),
    'frontend single', `  bind 127.0.0.1:${singlePort}`, '  default_backend one',
    ...backend('one', instances.slice(0, 1)),
    '',
  ].join('\n');
}

/** Starts (or restarts, same port and DATA_DIR) one instance. */
export function startInstance(inst, env) {
  inst.child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, ...env, PORT: String(inst.port), HOST: '127.0.0.1', DATA_DIR: inst.dataDir },
    stdio: ['ignore', 'pipe', inst.logErrors ? 'inherit' : 'ignore'],
  });
  // The JSON log lines, read as they come (a bench times them); the pipe is always drained.
  inst.logs ??= []; // kept across a restart
  let partial = '';
  inst.child.stdout.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const l of lines) {
      if (!l.startsWith('{')) continue;
      try {
        inst.logs.push({ at: Date.now(), ...JSON.parse(l) });
      } catch {
        /* not a log line */
      }
      if (inst.logs.length > 1000) inst.logs.shift();
    }
  });
  return inst;
}

const envPort = (name, fallback) => Number(process.env[name] || fallback);

/** Ports: CLUSTER_PG_PORT (5446), CLUSTER_LB_PORT (4186; the single-instance frontend is the next one), CLUSTER_BASE_PORT (4191…). */
export async function startCluster({
  instances = 3, pgPort = envPort('CLUSTER_PG_PORT', 5446), basePort = envPort('CLUSTER_BASE_PORT', 4191), lbPort = envPort('CLUSTER_LB_PORT', 4186), env = {},
} = {}) {
  if (!existsSync('/usr/sbin/haproxy')) throw new Error('HAProxy is not installed: sudo apt-get install -y haproxy');
  const pg = startThrowawayPostgres(pgPort);
  if (!pg.url) throw new Error(pg.reason);
  const root = mkdtempSync(path.join(os.tmpdir(), 'skyplan-cluster-'));
  const portal = existsSync('dist/portal/index.html') ? path.resolve('dist/portal') : '';
  // The malloc settings of npm start (server/memory-policy.ts MALLOC_ENV; glibc reads them at process start).
  const common = { PROFILE: 'sandbox', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072', DATABASE_URL: pg.url, PORTAL_DIR: portal, DRAIN_DELAY_SECONDS: '2', ...env };
  const list = Array.from({ length: instances }, (_, k) => ({ name: `i${k + 1}`, port: basePort + k, dataDir: path.join(root, `data-${k + 1}`), child: null }));
  // The first makes the dataset; the others start at once and wait for it (docs/deploy.md "Datasets").
  for (const inst of list) startInstance(inst, common);
  await Promise.all(list.map((i) => waitReady(`http://127.0.0.1:${i.port}`)));
  const cfg = path.join(root, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(lbPort, lbPort + 1, list));
  const lb = spawn('/usr/sbin/haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${lbPort}`;
  await waitReady(url, 30_000);
  return {
    url, singleUrl: `http://127.0.0.1:${lbPort + 1}`, pgUrl: pg.url, instances: list, env: common,
    async stop() {
      lb.kill('SIGTERM');
      await Promise.all(list.map((i) => (i.child && i.child.exitCode === null ? new Promise((r) => { i.child.once('exit', r); i.child.kill('SIGTERM'); }) : null)));
      pg.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const n = Number(process.argv[2] ?? 3);
  if (!Number.isInteger(n) || n < 1) {
    console.error('usage: npm run cluster -- [instances]');
    process.exit(2);
  }
  console.log(`Starting PostgreSQL, ${n} instances and HAProxy (the first start generates the sandbox dataset once)...`);
  const c = await startCluster({ instances: n });
  console.log(`\n  Skyplan cluster: ${c.url}  (${n} instances behind HAProxy, PostgreSQL ${c.pgUrl})`);
  for (const i of c.instances) console.log(`    ${i.name}: http://127.0.0.1:${i.port}  DATA_DIR ${i.dataDir}`);
  console.log('  Ctrl-C stops everything.\n');
  const stop = async () => {
    await c.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
