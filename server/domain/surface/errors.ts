/**
 * Errors of the surface domain, free of HTTP; the routes turn them into the spec's statuses
 * (section 7: 408 "request timed out; reduce the size of the request", 422 invalid values).
 */
export class RequestTooLargeError extends Error {}

export class InvalidSurfaceValueError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
