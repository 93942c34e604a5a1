/**
 * Bodies that may be absent (LAANC submit: "empty body = all candidates"; sandbox approve). The app
 * reads declared bodies and refuses empty ones, so such routes declare none and parse here with the
 * same rules: 400 malformed JSON or wrong types, 422 invalid values, 415 another media type.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../../http/errors';
import { parseOrThrow } from '../../http/validate';

export async function optionalJsonBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  if (text.trim() === '') return parseOrThrow(schema, {}, 'body', 422);
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type !== '' && !type.startsWith('application/json')) throw new ApiError(415, 'Content-Type must be application/json');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON');
  }
  return parseOrThrow(schema, json, 'body', 422);
}
