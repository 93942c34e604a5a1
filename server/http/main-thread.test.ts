// @isolated-modules: a briefing cut by its budget must run cold; other files warm the fixture features' kept work.
import { describe, expect, it } from 'vitest';
import { briefArea } from '../domain/briefing';
import { fixtureDataset, NOW } from '../domain/briefing/fixtures';
import { heavyConfig, type HeavyConfig } from '../workers/heavy-config';
import { ApiError } from './errors';
import { MainThreadGate, ownWork } from './main-thread';

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

  it('refuses with 408 naming the request budget a job whose own work before the gate spent it, without running it', async () => {
    const gate = new MainThreadGate(config({ requestBudgetMs: 100 }));
    let ran = false;
    const e = await refusal(gate.run(() => (ran = true), Date.now() - 200));
    expect(ran).toBe(false);
    expect(e.status).toBe(408);
    expect(e.details).toEqual([expect.objectContaining({ budget: 'request', limit: 100 })]);
  });

  it('answers 503 with Retry-After, not 408, to a job that only waited for its turn past the request budget', async () => {
    let t = 0;
    const gate = new MainThreadGate(config({ requestBudgetMs: 100 }), ownWork, () => t);
    let ran = false;
    // The job ahead holds the main thread for 200 ms of the (injected) clock while the second waits.
    const ahead = gate.run(() => (t += 200), 0);
    const waiting = refusal(gate.run(() => (ran = true), 0));
    await ahead;
    const e = await waiting;
    expect(ran).toBe(false);
    expect(e.status).toBe(503);
    expect(e.headers).toEqual({ 'Retry-After': '1' });
    expect(e.message).toMatch(/too busy to start this request/);
  });

  it("counts a run's own work, not time the machine gave to others: the README's briefing is never 408 on a busy machine", async () => {
    const ds = fixtureDataset();
    // The README's example area (0.7 km² in Seattle).
    const readme = { type: 'Polygon' as const, coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.54], [-122.31, 47.53]]] };
    // A machine so busy that every check of the budget finds 40 ms more on the wall clock, while this
    // process got none of them: an injected meter (the CPU this run used) that does not advance.
    const noCpu = () => () => 0;
    const gate = new MainThreadGate(config({ mainThreadBudgetMs: 50 }), noCpu);
    const r = await gate.run((budget) => {
      busy(120); // the wall clock passes the budget twice over before the engine even starts
      return briefArea(ds, readme, { now: NOW, budget });
    });
    expect(r.notices!.length).toBeGreaterThan(0);
    // The same meter that advances with work still cuts a heavy request at its budget (408 naming it).
    let spent = 0;
    const working = () => () => (spent += 10);
    const e = await refusal(new MainThreadGate(config({ mainThreadBudgetMs: 50 }), working).run((budget) => briefArea(ds, heavyCircle(), { now: NOW, budget })));
    expect(e.status).toBe(408);
    expect(e.details).toEqual([expect.objectContaining({ budget: 'main-thread', limit: 50 })]);
  });

  it('measures own work as CPU time, capped by the wall clock', () => {
    const elapsed = ownWork();
    busy(30);
    const ms = elapsed();
    expect(ms).toBeGreaterThan(0);
    // Never more than the wall clock (the cap), whatever the process's other threads did.
    const wall = Date.now();
    const again = ownWork();
    expect(again()).toBeLessThanOrEqual(Date.now() - wall);
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
