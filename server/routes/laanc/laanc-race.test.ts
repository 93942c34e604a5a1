/**
 * Two instances on one store: a LAANC operation changed or deleted (PUT/DELETE …/laanc) on one while a
 * submission of the same operation is between its reads and its commit on the other. The submission
 * holds the operation's row lock; the change must wait for it and then see the new authorization (409),
 * never change the LAANC operation under a pending or approved authorization. On PostgreSQL the change
 * did not wait (it took no lock) and answered 200. (On the embedded store a transaction holds the one
 * connection, so the change waits either way.) docs/security.md, "Resource exhaustion, fourth pass".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { createApp } from '../../app';
import type { Db } from '../../store/db';
import { COL, ROW, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { POC, json, laancOperation, people, type People } from '../operations/test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
const h = (n: number) => new Date(T0.getTime() + n * 3_600_000);
let svc: TestService;
let who: People;
beforeAll(async () => {
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0 });
  who = await people(svc);
});
afterAll(() => svc.close());

/** A second "instance" on the same store whose transactions wait for `release` before they commit. */
function slowInstance() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const db: Db = {
    ...svc.deps.db,
    transaction: (fn) =>
      svc.deps.db.transaction(async (tx) => {
        const out = await fn(tx);
        entered();
        await gate;
        return out;
      }),
  };
  const app = createApp({ ...svc.deps, db });
  const call = (method: string, path: string, token: string) => Promise.resolve(app.request(path, { method, headers: { authorization: `Bearer ${token}` } }));
  return { call, release, inside };
}

describe('LAANC: a change of the LAANC operation while a submission commits elsewhere', () => {
  for (const method of ['PUT', 'DELETE'] as const) {
    it(`${method} waits for the submission and refuses with 409; the authorization stays with the LAANC operation it was made from`, async () => {
      const op = await laancOperation(svc, who.pilot, inCell(COL.c2, ROW.a), h(4));
      const other = slowInstance();
      const submitting = other.call('POST', `/v1/operations/${op.id}/laanc/authorizations`, who.pilot);
      await other.inside;
      const change = method === 'PUT'
        ? svc.call('PUT', `/v1/operations/${op.id}/laanc`, { token: who.pilot, body: { license: 'LICENSE_SECTION_44809', fixedAltitude: false, pointOfContact: POC } })
        : svc.call('DELETE', `/v1/operations/${op.id}/laanc`, { token: who.pilot });
      let settled = false;
      void change.then(() => (settled = true));
      await new Promise((r) => setTimeout(r, 300));
      const settledWhileHeld = settled;
      other.release();
      expect((await submitting).status).toBe(200);
      const answer = await change;
      expect(answer.status, await answer.clone().text()).toBe(409);
      expect(settledWhileHeld).toBe(false);
      const l = await json<{ operation: { license: string; authorizations: Array<{ status: string }> } }>(svc.call('GET', `/v1/operations/${op.id}/laanc`, { token: who.pilot }));
      expect(l.operation.license).toBe('LICENSE_PART_107');
      expect(l.operation.authorizations.map((a) => a.status)).toEqual(['STATUS_APPROVED']);
    });
  }
});
