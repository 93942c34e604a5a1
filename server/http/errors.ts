/**
 * Errors in the legacy envelope {statusCode, message, details?} (domain.md: errors use the same
 * envelope as results). Thrown anywhere in a handler, turned into a response by the app.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    /** Extra top-level fields of the error body (the token endpoint's RFC 6749 `error`). */
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new ApiError(400, message, details);
export const unauthorized = (message = 'A valid bearer token or a signed-in session is required') =>
  new ApiError(401, message, undefined, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message = 'Record not found') => new ApiError(404, message);
export const conflict = (message: string, details?: unknown) => new ApiError(409, message, details);
export const gone = (message: string) => new ApiError(410, message);
export const unprocessable = (message: string, details?: unknown) => new ApiError(422, message, details);
export const timeout = (message: string) => new ApiError(408, message);

export interface ErrorBody {
  statusCode: number;
  message: string;
  details?: unknown;
}

export function errorBody(status: number, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { statusCode: status, message } : { statusCode: status, message, details };
}
