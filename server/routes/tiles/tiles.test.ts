import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { lonLatToTile } from '../../tiles/tile-coords';
import { CELL_CEILINGS, CELL_ORIGIN, FIXTURE_NOW, KSEA, fixtureDataset } from './tiles.fixture';
import { decodeTile, responseBytes, type DecodedTile } from './tiles.test-helpers';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ dataset: fixtureDataset(), now: FIXTURE_NOW });
});
afterAll(() => svc.close());

const path = (source: string, z: number, lon: number, lat: number) => {
  const t = lonLatToTile(lon, lat, z);
  return `/tiles/${source}/${t.z}/${t.x}/${t.y}.pbf`;
};

async function tile(p: string, headers: Record<string, string> = {}): Promise<DecodedTile> {
  const r = await svc.call('GET', p, { headers });
  expect(r.status, p).toBe(200);
  return decodeTile(await responseBytes(r));
}

describe('basemap tiles', () => {
  it('Lake Washington is water at Seattle city zoom (lakes from z5), and not before', async () => {
    for (const z of [11, 12]) {
      const t = await tile(path('basemap', z, -122.255, 47.63));
      expect(t.water, `z${z}`).toEqual(expect.arrayContaining([expect.objectContaining({ class: 'lake', $type: 3 })]));
    }
    expect((await tile(path('basemap', 4, -122.255, 47.63))).water ?? []).toHaveLength(0);
  });

  it('at Boeing Field from z13: the airfield outline, runways with both designators, and designator labels', async () => {
    const t = await tile(path('basemap', 14, -122.302, 47.53));
    const aeroway = t.aeroway!;
    expect(aeroway.find((f) => f.class === 'aerodrome')).toMatchObject({ ident: 'BFI', $type: 3 });
    const refs = aeroway.filter((f) => f.class === 'runway').map((f) => f.ref);
    expect(refs).toEqual(expect.arrayContaining(['14R/32L', '14L/32R']));
    // Each designator sits at its own end of the runway: look in the tiles of both ends.
    const ends = [...(await tile(path('basemap', 13, -122.311, 47.5405))).aeroway!, ...(await tile(path('basemap', 13, -122.291, 47.5168))).aeroway!];
    expect(ends.filter((f) => f.class === 'runway_end').map((f) => f.ref)).toEqual(expect.arrayContaining(['14R', '32L', '14L', '32R']));
    // At z10 outlines and runways are drawn, designators not yet; at z9 no airfield at all.
    const z10 = (await tile(path('basemap', 10, -122.302, 47.53))).aeroway!;
    expect(new Set(z10.map((f) => f.class))).toEqual(new Set(['aerodrome', 'runway']));
    expect((await tile(path('basemap', 9, -122.302, 47.53))).aeroway).toBeUndefined();
  });

  it('z0 holds the whole world: land, country borders and the largest places', async () => {
    const t = await tile('/tiles/basemap/0/0/0.pbf');
    expect(Object.keys(t)).toEqual(expect.arrayContaining(['land', 'boundary']));
    expect(t.land!.length).toBeGreaterThan(50);
    expect(t.boundary!.every((f) => f.admin_level === 2)).toBe(true);
    expect(t.place ?? []).toHaveLength(0); // nothing is labelled before z1
  });

  it('a z8 tile over Seattle has land, state and county borders, and the city with its population', async () => {
    const t = await tile(path('basemap', 8, -122.33, 47.6));
    expect(t.land!.length).toBeGreaterThan(0);
    const levels = new Set(t.boundary!.map((f) => f.admin_level));
    expect(levels.has(6)).toBe(true);
    const seattle = t.place!.find((f) => f.name === 'Seattle');
    expect(seattle).toMatchObject({ class: 'city', $type: 1 });
    expect(seattle!.population).toBeGreaterThan(500_000);
    expect(t.place!.every((f) => (f.minzoom as number) <= 8)).toBe(true);
  });

  it('shallow tiles leave small places out', async () => {
    const t = await tile(path('basemap', 4, -122.33, 47.6));
    const names = t.place!.map((f) => f.name);
    expect(names).toContain('Seattle');
    expect(t.place!.every((f) => (f.minzoom as number) <= 4)).toBe(true);
    expect(t.boundary!.some((f) => f.admin_level === 6)).toBe(false);
  });

  it('answers an empty tile (open ocean) with 204 and no body', async () => {
    const r = await svc.call('GET', path('basemap', 9, -140, 30));
    expect(r.status).toBe(204);
    expect((await r.arrayBuffer()).byteLength).toBe(0);
    expect(r.headers.get('etag')).toBeTruthy();
  });
});

