import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import type { PlacesResponse } from '../../contract/places';
import { placesDataset } from '../../domain/places/fixtures';
import { mainThread } from '../../http/main-thread';
import { heavyConfig, useHeavyConfig } from '../../workers/heavy-config';
import { searchPlacesHandler } from './places.handlers';

let svc: TestService;
let token: string;
beforeAll(async () => {
  svc = await startTestService({ dataset: placesDataset() });
  token = await svc.clientToken();
});
afterAll(() => svc.close());

const get = (query: string, t: string | null = token) => svc.call('GET', `/v1/places?${query}`, t ? { token: t } : {});
const places = async (query: string) => {
  const r = await get(query);
  expect(r.status).toBe(200);
  return ((await r.json()) as PlacesResponse).places;
};

describe('GET /v1/places', () => {
  it('finds airports of the current dataset by identifier, ICAO code and name', async () => {
    for (const q of ['BFI', 'KBFI', 'Boeing%20Field']) {
      expect((await places(`q=${q}`))[0], q).toEqual({ name: 'King County International Airport - Boeing Field', kind: 'airport', ident: 'BFI', icao: 'KBFI', region: 'WA', country: 'US', lon: -122.302, lat: 47.53 });
    }
  });

  it('finds GeoNames cities, US first and bigger first, and ranks an exact identifier first', async () => {
    const seattle = await places('q=Seattle&limit=3');
    expect(seattle[0]).toMatchObject({ name: 'Seattle', kind: 'city', region: 'WA', country: 'US' });
    expect(seattle[0]!.lat).toBeCloseTo(47.606, 1);
    const paris = await places('q=paris&limit=20');
    const first = paris.findIndex((p) => p.country !== 'US');
    expect(first).toBeGreaterThan(0);
    expect(paris.slice(first).some((p) => p.country === 'US' && p.name === 'Paris')).toBe(false);
    expect(paris[0]).toMatchObject({ name: 'Paris', region: 'TX' });
    expect((await places('q=sea'))[0]).toMatchObject({ ident: 'SEA' });
  });

  it('uses the dataset it was given: an airport outside it is not found, only its airport layer', async () => {
    expect((await places('q=KJFK')).filter((p) => p.kind !== 'city')).toEqual([]);
    expect((await places('q=Lumen')).map((p) => p.name)).not.toContain('Lumen Field');
  });

  it('limits the list (default 8, at most 20)', async () => {
    expect(await places('q=san')).toHaveLength(8);
    expect(await places('q=san&limit=20')).toHaveLength(20);
    expect(await places('q=san&limit=1')).toHaveLength(1);
  });

  it('refuses an empty or over-long q and a limit outside 1..20 with 422, a missing q or a limit that is no whole number with 400', async () => {
    for (const q of ['q=', 'q=%20%20', `q=${'a'.repeat(101)}`, 'q=sea&limit=0', 'q=sea&limit=21']) expect((await get(q)).status, q).toBe(422);
    expect((await places(`q=%20${'a'.repeat(100)}%20`))).toEqual([]);
    for (const q of ['limit=5', 'q=sea&limit=many', 'q=sea&limit=2.5']) expect((await get(q)).status, q).toBe(400);
  });

  it('needs a signed-in caller: 401 without a token, 403 with an unrelated scope', async () => {
    expect((await get('q=BFI', null)).status).toBe(401);
    expect((await get('q=BFI', await svc.clientToken('operation:read'))).status).toBe(403);
    expect((await get('q=BFI', await svc.clientToken('briefing:location:read'))).status).toBe(200);
  });

  it('runs through the main-thread gate: between heavy runs, and 503 with Retry-After when its queue is full', async () => {
    useHeavyConfig({ ...heavyConfig({}), mainThreadQueue: 2 });
    try {
      const order: string[] = [];
      // Queued synchronously: the gate's first job runs, two wait, the queue is full.
      const heavy = [0, 1, 2].map((i) => mainThread.run(() => order.push(`heavy ${i}`)));
      const refused = searchPlacesHandler(svc.deps, { q: 'sea', limit: 8 });
      await expect(refused).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
      await Promise.all(heavy);
      const first = mainThread.run(() => order.push('heavy 3'));
      const search = searchPlacesHandler(svc.deps, { q: 'sea', limit: 8 }).then((r) => order.push(r.places.length > 0 ? 'search' : 'no places'));
      await Promise.all([first, search]);
      expect(order).toEqual(['heavy 0', 'heavy 1', 'heavy 2', 'heavy 3', 'search']);
    } finally {
      useHeavyConfig(heavyConfig({}));
    }
  });
});
