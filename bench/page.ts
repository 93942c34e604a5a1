/**
 * The portal's /plan page against a bare Vite + React + MapLibre app that this bench builds itself
 * (bench/bare-app, with the project's own Vite) and serves beside the portal (bench/page-server.ts),
 * both showing the same map from the same service. Debian's Chromium, 4× CPU throttling, a fresh
 * profile per load; medians of BENCH_PAGE_RUNS (default 7) loads each, in rounds that alternate which app
 * loads first (the machine's load drifts: neither app may always get the quieter half of a round), with
 * the spread of the ratio over the rounds:
 * - JS+CSS loaded by map idle (the worker's script too), as gzip -9 bytes (and brotli -11, as the service sends them);
 * - total blocking time: the part over 50 ms of every main-thread long task from navigation to map idle;
 * - time to map idle: the map's first `idle` event (a `map-idle` user-timing mark in both apps);
 * - /plan only, no ratio: when its panel's content is in the page (the `plan-panel` mark), which waits for
 *   the map's first idle (src/app/plan/use-panel-after-map.ts): what the map first costs the panel.
 * Run `npm run build` first: the service serves dist/portal (or BENCH_PORTAL_DIR, to measure another build).
 */
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { MALLOC_ENV } from '../server/memory-policy';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { startPageServer } from './page-server';
import { row } from './stats';
import { freePort, waitFor } from './net';

const RUNS = Math.max(1, Number(process.env.BENCH_PAGE_RUNS ?? 7));
const CPU_SLOWDOWN = 4;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Load {
  gzipBytes: number;
  brotliBytes: number;
  tbtMs: number;
  idleMs: number;
  /** The `plan-panel` mark, or NaN (the bare app has no panel). */
  panelMs: number;
  /** Each JS/CSS address counted, and whether its request started before the map's first idle. */
  files: Array<{ url: string; beforeIdle: boolean }>;
}

