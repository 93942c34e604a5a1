import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the service and pure logic run in node, the portal's components in jsdom.
export default defineConfig({
  plugins: [react()],
  test: {
    pool: 'forks',
    // In CI a failed test runs once more; npm test lists every test that needed it as flaky, never silently.
    retry: process.env.CI ? 1 : 0,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'test/**/*.test.ts', 'src/geo/**/*.test.ts', 'scripts/**/*.test.ts', 'examples/**/*.test.ts'],
          // One empty embedded cluster made by initdb per run; every in-memory store starts from a copy of it.
          globalSetup: ['test/pglite-template.ts'],
          // Service tests start stores, datasets and child processes: on a loaded 2-core machine some take
          // tens of seconds, so the limits are generous (they catch a hang, they do not time anything).
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          exclude: ['src/geo/**'],
          setupFiles: ['src/test/setup.ts'],
          // Typing with user-event on a loaded 2-core machine can pass the 5 s default.
          testTimeout: 20000,
        },
      },
    ],
  },
});
