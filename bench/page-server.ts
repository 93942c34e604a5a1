/**
 * The two apps of the page bench behind one address: the bare map app's built files under /bare/
 * (brotli/gzip copies made once, as scripts/precompress.mjs does for the portal), everything else
 * proxied to the service, which serves the portal and the map's style, tiles, glyphs and sprites.
 * Both apps pay the same hop for the same map data.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface StaticFile {
  type: string;
  raw: Buffer;
  br: Buffer;
  gz: Buffer;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

function readTree(dir: string, prefix: string, out: Map<string, StaticFile>): void {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      readTree(file, `${prefix}${name}/`, out);
      continue;
    }
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    out.set(prefix + name, { type: TYPES[path.extname(name)] ?? 'application/octet-stream', raw, br, gz: gzipSync(raw, { level: 9 }) });
  }
}

/** Starts the front server on a free port; returns its address and a close function. */
export async function startPageServer(bareDir: string, servicePort: number): Promise<{ base: string; close(): Promise<void> }> {
  const files = new Map<string, StaticFile>();
  readTree(bareDir, '/bare/', files);
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/bare' || url.startsWith('/bare/')) {
      const f = files.get(url === '/bare' || url === '/bare/' ? '/bare/index.html' : url.split('?')[0]!);
      if (!f) {
        res.writeHead(404).end();
        return;
      }
      const accept = String(req.headers['accept-encoding'] ?? '');
      const [body, encoding] = /\bbr\b/.test(accept) ? [f.br, 'br'] : /\bgzip\b/.test(accept) ? [f.gz, 'gzip'] : [f.raw, null];
      res.writeHead(200, { 'content-type': f.type, 'content-length': body.length, vary: 'Accept-Encoding', ...(encoding ? { 'content-encoding': encoding } : {}) });
      res.end(body);
      return;
    }
    const up = http.request({ host: '127.0.0.1', port: servicePort, path: url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  // The bench's own fetches sit idle while it compresses what they read: a short keep-alive would close
  // the socket under a reused connection (ECONNRESET).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
