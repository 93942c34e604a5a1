/**
 * The address a request came from, for per-address rate limits. The socket's peer unless the deployment
 * says how many proxies sit in front (TRUST_PROXY_HOPS): then the entry that many hops from the right of
 * X-Forwarded-For, which the nearest trusted proxy wrote (entries further left are the client's to forge).
 * IPv6 addresses count per /64: one host usually holds a whole /64, so single addresses would be free.
 */
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';

/** Requests made in-process (tests, app.request) have no socket: they all share this key. */
export const UNKNOWN_ADDRESS = 'unknown';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

export function clientAddress(c: Context, trustProxyHops: number): string {
  let raw: string | undefined;
  if (trustProxyHops > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    raw = hops[hops.length - trustProxyHops];
  }
  raw ??= (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
  return raw ? normalizeAddress(raw) : UNKNOWN_ADDRESS;
}

export function normalizeAddress(raw: string): string {
  if (!ipaddr.isValid(raw)) return UNKNOWN_ADDRESS;
  const addr = ipaddr.process(raw); // IPv4-mapped IPv6 (::ffff:1.2.3.4) becomes plain IPv4
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
