/**
 * Every failure of a call to the service, in one type. The service answers errors with the
 * envelope {statusCode, message, details?} (domain.md); the message is written for people, so we
 * show it as is.
 */
export type ApiErrorKind = 'http' | 'network' | 'contract';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    message: string,
    readonly kind: ApiErrorKind = 'http',
    readonly details?: unknown,
  ) {
    super(message);
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

/** A sentence for any thrown value, for error states in the UI. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  if (e instanceof Error) return e.message;
  return 'Something went wrong.';
}
