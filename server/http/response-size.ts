/**
 * The backstop behind the geometry size limits (docs/security.md ("Hostile geometry")): an area answer larger than
 * MAX_RESPONSE_BYTES of JSON is refused with the limit named, instead of being sent.
 */
import { MAX_RESPONSE_BYTES } from '../domain/geometry/limits';
import { TOO_LARGE_MESSAGE } from '../domain/surface/cells';
import { ApiError } from './errors';

export function limitResponseSize<T>(body: T, status: 408 | 422 = 422): T {
  const bytes = JSON.stringify(body).length;
  if (bytes <= MAX_RESPONSE_BYTES) return body;
  throw responseTooLarge(bytes, status);
}

/** The refusal of an answer of `bytes` bytes of JSON. */
export function responseTooLarge(bytes: number, status: 408 | 422 = 422): ApiError {
  const message = `the answer would be ${bytes} bytes; at most ${MAX_RESPONSE_BYTES} are sent: reduce the area, the resolution or the layers`;
  return new ApiError(status, status === 408 ? TOO_LARGE_MESSAGE : message, [{ rule: 'max_response_bytes', message, limit: MAX_RESPONSE_BYTES, actual: bytes }]);
}
