/**
 * Hostile callback receivers (docs/security.md "Resource exhaustion, second pass"): one that trickles its
 * answer, one that never ends it, one that sends a huge one. None may hold a delivery past its time-out,
 * nor keep other receivers' callbacks waiting behind its own.
 */
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFactor } from '../../../test/helpers/load';
import { startTestService } from '../../../test/helpers/service';
import { callbacksStore } from '../../store/callbacks';
import { deliverDue, MAX_ANSWER_BYTES, postCallback } from './deliver';

const policy = { allowLoopback: true, allowPrivate: false, requireHttps: false };
const TIMEOUT_MS = 600;
let servers: TcpServer[] = [];
let sockets: Socket[] = [];

afterEach(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  servers = [];
  sockets = [];
});

/** A raw TCP receiver: `onRequest` gets the socket once the request's bytes arrived. */
async function receiver(onRequest: (socket: Socket) => void): Promise<{ url: string; closed: Promise<void> }> {
  let closed!: () => void;
  const whenClosed = new Promise<void>((r) => (closed = r));
  const server = createTcpServer((socket) => {
    sockets.push(socket);
    socket.once('data', () => onRequest(socket));
    socket.on('error', () => undefined);
    socket.on('close', () => closed());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, closed: whenClosed };
}

/** Writes `text` one byte every `ms` until the socket closes. */
function trickle(socket: Socket, text: string, ms: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(text[i++ % text.length]!);
  }, ms);
  socket.on('close', () => clearInterval(timer));
}

const post = (url: string) => postCallback(url, '{"a":1}', {}, policy, TIMEOUT_MS);

describe('a hostile receiver', () => {
  it('trickling its status line byte by byte fails at the time-out (it was held for as long as it trickled)', async () => {
    const rx = await receiver((s) => trickle(s, 'HTTP/1.1 200 OK\r\nX-Slow: ' + 'a'.repeat(10_000), 20));
    const r = await post(rx.url);
    expect(r.statusCode).toBeNull();
    // The deadline's own error (not a duration measured here: a busy machine stretches those) and the
    // receiver's socket closed: it was cut at the time-out, not held for the 200 s it would trickle.
    expect(r.error).toMatch(/no answer within 600 ms/);
    await rx.closed;
  });

  it('answering 200 then never ending its body is delivered at once, and its socket closed at the time-out', async () => {
    const rx = await receiver((s) => {
      s.write('HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n');
      trickle(s, 'x', 20);
    });
    let closed = false;
    void rx.closed.then(() => (closed = true));
    const r = await post(rx.url);
    expect(r).toMatchObject({ statusCode: 200, error: null });
    // Delivered while the receiver's socket was still open: on the status, not at the time-out.
    expect(closed).toBe(false);
    // And the socket is closed afterwards (the body is never read to its 100 MB end).
    await rx.closed;
  });

  it('sending a huge answer is read no further than MAX_ANSWER_BYTES', async () => {
    let written = 0;
    const rx = await receiver((s) => {
      s.write('HTTP/1.1 500 Oops\r\nContent-Length: 1000000000\r\n\r\n');
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (!s.destroyed && written < 1e9 && s.write(chunk)) written += chunk.length;
      };
      s.on('drain', pump);
      pump();
    });
    const r = await post(rx.url);
    expect(r).toMatchObject({ statusCode: 500, error: 'receiver answered 500' });
    await rx.closed;
    // What the receiver managed to push before the socket closed: socket buffers, not the gigabyte.
    expect(written).toBeLessThan(MAX_ANSWER_BYTES + 16 * 1024 * 1024);
  });
});

describe('receivers take turns', () => {
  it("a receiver with many due rows that never answers does not hold another receiver's callback back", async () => {
    const svc = await startTestService();
    const tarpit = await receiver(() => undefined);
    const okServer: HttpServer = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => res.end());
    });
    await new Promise<void>((r) => okServer.listen(0, '127.0.0.1', r));
    try {
      const t = svc.deps.now();
      const row = (url: string, at: Date) => ({
        id: randomUUID(), operationId: randomUUID(), authorizationId: randomUUID(), authStatus: 'CONFORMANCE', url, body: '{}',
        signingClientId: null, signingSecret: 's', nextAttemptAt: at, createdAt: at,
      });
      // 40 rows for the tarpit, due before the other receiver's one.
      await callbacksStore.enqueueMany(svc.deps.db, Array.from({ length: 40 }, (_, i) => row(tarpit.url, new Date(t.getTime() - 60_000 + i))));
      const other = row(`http://127.0.0.1:${(okServer.address() as AddressInfo).port}/hook`, t);
      await callbacksStore.enqueueMany(svc.deps.db, [other]);
      const round = await deliverDue(svc.deps, { timeoutMs: 300 });
      // The first round: the other receiver's row, and the tarpit's oldest 19; it was the tarpit's 20 before.
      expect(round).toMatchObject({ attempted: 20, delivered: 1, failed: 19 });
      const state = await svc.deps.db.query<{ state: string }>('SELECT state FROM callback_outbox WHERE id = $1', [other.id]);
      expect(state[0]!.state).toBe('DELIVERED');
    } finally {
      await new Promise<void>((r) => okServer.close(() => r()));
      await svc.close();
    }
  });
});

describe('leasing', () => {
  it('takes a round from 10,000 pending rows in well under a second (a correlated NOT EXISTS took 11-15 s, on the event loop)', async () => {
    const svc = await startTestService();
    try {
      const t = svc.deps.now();
      for (let k = 0; k < 10; k++) {
        await callbacksStore.enqueueMany(
          svc.deps.db,
          Array.from({ length: 1000 }, (_, i) => ({
            id: randomUUID(), operationId: randomUUID(), authorizationId: randomUUID(), authStatus: 'CONFORMANCE', url: `http://h${i % 3}.example/x`, body: '{}',
            signingClientId: null, signingSecret: 's', nextAttemptAt: new Date(t.getTime() - 1000), createdAt: t,
          })),
        );
      }
      const started = performance.now();
      const rows = await callbacksStore.leaseDue(svc.deps.db, t, 'probe', 60, 20);
      expect(rows).toHaveLength(20);
      // Three receivers, in turn.
      expect(new Set(rows.slice(0, 3).map((r) => r.url)).size).toBe(3);
      expect(performance.now() - started).toBeLessThan(1000 * loadFactor());
    } finally {
      await svc.close();
    }
  });
});
