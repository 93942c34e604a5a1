/**
 * Turns zod failures into the spec's statuses: wrong types or missing fields are 400 (spec 7:
 * "invalid JSON or invalid types"), invalid values are 422 (or 400 where the operation only knows 400).
 * The message names the field and the rule.
 */
import type { z } from 'zod';
import { ApiError } from './errors';

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
  const details = issues.map((i) => ({ field: [where, ...i.path.map(String)].join('.'), rule: i.code, message: i.message }));
  throw new ApiError(status, describeIssues(issues, where), details);
}
