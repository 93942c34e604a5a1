import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { PilotProfileSchema } from '../../contract/profile';

let svc: TestService;
let pilot: string;
beforeAll(async () => {
  svc = await startTestService();
  pilot = await svc.personToken('pilot@potomac.example', 'demo-pilot');
});
afterAll(() => svc.close());

const profile = { name: 'Bob Pilot', phoneNumber: '+1 202 555 0142', part107Certificate: '4123456', registrations: ['fa3xk7pm9t', 'FA3XK7PM9T', 'FA00000001'] };

describe('/v1/me/profile', () => {
  it('starts with the name only, then keeps what the person saves (registrations upper-cased, once each)', async () => {
    const empty = PilotProfileSchema.parse(await (await svc.call('GET', '/v1/me/profile', { token: pilot })).json());
    expect(empty).toEqual({ name: 'Bob Pilot', phoneNumber: null, part107Certificate: null, registrations: [] });
    const saved = await svc.call('PUT', '/v1/me/profile', { token: pilot, body: { ...profile, name: 'Robert Pilot' } });
    expect(saved.status).toBe(200);
    const expected = { name: 'Robert Pilot', phoneNumber: '+1 202 555 0142', part107Certificate: '4123456', registrations: ['FA3XK7PM9T', 'FA00000001'] };
    expect(await saved.json()).toEqual(expected);
    expect(await (await svc.call('GET', '/v1/me/profile', { token: pilot })).json()).toEqual(expected);
    // The name is the one every list reads.
    const members = (await (await svc.call('GET', '/v1/organization/members', { token: pilot })).json()) as { members: Array<{ name: string }> };
    expect(members.members.map((m) => m.name)).toContain('Robert Pilot');
    await svc.call('PUT', '/v1/me/profile', { token: pilot, body: { ...profile } });
  });

  it('refuses invalid fields with a 422 that names them, and keeps what was stored', async () => {
    const before = await (await svc.call('GET', '/v1/me/profile', { token: pilot })).json();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ registrations: ['N12345'] }, /registrations\.0.*FA followed by 8/],
      [{ part107Certificate: '12ab' }, /part107Certificate/],
      [{ phoneNumber: 'call me' }, /phoneNumber/],
      [{ name: '' }, /name/],
      [{ name: 'x'.repeat(101) }, /name/],
    ];
    for (const [over, field] of cases) {
      const r = await svc.call('PUT', '/v1/me/profile', { token: pilot, body: { ...profile, ...over } });
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect(JSON.stringify(await r.json())).toMatch(field);
    }
    expect((await svc.call('PUT', '/v1/me/profile', { token: pilot, body: { ...profile, registrations: 'FA3XK7PM9T' } })).status).toBe(400);
    const extra = await svc.call('PUT', '/v1/me/profile', { token: pilot, body: { ...profile, extra: 1 } });
    expect(extra.status).toBe(400);
    expect(JSON.stringify(await extra.json())).toMatch(/extra/);
    expect(await (await svc.call('GET', '/v1/me/profile', { token: pilot })).json()).toEqual(before);
  });

  it('is for signed-in people only', async () => {
    expect((await svc.call('GET', '/v1/me/profile')).status).toBe(401);
    expect((await svc.call('GET', '/v1/me/profile', { token: await svc.clientToken() })).status).toBe(403);
    expect((await svc.call('PUT', '/v1/me/profile', { token: await svc.clientToken(), body: profile })).status).toBe(403);
  });
});
