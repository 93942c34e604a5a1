/**
 * End-to-end tests: Debian's Chromium (Playwright downloads nothing here) against the real built
 * service, which also serves the built portal. Two workers, one per core: the specs' files share the one
 * service and wait on it and on the map's rendering much of the time, so two take 5.9 min where one
 * took 7.8 (docs/perf.md, "npm test's time, second round"). The specs read what they made themselves
 * (their own operations, found by their own names), whatever else the shared store holds.
 * `npm run build` first (dist/portal and dist/server/index.js).
 */
import { defineConfig } from '@playwright/test';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { MALLOC_ENV } from './server/memory-policy';

const port = Number(process.env.E2E_PORT ?? 4173);
// 127.0.0.1, not localhost: the server listens on IPv4 only and localhost may resolve to ::1 first.
const baseURL = `http://127.0.0.1:${port}`;
// E2E_DATA_DIR lets a second run (another port, E2E_PORT) keep its own store beside a running one.
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data/current');
// A second service beside it follows the fake FAA's TFR feed (e2e/live-feed.spec.ts), on its own port and
// store: the spec turns the feed stale, which makes every answer of that service CAUTION, never the first's.
const livePort = port + 100;
const fakeFaaPort = port + 200;
const liveDataDir = `${dataDir}-live`;

// A fresh store and dataset per run. Only the main process starts the server; workers also load
// this file and must not delete the directory under it.
if (!process.env.TEST_WORKER_INDEX) {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(liveDataDir, { recursive: true, force: true });
}

export default defineConfig({
  testDir: 'e2e',
  // A subfolder: Playwright empties outputDir on start, and the data dir and screenshots live beside it.
  outputDir: 'test-results/playwright',
  workers: 2,
  fullyParallel: false,
  // In CI a failed test runs once more; npm test lists every test that needed it as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // MapLibre needs WebGL2; headless Chromium gets it from SwiftShader with the unsafe flag.
      args: [
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [{
    command: 'node dist/server/index.js',
    url: `${baseURL}/v1/status`,
    reuseExistingServer: false,
    // First start builds the embedded store and the sandbox dataset: about half a minute here.
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // Every spec signs its people in from 127.0.0.1, several per test: more than a real address's 20 a
    // minute (docs/security.md). A route search (e2e/route-planner.spec.ts) takes about 1.5 s of a 2 s
    // budget on an idle machine and runs out of it on a loaded one: the budget guards production, not
    // what the spec looks at. The other limits stay at their defaults.
    // The weather source is a fake on the next port, served by e2e/briefing-weather.spec.ts while it runs;
    // otherwise nothing listens there and briefings say there is no weather.
    env: { ...MALLOC_ENV, WEATHER_API_URL: `http://127.0.0.1:${port + 1}/api/data`, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PROFILE: 'sandbox', PUBLIC_URL: baseURL, DATASET_POLL_SECONDS: '0', RATE_LIMIT_SIGN_IN_PER_MINUTE: '600', ROUTE_BUDGET_MS: '30000' },
  }, {
    // The fake FAA (test/fake-faa): the TFR list and detail XML the live service follows.
    command: 'node --import tsx test/fake-faa/cli.ts',
    url: `http://127.0.0.1:${fakeFaaPort}/tfrapi/exportTfrList`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { FAKE_FAA_PORT: String(fakeFaaPort) },
  }, {
    // The same built service following the fake FAA's feed: polled every 2 s, stale after 20 s without a good read.
    command: 'node dist/server/index.js',
    url: `http://127.0.0.1:${livePort}/v1/status`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      ...MALLOC_ENV, PORT: String(livePort), HOST: '127.0.0.1', DATA_DIR: liveDataDir, PROFILE: 'sandbox', PUBLIC_URL: `http://127.0.0.1:${livePort}`, DATASET_POLL_SECONDS: '0', RATE_LIMIT_SIGN_IN_PER_MINUTE: '600',
      FAA_TFR_LIST_URL: `http://127.0.0.1:${fakeFaaPort}/tfrapi/exportTfrList`, FAA_TFR_DETAIL_URL: `http://127.0.0.1:${fakeFaaPort}/download/detail_{id}.xml`, FAA_TFR_POLL_SECONDS: '2', FAA_TFR_STALE_SECONDS: '20',
    },
  }],
});
