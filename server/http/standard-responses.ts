/**
 * The statuses the pipeline itself may answer for a route, whatever its handler does (app.ts): body
 * limits and media type, validation, authentication, scope, the caller's rate limit, the store. The
 * OpenAPI document lists them on every operation they apply to, and the tests' response check accepts
 * them, so a client generated from the document (or a tool such as Schemathesis) meets no status it was
 * not told of (issue 30; docs/api-reference.md, "Statuses").
 */
import { ErrorSchema } from '../contract/common';
import type { ResponseSpec, RouteSpec } from './route';

const err = (description: string): ResponseSpec => ({ description, schema: ErrorSchema });

/** How validation answers, in the words of the document (docs/api-reference.md, "Validation statuses"). */
export const VALIDATION_STATUSES =
  '400: the request is malformed (invalid JSON, a wrong type, a missing required field, or an unknown field or query key); ' +
  '422: every field has the right type but a value breaks a rule (a range, a format, a geometry too large). ' +
  'The legacy 4.3/4.5 operations answer 400 for both.';

/** The route's own responses with the pipeline's statuses added where the route does not describe them itself. */
export function documentedResponses(r: RouteSpec): Record<number, ResponseSpec> {
  const out: Record<number, ResponseSpec> = { ...r.responses };
  const add = (status: number, spec: ResponseSpec) => {
    out[status] ??= spec;
  };
  const validated = r.params !== undefined || r.query !== undefined || r.body !== undefined;
  if (validated) add(400, err('Malformed: invalid JSON, a wrong type, a missing required field, or an unknown field or query key'));
  if (validated && (r.invalidStatus ?? 422) === 422) add(422, err('A value breaks a rule; details name each field'));
  if (r.body) {
    add(413, err('The request body is larger than the service accepts'));
    add(415, err('The request body is not of a media type this operation takes'));
  }
  if (r.access !== 'public') {
    add(401, err('No, an invalid or an expired token (WWW-Authenticate: Bearer error="invalid_token")'));
    add(
      403,
      err(
        r.access === 'person'
          ? 'For a signed-in person, not an API client; or a cookie session without X-CSRF-Token'
          : 'The token lacks the scope (WWW-Authenticate: Bearer error="insufficient_scope"); or a cookie session without X-CSRF-Token',
      ),
    );
    add(429, err("Over the caller's rate limit (Retry-After, RateLimit-* headers)"));
    add(503, err('The store is unavailable or the service is busy for a moment; retry after Retry-After seconds'));
  }
  return out;
}
