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
  // Without comments and with every character Latin-1, V8 holds the bundle's source (kept for lazy
  // compilation) as one byte a character: 2.7 MB of heap where the commented text, with a few
  // characters past U+00FF in comments, was 7.8 MB as UTF-16 (docs/perf.md, "The dataset's geometry on demand").
  minifyWhitespace: true,
  // CommonJS packages inlined into an ES module still call require() for Node's own modules.
  banner: { js: "import { createRequire as skyplanCreateRequire } from 'node:module'; const require = skyplanCreateRequire(import.meta.url);" },
};

// SERVER_BUNDLE_DIR: elsewhere than dist/server (the bundle's test builds into a temporary folder).
const dir = process.env.SERVER_BUNDLE_DIR ?? 'dist/server';
await Promise.all([
  build({ ...common, entryPoints: ['server/index.ts'], outfile: `${dir}/index.js` }),
  build({ ...common, entryPoints: ['server/workers/surface-worker.ts'], outfile: `${dir}/surface-worker.js` }),
  build({ ...common, entryPoints: ['server/workers/basemap-worker.ts'], outfile: `${dir}/basemap-worker.js` }),
]);
console.log(`built ${dir}/index.js, ${dir}/surface-worker.js and ${dir}/basemap-worker.js`);
