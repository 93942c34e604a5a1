/**
 * Limits on the shape of a parsed JSON body, checked before anything walks it (docs/security.md,
 * "Resource exhaustion, probed 2026-11-24"). JSON.parse itself copes with any nesting, but the recursive
 * walks after it (the NUL check, zod) overflowed the stack on 90,000 nested objects (500), and a 1 MB
 * array of 490,000 wrong-typed numbers made zod collect one issue each: 10 s of event loop and a 61 MB
 * error answer. The walk here is iterative and stops at the first value past a limit.
 */
import { ApiError } from './errors';

/**
 * Deepest nesting of objects and arrays accepted. The deepest legal body is a MultiPolygon inside an
 * object (about 7 levels); 32 leaves room for any schema without letting recursion near the stack.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Most JSON values (objects, arrays, strings, numbers, booleans, nulls, each counted once) in a body.
 * The largest legal body is a batch of 1,000 telemetry positions (about 8,000 values; a geometry of
 * 2,000 positions is about 6,000): 20,000 keeps 2.5 times that, and bounds what the schema's
 * validation can cost (about 15 µs an issue here: 0.3 s at worst).
 */
export const MAX_JSON_VALUES = 20_000;

/** The first shape limit `value` breaks, in words with its rule, or null. */
export function jsonShapeProblem(value: unknown, maxDepth = MAX_JSON_DEPTH, maxValues = MAX_JSON_VALUES): { rule: 'max_depth' | 'max_values'; message: string } | null {
  const stack: Array<[unknown, number]> = [[value, 1]];
  let values = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (++values > maxValues) return { rule: 'max_values', message: `holds more than ${maxValues} JSON values` };
    if (v === null || typeof v !== 'object') continue;
    if (depth > maxDepth) return { rule: 'max_depth', message: `is nested deeper than ${maxDepth} levels` };
    const children = Array.isArray(v) ? v : Object.values(v);
    // Children are counted as they are pushed, so a flat array past the limit stops before it is all queued.
    if (values + stack.length + children.length > maxValues) return { rule: 'max_values', message: `holds more than ${maxValues} JSON values` };
    for (const c of children) stack.push([c, depth + 1]);
  }
  return null;
}

/** Throws 400 naming `body` when the parsed body breaks a shape limit (a malformed request, like bad JSON). */
export function checkJsonShape(value: unknown, where = 'body'): void {
  const problem = jsonShapeProblem(value);
  if (!problem) return;
  throw new ApiError(400, `${where}: the request body ${problem.message}`, [{ field: where, rule: problem.rule, message: `the request body ${problem.message}` }]);
}

/**
 * Most fields of a form body (application/x-www-form-urlencoded: the token endpoint's, which has at most
 * five). Counted on the text, before URLSearchParams: parsing 90,000 fields (800 KB) took 470 ms of event
 * loop on its own.
 */
export const MAX_FORM_FIELDS = 100;

/** Throws 400 naming `body` when a form body has more than MAX_FORM_FIELDS fields. */
export function checkFormFields(text: string, where = 'body'): void {
  let fields = text.length > 0 ? 1 : 0;
  for (let i = text.indexOf('&'); i !== -1 && fields <= MAX_FORM_FIELDS; i = text.indexOf('&', i + 1)) fields++;
  if (fields <= MAX_FORM_FIELDS) return;
  const message = `the request body has more than ${MAX_FORM_FIELDS} form fields`;
  throw new ApiError(400, `${where}: ${message}`, [{ field: where, rule: 'max_fields', message }]);
}
