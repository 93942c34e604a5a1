// Bundles the service into dist/server/index.js, and the surface pool's worker thread into
// dist/server/surface-worker.js beside it (server/workers/surface-pool.ts loads it from there when it
// runs bundled), and the basemap's worker into dist/server/basemap-worker.js (server/workers/basemap-pool.ts).
//
// Dependencies stay in node_modules except the plain-JavaScript ones listed in INLINE: those go into the
// bundle, tree-shaken. Loading them as packages cost half of a warm start's module loading (@turf/turf
// alone is ~100 packages, each file resolved, read and scanned by Node's loader): ~1.1 s → ~0.6 s at
// load 13 (docs/perf.md). Packages with WebAssembly, native code, worker files or optional native
// modules (PGlite, sql.js, resvg, pg, piscina, geotiff) stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const INLINE = new Set([
  '@turf/turf', 'zod', 'jose', 'hono', '@hono/node-server', 'fast-xml-parser', 'rate-limiter-flexible', 'pmtiles',
  '@photostructure/tz-lookup', 'csv-parse', 'lru-cache', 'flatbush', 'topojson-client', 'ipaddr.js',
  '@maplibre/geojson-vt', '@maplibre/vt-pbf', 'h3-js', '@protomaps/basemaps',
]);
const dependencies = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).dependencies);
const external = dependencies.filter((name) => !INLINE.has(name)).flatMap((name) => [name, `${name}/*`]);

const common = {
  bundle: true, platform: 'node', format: 'esm', target: 'node20', external, sourcemap: true, logLevel: 'warning',
  // CommonJS packages inlined into an ES module still call require() for Node's own modules.
  banner: { js: "import { createRequire as skyplanCreateRequire } from 'node:module'; const require = skyplanCreateRequire(import.meta.url);" },
};

await Promise.all([
  build({ ...common, entryPoints: ['server/index.ts'], outfile: 'dist/server/index.js' }),
  build({ ...common, entryPoints: ['server/workers/surface-worker.ts'], outfile: 'dist/server/surface-worker.js' }),
  build({ ...common, entryPoints: ['server/workers/basemap-worker.ts'], outfile: 'dist/server/basemap-worker.js' }),
]);
console.log('built dist/server/index.js, dist/server/surface-worker.js and dist/server/basemap-worker.js');