async function buildBareApp(outDir: string): Promise<void> {
  await build({
    root: path.resolve('bench/bare-app'),
    base: '/bare/',
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
}

type Figure = Exclude<keyof Load, 'files'>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * gzip -9 and brotli -11 sizes of each JS/CSS address, fetched once uncompressed (the same file in every
 * load): the same measure for both apps whatever each server sends (a worker's transfer size is not reported).
 */
const sizes = new Map<string, { gzip: number; brotli: number }>();
async function compressedSize(url: string): Promise<{ gzip: number; brotli: number }> {
  let n = sizes.get(url);
  if (n === undefined) {
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    n = { gzip: gzipSync(body, { level: 9 }).length, brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
    sizes.set(url, n);
  }
  return n;
}

async function loadOnce(browser: Browser, url: string, panel: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => errors.push(e.message));
    // Responses, not resource timing: MapLibre's worker script is fetched outside the document's timeline.
    const code = new Map<string, number>();
    page.on('response', (r) => void (/\.(m?js|css)$/.test(new URL(r.url()).pathname) && code.set(r.url(), r.request().timing().startTime)));
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: Array<[number, number]> };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('map-idle').length > 0, null, { timeout: 120_000, polling: 100 }).catch((e: Error) => {
      throw new Error(`${url}: the map did not go idle (${e.message}); browser errors: ${errors.join(' | ') || 'none'}`);
    });
    if (panel && PANEL_MARKS.has(url)) await page.waitForFunction(() => performance.getEntriesByName('plan-panel').length > 0, null, { timeout: 120_000, polling: 100 });
    const panelMs = panel && PANEL_MARKS.has(url) ? await page.evaluate(() => performance.getEntriesByName('plan-panel')[0]!.startTime) : NaN;
    const seen = await page.evaluate(() => {
      const idle = performance.getEntriesByName('map-idle')[0]!.startTime;
      const tasks = (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks;
      return { idle, tasks, origin: performance.timeOrigin };
    });
    const tbtMs = seen.tasks.filter(([start]) => start < seen.idle).reduce((a, [, d]) => a + Math.max(0, d - 50), 0);
    let gzipBytes = 0;
    let brotliBytes = 0;
    for (const url of code.keys()) {
      const n = await compressedSize(url);
      gzipBytes += n.gzip;
      brotliBytes += n.brotli;
    }
    const files = [...code].map(([url, start]) => ({ url, beforeIdle: start < seen.origin + seen.idle }));
    return { gzipBytes, brotliBytes, tbtMs, idleMs: seen.idle, panelMs, files };
  } finally {
    await context.close();
  }
}

/** Addresses whose portal sets the `plan-panel` mark (an older build, BENCH_PORTAL_DIR, may not). */
const PANEL_MARKS = new Set<string>();

function setsPanelMark(portalDir: string): boolean {
  const assets = path.join(portalDir, 'assets');
  return readdirSync(assets).some((f) => f.endsWith('.js') && /mark\(.plan-panel.\)/.test(readFileSync(path.join(assets, f), 'utf8')));
}

export async function benchPage(): Promise<string[]> {
  if (!existsSync(CHROMIUM)) return [`Page: skipped, no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`];
  const portalDir = path.resolve(process.env.BENCH_PORTAL_DIR ?? 'dist/portal');
  if (!existsSync(path.join(portalDir, 'index.html'))) return [`Page: skipped, no built portal in ${portalDir} (npm run build first)`];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'skyplan-bench-page-'));
  const children: ChildProcess[] = [];
  let browser: Browser | null = null;
  let front: Awaited<ReturnType<typeof startPageServer>> | null = null;
  try {
    const bareDir = path.join(tmp, 'bare');
    await buildBareApp(bareDir);
    const port = await freePort();
    const built = existsSync('dist/server/index.js');
    const entry = built ? ['dist/server/index.js'] : ['--import', 'tsx', 'server/index.ts'];
    const env = {
      ...process.env,
      // As npm start runs it (docs/perf.md, "Resident memory").
      ...MALLOC_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      PORTAL_DIR: portalDir,
      PROFILE: 'sandbox',
      NODE_ENV: 'production',
      DATASET_POLL_SECONDS: '0',
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      MAX_CONNECTIONS_PER_ADDRESS: '100000',
    };
    const service = spawn(process.execPath, entry, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(service);
    await waitFor(`http://127.0.0.1:${port}/v1/status`, 240_000);
    front = await startPageServer(bareDir, port);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const apps = { bare: `${front.base}/bare/`, plan: `${front.base}/plan` };
    if (setsPanelMark(portalDir)) PANEL_MARKS.add(apps.plan);
    // One unmeasured load of each warms the service's tile cache, so neither app pays for it alone.
    for (const app of ['bare', 'plan'] as const) await loadOnce(browser, apps[app], app === 'plan');
    const loads: Record<keyof typeof apps, Load[]> = { bare: [], plan: [] };
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? (['bare', 'plan'] as const) : (['plan', 'bare'] as const);
      for (const app of order) loads[app].push(await loadOnce(browser, apps[app], app === 'plan'));
    }

    const m = (app: keyof typeof apps, k: Figure) => median(loads[app].map((l) => l[k]));
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    // Bytes are exact: their ratio to three places (1.201 is over 1.2, which two places hide).
    const ratio = (k: Figure, places = 2) => (m('plan', k) / m('bare', k)).toFixed(places);
    // The ratio within each round (the two loads next to each other), lowest and highest.
    const spread = (k: Figure) => {
      const r = loads.plan.map((l, i) => l[k] / loads.bare[i]![k]).sort((a, b) => a - b);
      return `${r[0]!.toFixed(2)}–${r[r.length - 1]!.toFixed(2)}`;
    };
    // BENCH_PAGE_FILES=1: each file of the last load of each app, its bytes, and whether it was asked for
    // before the map's first idle (the figures above count every file loaded by the time they are read).
    const fileRows = (app: keyof typeof apps) =>
      loads[app].at(-1)!.files.map(({ url, beforeIdle }) => {
        const n = sizes.get(url)!;
        return row([`  ${app} ${new URL(url).pathname.replace(/^.*\//, '')}`, String(n.gzip), String(n.brotli), beforeIdle ? 'before idle' : 'after idle']);
      });
    const listing = process.env.BENCH_PAGE_FILES ? [row(['file', 'gzip -9', 'brotli -11', 'asked for']), ...fileRows('bare'), ...fileRows('plan')] : [];
    return [
      `Page (Chromium, ${CPU_SLOWDOWN}x CPU throttling, median of ${RUNS} loads each, alternated), /plan against a bare Vite + React + MapLibre app:`,
      row(['figure', 'bare app', '/plan', 'ratio', 'per round', 'target']),
      row(['JS+CSS gzip -9', kb(m('bare', 'gzipBytes')), kb(m('plan', 'gzipBytes')), ratio('gzipBytes', 3), '', '<= 1.2']),
      row(['JS+CSS brotli -11', kb(m('bare', 'brotliBytes')), kb(m('plan', 'brotliBytes')), ratio('brotliBytes', 3), '', '']),
      row(['total blocking time', `${m('bare', 'tbtMs').toFixed(0)} ms`, `${m('plan', 'tbtMs').toFixed(0)} ms`, ratio('tbtMs'), spread('tbtMs'), '<= 1.3']),
      row(['time to map idle', `${m('bare', 'idleMs').toFixed(0)} ms`, `${m('plan', 'idleMs').toFixed(0)} ms`, ratio('idleMs'), spread('idleMs'), '<= 1.3']),
      row(['panel shown (after the map)', '', PANEL_MARKS.size ? `${m('plan', 'panelMs').toFixed(0)} ms` : 'no mark', '', '', '']),
      ...listing,
    ];
  } finally {
    await browser?.close();
    await front?.close();
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(tmp, { recursive: true, force: true });
  }
}
