/** DemSource: bilinear across window edges, PixelIsPoint, feet, every-pixel maxima, a re-import picked up. */
import { describe, expect, it } from 'vitest';
import { DemSource } from './dem-source';
import { tmpDir, writeDem, type DemSpec } from './import/dem-fixture';
import { importDems } from './import/dem';

const FT = 3.280839895;
/** 300 × 300 pixels: windows are 256 wide, so pixels 255 and 256 lie in different windows. */
const BIG: DemSpec = { west: -100, north: 40.3, res: 0.001, width: 300, height: 300, value: (i, j) => 100 + i + 2 * j };
const at = (spec: DemSpec, fx: number, fy: number, c = 0.5): [number, number] => [spec.west + (fx + c) * spec.res, spec.north - (fy + c) * spec.res];

async function sourceWith(spec: DemSpec, name = 'big'): Promise<{ dir: string; src: DemSource }> {
  const dir = tmpDir('dem-src-');
  const { errors } = await importDems([writeDem(dir, `${name}.tif`, spec)], dir);
  expect(errors).toEqual([]);
  return { dir, src: new DemSource(dir, 0) };
}

describe('DemSource', () => {
  it('interpolates between pixels in different 256-pixel windows, within 1 ft', async () => {
    const { src } = await sourceWith(BIG);
    const points = [at(BIG, 255.5, 10.25), at(BIG, 100.2, 255.7), at(BIG, 255.9, 255.9), at(BIG, 0, 0), at(BIG, 299, 299)];
    const got = await src.at(points);
    const want = [[255.5, 10.25], [100.2, 255.7], [255.9, 255.9], [0, 0], [299, 299]].map(([x, y]) => (100 + x! + 2 * y!) * FT);
    got.forEach((g, k) => {
      expect(g!.source).toBe('dem:big');
      expect(Math.abs(g!.elevationFt! - want[k]!)).toBeLessThanOrEqual(1);
    });
    expect(await src.at([[-101, 40]])).toEqual([undefined]);
  });

  it('reads PixelIsPoint tie points as pixel centres and feet as feet', async () => {
    // Steep (10 ft per column, 20 per row): reading the tie point as a corner would be off by 15 ft.
    const spec: DemSpec = { ...BIG, width: 20, height: 20, value: (i, j) => 100 + 10 * i + 20 * j, extra: { GTRasterTypeGeoKey: 2, VerticalUnitsGeoKey: 9002 } as never };
    const { src } = await sourceWith(spec, 'pt');
    const [p] = await src.at([at(spec, 3.5, 4, 0)]);
    expect(Math.abs(p!.elevationFt! - (100 + 35 + 80))).toBeLessThanOrEqual(1);
  });

  it('finds the highest pixel in a box (a one-pixel peak no sample grid would hit), and says when data is missing', async () => {
    const peak: DemSpec = { ...BIG, nodata: -9999, value: (i, j) => (i === 277 && j === 133 ? 2000 : i > 290 ? -9999 : 10) };
    const { src } = await sourceWith(peak, 'peak');
    const [w, n] = at(peak, 270, 120);
    const [e, s] = at(peak, 285, 140);
    expect(await src.maxOver([w, s, e, n])).toEqual({ maxFt: Math.ceil(2000 * FT), complete: true, source: 'dem:peak' });
    const [e2] = at(peak, 295, 140);
    expect(await src.maxOver([w, s, e2, n])).toMatchObject({ maxFt: Math.ceil(2000 * FT), complete: false });
    expect(await src.maxOver([-99.9, 40.25, -99.5, 40.28])).toMatchObject({ complete: false });
    expect(await src.maxOver([-120, 30, -119, 31])).toBeUndefined();
  });

  it('picks up a DEM imported while it runs (same name replaced)', async () => {
    const { dir, src } = await sourceWith({ ...BIG, width: 10, height: 10, value: () => 10 }, 'flat');
    const p = at(BIG, 5, 5);
    expect((await src.at([p]))[0]!.elevationFt).toBe(Math.round(10 * FT));
    await new Promise((r) => setTimeout(r, 20));
    await importDems([writeDem(dir, 'flat.tif', { ...BIG, width: 10, height: 10, value: () => 100 })], dir);
    expect((await src.at([p]))[0]!.elevationFt).toBe(Math.round(100 * FT));
  });
});
