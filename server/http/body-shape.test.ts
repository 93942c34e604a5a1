/**
 * Shape limits of a JSON body (body-shape.ts): deep nesting and huge value counts are refused with 400
 * naming `body` before any recursive walk or schema sees them; before, 90,000 nested objects answered 500
 * (stack overflow in the NUL check) and 490,000 wrong-typed numbers took seconds and a 61 MB answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/helpers/service';
import { jsonShapeProblem, MAX_FORM_FIELDS, MAX_JSON_DEPTH, MAX_JSON_VALUES } from './body-shape';
import { MAX_ISSUES_LISTED } from './validate';

const nested = (depth: number): unknown => JSON.parse('['.repeat(depth - 1) + '{}' + ']'.repeat(depth - 1));

describe('jsonShapeProblem', () => {
  it('accepts the deepest and largest legal bodies and refuses one level or one value more', () => {
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH + 1))?.rule).toBe('max_depth');
    // The array itself is one value.
    expect(jsonShapeProblem(Array(MAX_JSON_VALUES - 1).fill(0))).toBeNull();
    expect(jsonShapeProblem(Array(MAX_JSON_VALUES).fill(0))?.rule).toBe('max_values');
    const objects = Object.fromEntries(Array.from({ length: MAX_JSON_VALUES / 2 }, (_, i) => [`k${i}`, { a: 1 }]));
    expect(jsonShapeProblem(objects)?.rule).toBe('max_values');
  });

  it('walks 500,000 levels without recursion', () => {
    expect(jsonShapeProblem(nested(500_000), 1_000_000, 1_000_000)).toBeNull();
  });

  it('a batch of 1,000 telemetry positions (the largest legal body) is well within', () => {
    const batch = { operationId: 'x', positions: Array.from({ length: 1000 }, () => ({ time: 't', latitude: 1, longitude: 1, altitude: 1, altitudeReference: 'AGL', speed: 1, heading: 1 })) };
    expect(jsonShapeProblem(batch)).toBeNull();
    expect(jsonShapeProblem(batch, MAX_JSON_DEPTH, 8_000)?.rule).toBe('max_values');
  });
});

describe('hostile body shapes through the app', () => {
  let svc: TestService;
  let token: string;
  beforeAll(async () => {
    svc = await startTestService();
    token = await svc.clientToken();
  });
  afterAll(() => svc.close());
  const post = (raw: string) => svc.call('POST', '/v2/briefing/preflight/area', { token, raw, headers: { 'content-type': 'application/json' } });

  it('90,000 nested objects: 400 naming body and max_depth, not 500', async () => {
    const res = await post('{"a":'.repeat(90_000) + '1' + '}'.repeat(90_000));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; details: Array<{ field: string; rule: string }> };
    expect(body.details[0]).toMatchObject({ field: 'body', rule: 'max_depth' });
    expect(body.message).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('450,000 nested arrays: 400 max_depth', async () => {
    const res = await post('{"boundary":' + '['.repeat(450_000) + ']'.repeat(450_000) + '}');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: Array<{ rule: string }> }).details[0]!.rule).toBe('max_depth');
  });

  it('490,000 wrong-typed numbers in a 1 MB body: 400 max_values, a small answer', async () => {
    const res = await post('{"boundary":{"type":"Polygon","coordinates":[' + Array(490_000).fill('0').join(',') + ']}}');
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(1000);
    expect((JSON.parse(text) as { details: Array<{ rule: string }> }).details[0]!.rule).toBe('max_values');
  });

  it('many wrong-typed values within the limits: details listed up to the bound', async () => {
    const res = await post(JSON.stringify({ boundary: { type: 'Polygon', coordinates: Array(5000).fill(0) } }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { details: unknown[] };
    expect(body.details).toHaveLength(MAX_ISSUES_LISTED);
  });

  it('a form body with more fields than MAX_FORM_FIELDS: 400 max_fields before it is parsed (90,000 fields took 470 ms to parse)', async () => {
    const form = (n: number) => ['grant_type=client_credentials', 'client_id=sandbox-client', 'client_secret=sandbox-secret', ...Array.from({ length: n - 3 }, (_, i) => `k${i}=v`)].join('&');
    const token = (raw: string) => svc.call('POST', '/v1/oauth/token', { raw, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const many = await token(form(90_000));
    expect(many.status).toBe(400);
    expect(JSON.stringify(await many.json())).toContain('max_fields');
    const over = await token(form(MAX_FORM_FIELDS + 1));
    expect(JSON.stringify(await over.json())).toContain('max_fields');
    const within = await token(form(MAX_FORM_FIELDS));
    expect(JSON.stringify(await within.json())).not.toContain('max_fields');
  });
});
