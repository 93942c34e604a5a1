/**
 * A dataset swap matches every subscriber's area against the changes: each subscriber in its own turn of
 * the event loop (docs/security.md, third pass: 100 subscribers with 2,000-position areas held it 1.3 s
 * in one block at each sandbox TFR).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { COL, ROW, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { people, type People } from '../../routes/operations/test-helpers';
import { subscribersStore } from '../../store/subscribers';
import { watchDatasetChanges } from './notify';

const matched = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../domain/subscribers/diff', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../domain/subscribers/diff')>();
  return {
    ...orig,
    changesFor: (...args: Parameters<typeof orig.changesFor>) => {
      matched.n++;
      return orig.changesFor(...args);
    },
  };
});

const T0 = new Date('2026-12-01T15:00:00Z');
let svc: TestService;
let who: People;
let watcher: ReturnType<typeof watchDatasetChanges>;
beforeAll(async () => {
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0 });
  who = await people(svc);
  watcher = watchDatasetChanges(svc.deps);
});
afterAll(async () => {
  await watcher.stop();
  await svc.close();
});

describe('notifying subscribers of a dataset change', () => {
  it('lets other work run between two subscribers, notifies each, and none deleted meanwhile', async () => {
    const N = 12;
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const r = await svc.call('POST', '/v1/subscribers', { token: who.pilot, body: { callbackUrl: `http://127.0.0.1:9/turn${i}`, geometry: inCell(COL.c1, ROW.a, 0.02) } });
      expect(r.status).toBe(201);
      ids.push(((await r.json()) as { data: { id: string } }).data.id);
    }
    const start = matched.n;
    const seen = new Set<number>();
    let done = false;
    let deleting: Promise<Response> | null = null;
    const tick = () => {
      seen.add(matched.n - start);
      // The last subscriber goes while the others are matched: it must not be notified after its deletion.
      if (matched.n - start === 3 && !deleting) deleting = svc.call('DELETE', `/v1/subscribers/${ids[N - 1]}`, { token: who.pilot });
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    let inserts = 0;
    const query = svc.deps.db.query.bind(svc.deps.db);
    svc.deps.db.query = (text, params) => {
      if (/INSERT INTO callback_outbox/.test(text)) inserts++;
      return query(text, params);
    };
    const r = await svc.call('POST', '/v1/sandbox/tfrs', { token: who.faa, body: { name: 'Turns TFR', geometry: inCell(COL.c1, ROW.a, 0.003), reason: 'test' } });
    expect(r.status).toBe(201);
    await watcher.idle();
    done = true;
    svc.deps.db.query = query;
    // Every notification in one statement (there was one a subscriber, on the embedded store's thread).
    expect(inserts).toBe(1);
    expect(matched.n - start).toBe(N);
    // Some other callback saw the count between the first and the last subscriber's match, for most of them.
    const between = [...seen].filter((k) => k > 0 && k < N);
    expect(between.length).toBeGreaterThanOrEqual(N - 2);
    expect((await deleting!)?.status).toBe(204);
    for (const id of ids.slice(0, -1)) expect(await subscribersStore.deliveries(svc.deps.db, id)).toHaveLength(1);
    expect(await subscribersStore.deliveries(svc.deps.db, ids[N - 1]!)).toEqual([]);
    const orphans = await svc.deps.db.query('SELECT id FROM callback_outbox WHERE subscriber_id = $1', [ids[N - 1]]);
    expect(orphans).toEqual([]);
  });
});
