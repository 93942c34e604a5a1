/**
 * Callback signatures (our choice, docs/operations-laanc.md): header
 *   X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, `${t}.${body}`)>
 * The timestamp is inside the MAC so a receiver can refuse old replays; X-Delivery-Id lets it drop
 * duplicates (delivery is at-least-once). The secret is used as UTF-8 bytes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Signature';
export const DELIVERY_ID_HEADER = 'X-Delivery-Id';
export const SIGNATURE_SCHEME = 't=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>';

export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver does; exported for tests and as the reference for integrators. */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureHeader(secret, t, body).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A per-operation signing secret (operations whose callbackUrl a person set). */
export function newCallbackSecret(): string {
  return randomBytes(32).toString('base64url');
}
