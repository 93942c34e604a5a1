/**
 * Turns zod failures into the spec's statuses: wrong types or missing fields are 400 (spec 7:
 * "invalid JSON or invalid types"), invalid values are 422 (or 400 where the operation only knows 400).
 * The message names the field and the rule.
 */
import type { z } from 'zod';
import { ApiError } from './errors';

/** Most issues listed in an error's `details` (the message names the first five). */
export const MAX_ISSUES_LISTED = 20;

export function describeIssues(issues: readonly z.core.$ZodIssue[], where: string): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      const field = [where, ...i.path.map(String)].filter(Boolean).join('.');
      return `${field || where}: ${i.message}`;
    })
    .join('; ');
}

function isTypeIssue(i: z.core.$ZodIssue): boolean {
  if (i.code === 'invalid_type' || i.code === 'unrecognized_keys') return true;
  if (i.code === 'invalid_union') return i.errors.every((branch) => branch.every(isTypeIssue));
  return false;
}

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, where: string, invalidStatus: 400 | 422): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issues = r.error.issues;
  // Any wrong type makes the request malformed (400); only well-typed requests with bad values are 422.
  const status = issues.some(isTypeIssue) ? 400 : invalidStatus;
  // Listed up to a bound: one issue per element of a long wrong-typed array made a 61 MB answer.
  const details = issues.slice(0, MAX_ISSUES_LISTED).map((i) => ({ field: [where, ...i.path.map(String)].join('.'), rule: i.code, message: i.message }));
  throw new ApiError(status, describeIssues(issues, where), details);
}

/**
 * The first string (value or key) holding U+0000, as a field path, or null. PostgreSQL cannot store NUL
 * in text, so such a value would reach the store only to fail there (500): it is refused up front.
 */
export function nulField(value: unknown, where: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? where : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = nulField(value[i], `${where}.${i}`);
      if (hit) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return `${where}.${k.split('\u0000').join('\\u0000')}`;
    const hit = nulField(v, `${where}.${k}`);
    if (hit) return hit;
  }
  return null;
}

/** Throws 400/422 (the route's status for invalid values) naming the field that holds a NUL character. */
export function rejectNul(value: unknown, where: string, invalidStatus: 400 | 422): void {
  const field = nulField(value, where);
  if (!field) return;
  const message = 'contains a NUL character (U+0000), which no field accepts';
  throw new ApiError(invalidStatus, `${field}: ${message}`, [{ field, rule: 'no_nul_character', message }]);
}
