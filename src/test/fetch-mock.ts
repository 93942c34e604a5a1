/**
 * A stand-in for fetch: each test answers by path. Calls are recorded with their init so tests
 * can check headers, bodies and abort signals.
 */
import { vi } from 'vitest';

export type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A request that never answers until aborted (then rejects as fetch does). */
export function pending(init: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
}

export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    return handler(url.pathname, init);
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn,
    callsTo: (path: string) => fn.mock.calls.filter(([u]) => new URL(String(u), 'http://localhost').pathname === path),
  };
}
