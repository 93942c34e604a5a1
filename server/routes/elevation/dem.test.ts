/** /v1 and /v2 elevation over an imported GeoTIFF DEM (server/data/dem-source.ts); the model elsewhere. */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { StatusSchema } from '../../contract/system';
import { main } from '../../data/import/cli';
import { RAMP, rampFt, tmpDir, writeDem } from '../../data/import/dem-fixture';
import { elevationDataset } from '../../domain/elevation/fixtures';

let svc: TestService;
let token: string;
const MODEL = 'sandbox-airport-model:elevation-fixture-1';
// The ramp, with no data in its 5 easternmost columns.
const DEM = { ...RAMP, nodata: -9999, value: (i: number, j: number) => (i >= 95 ? -9999 : RAMP.value(i, j)) };

beforeAll(async () => {
  const dir = tmpDir('dem-route-');
  const dataDir = `${dir}/data`;
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  expect(await main(['--source', 'ramp', writeDem(dir, 'ramp.tif', DEM)], { DATA_DIR: dataDir })).toBe(0);
  vi.restoreAllMocks();
  svc = await startTestService({ dataset: elevationDataset(), config: { dataDir } });
  token = await svc.clientToken('aviation:read');
});
afterAll(() => svc.close());

async function data<T>(path: string, body: unknown): Promise<T> {
  const r = await svc.call('POST', path, { body, token });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: T }).data;
}
type Point = { longitude: number; latitude: number; elevationFt: number | null; source: string };

describe('elevation from an imported DEM', () => {
  it('GET /v1/status names the DEM in force with its bounds and import date, and the model beside it', async () => {
    const body = StatusSchema.parse(await (await svc.call('GET', '/v1/status')).json());
    expect(body.elevation).toMatchObject({ inForce: 'dem', model: MODEL, dems: [{ name: 'ramp', source: 'dem:ramp', resolutionDeg: [RAMP.res, RAMP.res] }] });
    const dem = body.elevation!.dems[0]!;
    dem.bounds.forEach((v, i) => expect(v).toBeCloseTo([-122.35, 47.45, -122.25, 47.55][i]!, 6));
    expect(Date.parse(dem.importedAt)).not.toBeNaN();
  });

  it('answers from the DEM where it covers a point, bilinear within 1 ft, and from the model outside it', async () => {
    const inside: Array<[number, number]> = [[-122.3, 47.5], [-122.3217, 47.4633], [-122.2712, 47.5444], [-122.3499, 47.4501]];
    const d = await data<Point[]>('/v1/elevation', { coordinates: [...inside, [-122.2, 47.7]] });
    inside.forEach(([lon, lat], i) => {
      expect(d[i]!.source).toBe('dem:ramp');
      // In the outer half pixel the edge pixels' value holds (no extrapolation).
      const half = RAMP.res / 2;
      const x = Math.min(Math.max(lon, RAMP.west + half), RAMP.west + RAMP.res * RAMP.width - half);
      const y = Math.min(Math.max(lat, RAMP.north - RAMP.res * RAMP.height + half), RAMP.north - half);
      expect(Math.abs(d[i]!.elevationFt! - rampFt(x, y))).toBeLessThanOrEqual(1);
    });
    expect(d[4]!.source).toBe(MODEL);
  });

  it('falls back to the model where the DEM has no data, and says so for that point', async () => {
    const [p] = await data<Point[]>('/v1/elevation', { coordinates: [[-122.2520, 47.5]] });
    expect(p!.source).toBe(`${MODEL} (dem:ramp has no data here)`);
    expect(p!.elevationFt).not.toBeNull();
  });

  it('names the DEM in /v2 profiles and areas, both sources where a line leaves it', async () => {
    const point = await data<{ source: string; profile: Array<{ elevationFt: number }> }>('/v2/elevation', { geometry: { type: 'Point', coordinates: [-122.3, 47.5] } });
    expect(point.source).toBe('dem:ramp');
    expect(Math.abs(point.profile[0]!.elevationFt - rampFt(-122.3, 47.5))).toBeLessThanOrEqual(1);
    const inDem = await data<{ source: string }>('/v2/elevation', { geometry: { type: 'LineString', coordinates: [[-122.34, 47.46], [-122.27, 47.54]] }, samples: 10 });
    expect(inDem.source).toBe('dem:ramp');
    const leaving = await data<{ source: string }>('/v2/elevation', { geometry: { type: 'LineString', coordinates: [[-122.3, 47.5], [-122.3, 47.7]] }, samples: 10 });
    expect(leaving.source).toBe(`dem:ramp + ${MODEL}`);
    const area = await data<{ source: string; min: number; max: number }>('/v2/elevation', { geometry: { type: 'Polygon', coordinates: [[[-122.34, 47.46], [-122.28, 47.46], [-122.28, 47.54], [-122.34, 47.54], [-122.34, 47.46]]] }, samples: 50 });
    expect(area.source).toBe('dem:ramp');
    expect(Math.abs(area.min - rampFt(-122.34, 47.54))).toBeLessThanOrEqual(1);
    expect(Math.abs(area.max - rampFt(-122.28, 47.46))).toBeLessThanOrEqual(1);
  });
});

describe('an unreadable DEM', () => {
  it('does not fail the request: the model answers (the file listed in the index is gone)', async () => {
    const dir = tmpDir('dem-gone-');
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await main([writeDem(dir, 'gone.tif', RAMP)], { DATA_DIR: `${dir}/data` })).toBe(0);
    vi.restoreAllMocks();
    rmSync(`${dir}/data/dem/gone.tif`);
    const broken = await startTestService({ dataset: elevationDataset(), config: { dataDir: `${dir}/data` } });
    try {
      const r = await broken.call('POST', '/v1/elevation', { body: { coordinates: [[-122.3, 47.5]] }, token: await broken.clientToken('aviation:read') });
      expect(r.status).toBe(200);
      expect(((await r.json()) as { data: Point[] }).data[0]!.source).toBe(MODEL);
      const b = await broken.call('POST', '/v2/briefing/preflight/location', { body: { latitude: 47.5, longitude: -122.3 }, token: await broken.clientToken('briefing:location:read') });
      expect(b.status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