describe('airspace tiles', () => {
  it('z10 over KSEA: the Class B with its limits, towered airports and merged facility-map runs', async () => {
    const t = await tile(path('airspace', 10, ...KSEA));
    const b = t.class_airspace!.find((f) => f.class === 'B');
    expect(b).toMatchObject({ fid: 'class:SEA:B:0', laanc: true, lower: 0, lowerRef: 'SFC', upper: 10000, upperRef: 'MSL', label: '100/SFC', $type: 3 });
    const idents = t.airport!.map((f) => f.ident).sort();
    expect(idents).toEqual(['SEA', 'W36']);
    const cells = CELL_CEILINGS.flat().length;
    expect(t.uasfm!.length).toBeGreaterThan(0);
    expect(t.uasfm!.length).toBeLessThan(cells);
    expect(new Set(t.uasfm!.map((f) => f.ceilingFt))).toEqual(new Set(CELL_CEILINGS.flat()));
  });

  it('z12: one feature per facility-map cell, with ceiling and LAANC flag', async () => {
    const [lon, lat] = [CELL_ORIGIN[0] + 0.02, CELL_ORIGIN[1] + 0.015];
    const t = await tile(path('airspace', 12, lon, lat));
    expect(t.uasfm).toHaveLength(CELL_CEILINGS.flat().length);
    expect(t.uasfm!.every((f) => f.laanc === true && typeof f.ceilingFt === 'number' && f.facility === 'SEA')).toBe(true);
    // One label point per cell, for the ceiling numbers.
    expect(t.uasfm_label).toHaveLength(CELL_CEILINGS.flat().length);
    expect(t.uasfm_label!.every((f) => f.$type === 1)).toBe(true);
  });

  it('shows heliports only from z10', async () => {
    const heliport = [-122.323, 47.604] as const;
    expect((await tile(path('airspace', 9, ...heliport))).airport!.some((f) => f.subtype === 'HELIPORT')).toBe(false);
    expect((await tile(path('airspace', 10, ...heliport))).airport!.find((f) => f.subtype === 'HELIPORT')).toMatchObject({ ident: 'WA12', towered: false });
  });

  it('keeps small features out of shallow tiles', async () => {
    const t = await tile(path('airspace', 7, ...KSEA));
    expect(t.uasfm).toBeUndefined();
    expect(t.class_airspace!.map((f) => f.class).sort()).toEqual(['B', 'D']);
    expect(t.airport!.map((f) => f.ident).sort()).toEqual(['BFI', 'SEA']);
    const z5 = await tile(path('airspace', 5, ...KSEA));
    expect(z5.class_airspace!.map((f) => f.class)).toEqual(['B']);
    expect(z5.airport).toBeUndefined();
  });

  it('marks TFRs active or scheduled at the time of the request and drops expired ones', async () => {
    const t = await tile(path('airspace', 9, -122.25, 47.43));
    const byIdent = Object.fromEntries(t.tfr!.map((f) => [f.ident, f]));
    expect(byIdent['4/1111']).toMatchObject({ active: true, status: 'active' });
    expect(byIdent['4/2222']).toMatchObject({ active: false, status: 'scheduled' });
    expect(byIdent['4/3333']).toBeUndefined();
    expect(t.sua ?? []).toHaveLength(0);
  });

  it('follows the clock: a TFR that ended is gone and the ETag changes', async () => {
    const p = path('airspace', 9, -122.25, 47.43);
    const before = await svc.call('GET', p);
    svc.setNow(new Date('2025-06-05T06:00:00Z'));
    try {
      const after = await svc.call('GET', p);
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
      const t = decodeTile(await responseBytes(after));
      expect(t.tfr!.map((f) => [f.ident, f.active])).toEqual([['4/2222', true]]);
    } finally {
      svc.setNow(FIXTURE_NOW);
    }
  });

  it('serves the layers named in the brief: sua, stadium, national park', async () => {
    expect((await tile(path('airspace', 8, -122.6, 47.0))).sua![0]).toMatchObject({ subtype: 'RESTRICTED', name: 'R-6703A', label: '140/SFC' });
    expect((await tile(path('airspace', 9, -122.3316, 47.5952))).stadium![0]).toMatchObject({ name: 'Lumen Field', $type: 1 });
    expect((await tile(path('airspace', 8, -121.7, 46.85))).national_park![0]).toMatchObject({ name: 'Mount Rainier National Park' });
  });

  it('rebuilds on a new dataset version: new ETag, new content', async () => {
    const p = path('airspace', 10, ...KSEA);
    const before = await svc.call('GET', p);
    const next = fixtureDataset('fixture-2');
    next.features = next.features.filter((f) => f.subtype !== 'CLASS_B');
    svc.deps.datasets.swap(next);
    try {
      const after = await svc.call('GET', p);
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
      const t = decodeTile(await responseBytes(after));
      expect(t.class_airspace!.some((f) => f.class === 'B')).toBe(false);
    } finally {
      svc.deps.datasets.swap(fixtureDataset('fixture-3'));
    }
  });
});

