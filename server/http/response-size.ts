/**
 * The backstop behind the geometry size limits (docs/security.md ("Hostile geometry")): an area answer larger than
 * MAX_RESPONSE_BYTES of JSON is refused with the limit named, instead of being sent.
 */
import { MAX_RESPONSE_BYTES } from '../domain/geometry/limits';
import { TOO_LARGE_MESSAGE } from '../domain/surface/cells';
import { ApiError } from './errors';

/**
 * The JSON text of answers limitResponseSize has measured, by the answer object: the app sends this text
 * instead of serialising the answer a second time (a briefing's is 12 KB; issue 13). Kept weakly, so an
 * answer that is never sent leaves nothing behind; an answer changed after being measured must not be
 * sent through it (the handlers return what they measured as it is).
 */
const measured = new WeakMap<object, string>();

export function limitResponseSize<T>(body: T, status: 408 | 422 = 422): T {
  return limitResponseText(body, JSON.stringify(body), status);
}

/**
 * limitResponseSize for an answer whose JSON text the caller wrote itself (a briefing, from fragments:
 * server/domain/briefing/answer-json.ts). The text must be JSON.stringify(body): outside production the
 * app checks that it is (server/app.ts).
 */
export function limitResponseText<T>(body: T, json: string, status: 408 | 422 = 422): T {
  if (json.length > MAX_RESPONSE_BYTES) throw responseTooLarge(json.length, status);
  if (typeof body === 'object' && body !== null) measured.set(body, json);
  return body;
}

/** Answers that are only their JSON text (sentAs). */
const sentText = new WeakMap<object, string | Uint8Array>();

/**
 * An answer that is only its JSON text, as a string or as UTF-8 bytes: a briefing given again
 * (server/services/briefing/answer-cache.ts), a surface answer a worker serialised. The app writes it as it
 * is, with the route's headers (nothing to stringify, encode or measure again); outside production it
 * checks the parsed text against the contract.
 */
export function sentAs(json: string | Uint8Array): object {
  const o = {};
  sentText.set(o, json);
  return o;
}

/** The text of an answer made by sentAs. */
export function answerText(body: unknown): string | Uint8Array | undefined {
  return typeof body === 'object' && body !== null ? sentText.get(body) : undefined;
}

/** The JSON text limitResponseSize made of this answer, if it measured it. */
export function measuredJson(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null ? measured.get(body) : undefined;
}

/** The refusal of an answer of `bytes` bytes of JSON. */
export function responseTooLarge(bytes: number, status: 408 | 422 = 422): ApiError {
  const message = `the answer would be ${bytes} bytes; at most ${MAX_RESPONSE_BYTES} are sent: reduce the area, the resolution or the layers`;
  return new ApiError(status, status === 408 ? TOO_LARGE_MESSAGE : message, [{ rule: 'max_response_bytes', message, limit: MAX_RESPONSE_BYTES, actual: bytes }]);
}
