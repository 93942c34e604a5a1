import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

type Members = { organization: { name: string } | null; members: Array<{ id: string; name: string; roles: string[] }> };

describe('GET /v1/organization/members', () => {
  it("lists the names of the caller's organization, and nobody else's", async () => {
    const r = await svc.call('GET', '/v1/organization/members', { token: await svc.personToken('pilot@cascade.example', 'demo-pilot') });
    expect(r.status).toBe(200);
    const body = (await r.json()) as Members;
    expect(body.organization?.name).toBe('Cascade Aerial');
    expect(body.members.map((m) => m.name).sort()).toEqual(['Alice Pilot', 'Olivia Operator']);
    expect(JSON.stringify(body)).not.toContain('@');
  });

  it('gives a person without an organization only themselves, and an API client its organization', async () => {
    const faa = (await (await svc.call('GET', '/v1/organization/members', { token: await svc.personToken('faa@sandbox.example', 'demo-faa') })).json()) as Members;
    expect(faa).toMatchObject({ organization: null, members: [{ name: 'Sandbox FAA', roles: ['faa'] }] });
    const client = (await (await svc.call('GET', '/v1/organization/members', { token: await svc.clientToken() })).json()) as Members;
    expect(client.organization?.name).toBe('Cascade Aerial');
  });

  it('needs a caller with operation:read', async () => {
    expect((await svc.call('GET', '/v1/organization/members')).status).toBe(401);
    expect((await svc.call('GET', '/v1/organization/members', { token: await svc.clientToken('briefing:area:read') })).status).toBe(403);
  });
});
