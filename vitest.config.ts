import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test files share one module graph per worker (isolate: false): a fresh module graph per file (the
 * service, turf, PGlite's bindings) and a fresh jsdom and React per file cost most of a run's time on
 * two cores (docs/perf.md, "npm test's time, second round"). src/test/setup.ts resets what a component
 * test may leave behind (the tree, storage, cookies, settings, timers, stubbed globals).
 *
 * A file that replaces modules (vi.mock, vi.doMock, vi.resetModules, vi.stubEnv) or needs modules no
 * other file has loaded says so with one of those calls or an "@isolated-modules" comment, and runs in
 * a project of its own, with its own modules as every file had before.
 */
export const OWN_MODULES = /\bvi\.(mock|doMock|resetModules|stubEnv)\(|@isolated-modules/;
const ROOT = path.dirname(fileURLToPath(import.meta.url));
/** The test files under roots (paths from the repository's root, as include takes them), split by OWN_MODULES. */
function testFiles(roots: string[], skip: string[] = []): { shared: string[]; own: string[] } {
  const shared: string[] = [];
  const own: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !skip.includes(p)) walk(p);
      } else if (/\.test\.tsx?$/.test(e.name)) (OWN_MODULES.test(readFileSync(path.join(ROOT, p), 'utf8')) ? own : shared).push(p);
    }
  };
  for (const root of roots) walk(root);
  return { shared, own };
}
const node = testFiles(['server', 'test', 'src/geo', 'scripts', 'examples']);
const dom = testFiles(['src'], ['src/geo']);

// The service and pure logic run in node, the portal's components in jsdom; each twice, as above.
const NODE = {
  environment: 'node' as const,
  // One empty embedded cluster made by initdb per run; every in-memory store starts from a copy of it.
  globalSetup: ['test/pglite-template.ts'],
  // Service tests start stores, datasets and child processes: on a loaded 2-core machine some take
  // tens of seconds, so the limits are generous (they catch a hang, they do not time anything).
  testTimeout: 60000,
  hookTimeout: 120000,
};
const DOM = {
  environment: 'jsdom' as const,
  setupFiles: ['src/test/setup.ts'],
  // Typing with user-event on a loaded 2-core machine can pass the 5 s default.
  testTimeout: 20000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    pool: 'forks',
    // In CI a failed test runs once more; npm test lists every test that needed it as flaky, never silently.
    retry: process.env.CI ? 1 : 0,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { ...NODE, name: 'node', include: node.shared, isolate: false } },
      { extends: true, test: { ...NODE, name: 'node-own-modules', include: node.own } },
      { extends: true, test: { ...DOM, name: 'dom', include: dom.shared, isolate: false } },
      { extends: true, test: { ...DOM, name: 'dom-own-modules', include: dom.own } },
    ],
  },
});
