/** What the benches that start servers share: a free loopback port, and waiting until a URL answers. */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; throws after timeoutMs. */
export async function waitFor(url: string, timeoutMs: number, pollMs = 200): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
