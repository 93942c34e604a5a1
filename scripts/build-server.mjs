// Bundles the service into dist/server/index.js (dependencies stay in node_modules), and the surface
// pool's worker thread into dist/server/surface-worker.js beside it (server/workers/surface-pool.ts
// loads it from there when it runs bundled).
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: true, logLevel: 'warning' };

await Promise.all([
  build({ ...common, entryPoints: ['server/index.ts'], outfile: 'dist/server/index.js' }),
  build({ ...common, entryPoints: ['server/workers/surface-worker.ts'], outfile: 'dist/server/surface-worker.js' }),
]);
console.log('built dist/server/index.js and dist/server/surface-worker.js');
