/**
 * Receives the service's signed callbacks and verifies each one: X-Signature is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` over the raw body, with the API client's
 * secret from GET /v1/callbacks/signing-secret. Deliveries come at least once: drop repeats by
 * X-Delivery-Id. Listens on CALLBACK_PORT (default 9000; 0 picks a free port).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { getToken, skyplan } from './skyplan';

/** True when `header` signs `body` with `secret` and its time is within `toleranceSeconds` of now. */
export function verifySignature(secret: string, header: string, body: string, nowSeconds = Date.now() / 1000, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
  const t = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function main(): Promise<void> {
  const { data } = await skyplan(await getToken()).GET('/v1/callbacks/signing-secret');
  if (!data) throw new Error('no signing secret: is SKYPLAN_CLIENT_ID an API client?');
  const seen = new Set<string>();

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const ok = verifySignature(data.secret, String(req.headers['x-signature'] ?? ''), body);
      res.writeHead(ok ? 204 : 401).end();
      const id = String(req.headers['x-delivery-id']);
      if (!ok) return console.log(`refused ${id}: bad signature`);
      if (seen.has(id)) return;
      seen.add(id);
      const event = JSON.parse(body) as { authId: string; authStatus: string };
      console.log(`verified ${id}: authorization ${event.authId} is ${event.authStatus}`);
    });
  });
  server.listen(Number(process.env.CALLBACK_PORT ?? 9000), '127.0.0.1', () => {
    console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`);
  });
}

// Run as a script (not when a test imports verifySignature).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
