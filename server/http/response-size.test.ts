import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApp } from '../app';
import { MAX_RESPONSE_BYTES } from '../domain/geometry/limits';
import { startTestService, type TestService } from '../../test/helpers/service';
import { ApiError } from './errors';
import { limitResponseSize, measuredJson } from './response-size';
import { route } from './route';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

describe('the answer size limit', () => {
  it('remembers the JSON text it measured, for that very object only', () => {
    const body = { statusCode: 200, message: 'success', data: { a: [1, 2, 3], b: 'x' } };
    expect(limitResponseSize(body)).toBe(body);
    expect(measuredJson(body)).toBe(JSON.stringify(body));
    expect(measuredJson({ ...body })).toBeUndefined();
    expect(measuredJson('text')).toBeUndefined();
  });

  it('refuses an answer past the limit, naming it', () => {
    const huge = { data: 'x'.repeat(MAX_RESPONSE_BYTES) };
    for (const status of [408, 422] as const) {
      try {
        limitResponseSize(huge, status);
        expect.unreachable('an oversized answer must be refused');
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
        expect((e as ApiError).status).toBe(status);
        expect(JSON.stringify((e as ApiError).details)).toContain('max_response_bytes');
      }
    }
  });

  it('the app sends the measured text as it is, without serialising the answer again', async () => {
    const answer = { statusCode: 200, message: 'success', data: { items: Array.from({ length: 50 }, (_, i) => ({ i, name: `item ${i}` })) } };
    // As a running service does (the tests' response check serialises the answer once more).
    const app = createApp(svc.deps, {
      checkResponses: false,
      routes: [
        route({
          method: 'get',
          path: '/measured',
          operationId: 'measured',
          summary: 'test',
          tags: ['test'],
          access: 'public',
          responses: { 200: { description: 'ok', schema: z.object({ statusCode: z.number(), message: z.string(), data: z.unknown() }) } },
          handler: () => ({ body: limitResponseSize(answer), headers: { 'X-Dataset-Version': 'v1' } }),
        }),
      ],
    });
    const stringify = vi.spyOn(JSON, 'stringify');
    let r: Response;
    try {
      r = await app.request('/measured');
      expect(stringify.mock.calls.filter(([value]) => value === answer)).toHaveLength(1);
    } finally {
      stringify.mockRestore();
    }
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('x-dataset-version')).toBe('v1');
    expect(await r.json()).toEqual(answer);
  });

  it('in the tests, an answer changed after it was measured is an error, not a stale text sent', async () => {
    const app = createApp(svc.deps, {
      checkResponses: true,
      routes: [
        route({
          method: 'get',
          path: '/changed',
          operationId: 'changed',
          summary: 'test',
          tags: ['test'],
          access: 'public',
          responses: { 200: { description: 'ok', schema: z.object({ statusCode: z.number(), message: z.string(), data: z.unknown() }) } },
          handler: () => {
            const body = limitResponseSize({ statusCode: 200, message: 'success', data: { n: 1 } });
            body.data.n = 2;
            return { body };
          },
        }),
      ],
    });
    const r = await app.request('/changed');
    expect(r.status).toBe(500);
  });
});
