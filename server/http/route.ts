/**
 * One table of routes: each entry carries its contract (zod schemas), its scope and its handler.
 * The app mounts the table, validates every request with it, and the OpenAPI document is
 * generated from it, so what is documented is exactly what is served.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { Scope } from '../contract/scopes';
import type { AppDeps } from '../deps';
import type { ApiError } from './errors';
import type { Principal } from './principal';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: 'public' anybody; 'person' a signed-in person (cookie session or their token);
 * a scope (or any of several) for tokens and people alike.
 */
export type Access = 'public' | 'person' | Scope | readonly Scope[];

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Non-JSON media type (tiles, glyphs, sprites, HTML). */
  contentType?: string;
}

export interface HandlerResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface HandlerInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Null only on public routes when nobody signed in. */
  principal: Principal | null;
  deps: AppDeps;
  c: Context;
}

export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: Method;
  /** OpenAPI-style path: /v1/operations/{id} */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  access: Access;
  deprecated?: boolean;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Body fields holding input geometries, checked for validity after the schema (crossing edges, no area, size). */
  geometryFields?: readonly string[];
  /** The body may be left out entirely; it is then validated as an empty object `{}`. */
  bodyOptional?: boolean;
  /** Request media types accepted (default application/json). */
  bodyTypes?: readonly ('json' | 'form')[];
  /**
   * A body without Content-Type is refused (415) instead of read as JSON: for sign-in, since a
   * cross-site request with an untyped body needs no CORS preflight (login CSRF).
   */
  requireContentType?: boolean;
  /** Sets or ends the portal's session cookie: same-origin only, no CORS (server/http/cors.ts). */
  sessionCookie?: boolean;
  /** Status for invalid values (default 422; the legacy 4.3/4.5 operations only know 400). */
  invalidStatus?: 400 | 422;
  /** Runs after auth and before validation; may throw (e.g. 410 for an operation a profile removed). */
  precheck?: (deps: AppDeps) => void;
  /**
   * Examples for the OpenAPI document where the contract's own would not pass its rules (time windows,
   * cross-field checks); parsed with the route's schemas by test/openapi-examples.test.ts.
   */
  examples?: { request?: unknown; response?: unknown };
  /** Rewrites this route's errors, validation included (the token endpoint adds RFC 6749's `error`). */
  mapError?: (e: ApiError) => ApiError;
  /** Hide from the OpenAPI document (only for the document and its page themselves). */
  hidden?: boolean;
  responses: Record<number, ResponseSpec>;
  handler: (input: HandlerInput<P, Q, B>) => Promise<HandlerResult | Response> | HandlerResult | Response;
}

/** Typed constructor: infers P, Q and B from the schemas. */
export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined>(spec: RouteSpec<P, Q, B>): RouteSpec {
  return spec as unknown as RouteSpec;
}

/** /v1/operations/{id} → /v1/operations/:id */
export function honoPath(p: string): string {
  return p.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}
