/**
 * Serves the built portal; client-side routes fall back to index.html. API paths never do.
 * Hashed assets are immutable; scripts/precompress.mjs wrote .br/.gz copies at build, which are sent
 * with Content-Encoding to clients that accept them (no compression work per request).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

const API_PREFIXES = ['/v1/', '/v2/', '/styles/', '/tiles/', '/fonts/', '/sprites/', '/openapi.json', '/docs'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function servePortal(app: Hono, portalDir: string): void {
  const indexFile = path.join(portalDir, 'index.html');
  if (!existsSync(indexFile)) return;
  // Read once: the built portal does not change under a running service.
  const indexHtml = readFileSync(indexFile, 'utf8');
  const root = path.relative(process.cwd(), portalDir) || '.';
  const files = serveStatic({ root, precompressed: true });
  app.use('*', (c, next) => {
    // Vite names every file under /assets/ by its content hash, so it never changes at that address.
    if (c.req.path.startsWith('/assets/')) c.header('Cache-Control', IMMUTABLE);
    return files(c, next);
  });
  app.get('*', (c) => {
    if (API_PREFIXES.some((p) => c.req.path.startsWith(p))) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