describe('tile HTTP', () => {
  const p = path('airspace', 10, ...KSEA);

  it('gzips when Accept-Encoding allows, not otherwise', async () => {
    const plain = await svc.call('GET', p);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    const plainBytes = new Uint8Array(await plain.arrayBuffer());
    const gz = await svc.call('GET', p, { headers: { 'accept-encoding': 'br, gzip;q=0.8' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toContain('Accept-Encoding');
    expect(await responseBytes(gz)).toEqual(plainBytes);
    const refused = await svc.call('GET', p, { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('answers If-None-Match with 304 and no body; sets Cache-Control and CORS', async () => {
    const r = await svc.call('GET', p);
    const etag = r.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(r.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const again = await svc.call('GET', p, { headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await svc.call('GET', p, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('keeps basemap tiles for a day and airspace tiles for a minute at most', async () => {
    expect((await svc.call('GET', '/tiles/basemap/0/0/0.pbf')).headers.get('cache-control')).toBe('public, max-age=86400');
    const age = Number((await svc.call('GET', p)).headers.get('cache-control')!.split('=')[1]);
    expect(age).toBeLessThanOrEqual(60);
  });

  it.each([
    ['/tiles/basemap/1/2/0.pbf', 400],
    ['/tiles/basemap/1/0/2.pbf', 400],
    ['/tiles/basemap/23/0/0.pbf', 400],
    ['/tiles/basemap/a/0/0.pbf', 400],
    ['/tiles/basemap/1/-1/0.pbf', 400],
    ['/tiles/basemap/01/0/0.pbf', 400],
    ['/tiles/basemap/1/0.5/0.pbf', 400],
    ['/tiles/basemap/1/0/1e0.pbf', 400],
    ['/tiles/roads/1/0/0.pbf', 404],
    ['/tiles/basemap/1/0/0.png', 404],
    ['/tiles/basemap/1/0/0', 404],
  ])('%s → %i in the error envelope', async (p, status) => {
    const r = await svc.call('GET', p);
    expect(r.status).toBe(status);
    expect(await r.json()).toMatchObject({ statusCode: status });
  });
});
