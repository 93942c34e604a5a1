/**
 * The files of the /docs page: Swagger UI from the installed swagger-ui-dist package (no outside host,
 * works offline and without a built portal) and the page's own init script and styles. Under the
 * service's CSP no script runs inline, so the init is a served file too (docs/security.md).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Reads the page's settings from data attributes: the script itself is the same for every deployment. */
const INIT_SCRIPT = `'use strict';
(function () {
  var root = document.getElementById('swagger-ui');
  var ui = window.SwaggerUIBundle({
    url: root.dataset.openapi,
    dom_id: '#swagger-ui',
    deepLinking: true,
    // The default validator badge loads an image from validator.swagger.io: no outside host.
    validatorUrl: null,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    displayRequestDuration: true,
    persistAuthorization: false,
    defaultModelsExpandDepth: 0,
  });
  // Sandbox only: the page prefills the sandbox API client, as npm start prints it.
  if (root.dataset.clientId) {
    ui.initOAuth({ clientId: root.dataset.clientId, clientSecret: root.dataset.clientSecret || '' });
  }
  window.ui = ui;
})();
`;

const PAGE_CSS = `.sp-docs-head{font:15px/1.5 system-ui,sans-serif;max-width:1460px;margin:0 auto;padding:1rem 20px 0;color:#1b2330}
.sp-docs-head p{margin:.3rem 0}
.sp-sandbox{background:#fff8c5;border:1px solid #d4a72c;border-radius:4px;padding:.5rem .75rem}
.sp-sandbox code{font:13px ui-monospace,monospace;background:#fff;padding:0 .25rem;border-radius:3px}
.sp-ops{font:14px/1.5 system-ui,sans-serif;max-width:1460px;margin:0 auto;padding:0 20px}`;

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

const SOURCES: Record<string, { type: string; read: () => string | Buffer }> = {
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', read: () => readFileSync(path.join(swaggerUiDir(), 'swagger-ui-bundle.js')) },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', read: () => readFileSync(path.join(swaggerUiDir(), 'swagger-ui.css')) },
  'favicon-32x32.png': { type: 'image/png', read: () => readFileSync(path.join(swaggerUiDir(), 'favicon-32x32.png')) },
  'docs-init.js': { type: 'text/javascript; charset=utf-8', read: () => INIT_SCRIPT },
  'docs.css': { type: 'text/css; charset=utf-8', read: () => PAGE_CSS },
};

export const DOCS_ASSET_NAMES = Object.keys(SOURCES);

function swaggerUiDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

// Read and compressed once, on first request: the bundle is about 1.5 MB, 0.4 MB gzipped.
const cache = new Map<string, Asset>();

/** The asset by file name, or null for any other name (the list is closed: no path from the request reaches the disk). */
export function docsAsset(name: string): Asset | null {
  const source = Object.hasOwn(SOURCES, name) ? SOURCES[name] : undefined;
  if (!source) return null;
  let asset = cache.get(name);
  if (!asset) {
    const raw = source.read();
    const body = typeof raw === 'string' ? Buffer.from(raw) : raw;
    asset = { type: source.type, body, gzip: gzipSync(body) };
    cache.set(name, asset);
  }
  return asset;
}
