/** Serves the built portal; client-side routes fall back to index.html. API paths never do. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { setOnResponse } from './security-headers';

const API_PREFIXES = ['/v1/', '/v2/', '/styles/', '/tiles/', '/fonts/', '/sprites/', '/openapi.json', '/docs'];

export function servePortal(app: Hono, portalDir: string): void {
  const index = path.join(portalDir, 'index.html');
  if (!existsSync(index)) return;
  const root = path.relative(process.cwd(), portalDir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    // On the response itself: c.header() on a finished response would copy it (see security-headers.ts).
    if (c.res.status === 200) setOnResponse(c, [['Cache-Control', 'public, max-age=31536000, immutable']]);
  });
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    if (API_PREFIXES.some((p) => c.req.path.startsWith(p))) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(index, 'utf8'));
  });
}
