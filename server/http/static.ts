/**
 * Serves the built portal; client-side routes fall back to index.html. API paths never do.
 * Hashed assets are immutable; scripts/precompress.mjs wrote .br/.gz copies at build, which are sent
 * with Content-Encoding to clients that accept them (no compression work per request).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

const API_PREFIXES = ['/v1/', '/v2/', '/v3/', '/styles', '/tiles', '/tilejson', '/fonts/', '/sprites/', '/openapi', '/docs', '/.well-known/', '/livez', '/readyz', '/api/'];

/**
 * Whether a GET the portal has no file for is one of its own (client-side) routes, answered with
 * index.html: not an API path, and not a file name (a last segment with an extension: /tilejson.json,
 * /robots.txt), which a client asks for expecting that file, not the portal's HTML (a JSON 404 instead).
 */
export function isPortalRoute(p: string): boolean {
  if (API_PREFIXES.some((prefix) => p.startsWith(prefix))) return false;
  // A portal file gone after a new build (an old hashed chunk) still gets index.html, never cached (the portal recovers).
  if (p.startsWith('/assets/')) return true;
  const last = p.slice(p.lastIndexOf('/') + 1);
  return !last.includes('.');
}
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
    if (!isPortalRoute(c.req.path)) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
