// @isolated-modules: a briefing cut by its budget must run cold; other files warm the fixture features' kept work.
import { describe, expect, it } from 'vitest';
import { briefArea } from '../domain/briefing';
import { fixtureDataset, NOW } from '../domain/briefing/fixtures';
import { heavyConfig, type HeavyConfig } from '../workers/heavy-config';
import { ApiError } from './errors';
import { MainThreadGate } from './main-thread';

const config = (over: Partial<HeavyConfig>) => () => ({ ...heavyConfig({}), ...over });
const busy = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** A 2,000-point circle of 1.7 NM over the fixture's Seattle facility map: seconds of engine work. */
function heavyCircle() {
  const ring: number[][] = [];
  for (let i = 0; i < 1_999; i++) ring.push([-122.3 + (1.7 / 60 / Math.cos((47.55 * Math.PI) / 180)) * Math.cos((2 * Math.PI * i) / 1_999), 47.55 + (1.7 / 60) * Math.sin((2 * Math.PI * i) / 1_999)]);
  ring.push(ring[0]!);
  return { type: 'Polygon' as const, coordinates: [ring] };
}

describe('the main-thread gate', () => {
  it('stops engine work at the main-thread budget with 408 naming it', async () => {
    const gate = new MainThreadGate(config({ mainThreadBudgetMs: 50 }));
    const ds = fixtureDataset();
    // Unbudgeted, this briefing takes seconds; the refusal naming the main-thread budget proves it was cut.
    const e = await refusal(gate.run((budget) => briefArea(ds, heavyCircle(), { now: NOW, budget })));
    expect(e.status).toBe(408);
    expect(e.message).toBe('request timed out; reduce the size of the request');
    expect(e.details).toEqual([expect.objectContaining({ rule: 'time_budget', budget: 'main-thread', limit: 50 })]);
  });

  it('runs one job at a time, in arrival order, letting the event loop through between them', async () => {
    const gate = new MainThreadGate(config({}));
    const order: string[] = [];
    let timerRan = false;
    const a = gate.run(() => {
      order.push('a');
      setTimeout(() => (timerRan = true), 0);
      busy(20);
    });
    const b = gate.run(() => {
      // a timer due while `a` ran fires before `b` starts
      order.push(`b after timer: ${timerRan}`);
    });
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b after timer: true']);
  });

  it('refuses with 408 naming the request budget a job that waited past it, without running it', async () => {
    const gate = new MainThreadGate(config({ requestBudgetMs: 100 }));
    let ran = false;
    const e = await refusal(gate.run(() => (ran = true), Date.now() - 200));
    expect(ran).toBe(false);
    expect(e.status).toBe(408);
    expect(e.details).toEqual([expect.objectContaining({ budget: 'request', limit: 100 })]);
  });

  it('answers 503 with Retry-After when the queue is full', async () => {
    const gate = new MainThreadGate(config({ mainThreadQueue: 2 }));
    const jobs = [gate.run(() => busy(5)), gate.run(() => busy(5)), gate.run(() => busy(5))];
    const e = await refusal(gate.run(() => 1));
    expect(e.status).toBe(503);
    expect(e.headers).toEqual({ 'Retry-After': '1' });
    await Promise.all(jobs);
    await expect(gate.run(() => 'free again')).resolves.toBe('free again');
  });

  it('passes other errors through and frees the gate', async () => {
    const gate = new MainThreadGate(config({}));
    await expect(gate.run(() => { throw new Error('boom'); })).rejects.toThrow('boom');
    await expect(gate.run(() => 2)).resolves.toBe(2);
  });
});
