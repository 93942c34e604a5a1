/** The app's error handler logs through the redacting logger: no stack traces in production. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../app';
import { testConfig } from '../config';
import type { AppDeps } from '../deps';
import { route } from '../http/route';
import { createJsonLogger } from './logger';

describe('unhandled errors in the log', () => {
  it('are logged without stack trace or callback credentials in production', async () => {
    const lines: string[] = [];
    const log = createJsonLogger({ stackTraces: false }, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
    const boom = route({
      method: 'get',
      path: '/boom',
      operationId: 'boom',
      summary: 'throws',
      tags: ['test'],
      access: 'public',
      responses: { 200: { description: 'never', schema: z.object({}) } },
      handler: () => {
        throw new Error('could not post to https://hooks.example.com/cb?apiKey=SECRET123');
      },
    });
    // No store needed: the route is public and throws before anything is read.
    const app = createApp({ config: testConfig(), log } as unknown as AppDeps, { routes: [boom] });
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    expect(await res.text()).not.toMatch(/SECRET123|\s+at\s/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('unhandled error');
    expect(lines[0]).not.toMatch(/SECRET123|\\n\s+at\s/);
  });
});
