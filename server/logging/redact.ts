/**
 * The one redaction every log line goes through (createJsonLogger). Logs are read by more people and
 * kept longer than the store, so what could let someone act as somebody else never reaches them:
 * - URLs: user:password@ and every query value are replaced (callback addresses may carry apiKey=,
 *   token=, signature=…; which names are secret is the receiver's business, so none is trusted), the
 *   fragment is dropped, and path segments that look like tokens (webhook-style /T0A1B2/…) are replaced.
 * - Bearer tokens in text, and values of fields whose name says secret (password, token, secret, apiKey,
 *   authorization, cookie, signature).
 * - Stack traces, unless allowed (never in production): only their first line is kept.
 * Decisions: docs/security.md ("Leaks").
 */

export const REDACTED = '[REDACTED]';

export interface RedactOptions {
  /** Keep stack traces (development and tests); production logs only their first line. */
  stackTraces: boolean;
}

const SECRET_FIELD = /pass(word)?|secret|token|api[-_]?key|authori[sz]ation|cookie|signature|credential|session[-_]?id/i;
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;
const BEARER = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
// A path segment of 16+ URL-safe characters mixing letters and digits reads as a key, not a name.
const TOKEN_SEGMENT = /^(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{16,}$/;
const STACK_FRAME = /\n\s+at\s[\s\S]*$/;
const MAX_DEPTH = 8;

/** A URL with its credentials replaced: scheme, host, port and the readable part of the path stay. */
export function redactUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    // Not parseable: still strip anything between :// and @, and everything after ? or #.
    return raw.replace(/(:\/\/)[^/@\s]*@/, `$1${REDACTED}@`).replace(/[?#][\s\S]*$/, `?${REDACTED}`);
  }
  if (u.username || u.password) {
    u.username = REDACTED;
    u.password = '';
  }
  const names = [...new Set(u.searchParams.keys())];
  const query = names.map((n) => `${encodeURIComponent(n)}=${REDACTED}`).join('&');
  const path = u.pathname
    .split('/')
    .map((s) => (TOKEN_SEGMENT.test(s) ? REDACTED : s))
    .join('/');
  const auth = u.username ? `${REDACTED}@` : '';
  return `${u.protocol}//${auth}${u.host}${path}${query ? `?${query}` : ''}`;
}

export function redactText(s: string, o: RedactOptions): string {
  const text = o.stackTraces ? s : s.replace(STACK_FRAME, '');
  return text.replace(URL_IN_TEXT, (m) => redactUrl(m)).replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`);
}

/** A copy of a log value with secrets replaced (objects, arrays, errors, strings; bounded depth). */
export function redact(value: unknown, o: RedactOptions, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, o);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message, o), ...(o.stackTraces && value.stack ? { stack: redactText(value.stack, o) } : {}) };
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => redact(v, o, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'stack' && !o.stackTraces) continue;
    out[k] = SECRET_FIELD.test(k) && (typeof v === 'string' || typeof v === 'number') ? REDACTED : redact(v, o, depth + 1);
  }
  return out;
}
