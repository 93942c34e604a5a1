/** Operations are planned at most 90 days ahead, for at most 90 days (issue 29; docs/operations-laanc.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { OPERATION_MAX_DAYS_AHEAD, OPERATION_MAX_DAYS_LONG } from '../../contract/operation-limits';
import { box } from '../../domain/laanc/test-fixture';
import { json, operationBody, people, type People } from './test-helpers';

const NOW = new Date('2026-12-08T12:00:00Z');
const DAY = 86_400_000;
const AREA = box(-122.305, 47.527, -122.299, 47.533);
let svc: TestService;
let who: People;
beforeAll(async () => {
  svc = await startTestService({ now: NOW });
  who = await people(svc);
});
afterAll(() => svc.close());

const create = (start: Date, minutes: number) => svc.call('POST', '/v1/operations', { token: who.pilot, body: operationBody(AREA, start, minutes) });

describe('how far ahead and how long an operation may be planned', () => {
  it('refuses a start more than 90 days ahead with 422 naming startTime, and a 5-year window naming endTime', async () => {
    expect(OPERATION_MAX_DAYS_AHEAD).toBe(90);
    expect(OPERATION_MAX_DAYS_LONG).toBe(90);
    const far = await create(new Date(NOW.getTime() + 91 * DAY), 60);
    expect(far.status).toBe(422);
    expect(await json(far)).toMatchObject({ message: expect.stringMatching(/^body\.startTime: must be at most 90 days ahead/) });
    const long = await create(new Date(NOW.getTime() + DAY), 5 * 365 * 24 * 60);
    expect(long.status).toBe(422);
    expect(await json(long)).toMatchObject({ message: expect.stringMatching(/^body\.endTime: must be at most 90 days after startTime/) });
    expect((await create(new Date(NOW.getTime() + 89 * DAY), 89 * 24 * 60)).status).toBe(201);
  });

  it('refuses the same on a PUT', async () => {
    const made = await create(new Date(NOW.getTime() + DAY), 60);
    const { id } = await json<{ id: string }>(made);
    const put = await svc.call('PUT', `/v1/operations/${id}`, { token: who.pilot, body: operationBody(AREA, new Date(NOW.getTime() + 400 * DAY), 60) });
    expect(put.status).toBe(422);
  });
});
