import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeArrayBuffer } from 'geotiff';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './cli';
import { dateFromName, importDems, inspectDem } from './dem';
import { demTiff, RAMP, tmpDir, writeDem } from './dem-fixture';
import { readDemIndex } from './dem-index';

afterEach(() => vi.restoreAllMocks());

/** Rewrites SHORT / LONG tag values in the first IFD of a TIFF (a header that lies). */
function patchTags(tiff: Uint8Array, values: Record<number, number>): Uint8Array {
  const out = tiff.slice();
  const v = new DataView(out.buffer);
  const le = out[0] === 0x49;
  const ifd = v.getUint32(4, le);
  for (let k = 0; k < v.getUint16(ifd, le); k++) {
    const e = ifd + 2 + 12 * k;
    const value = values[v.getUint16(e, le)];
    if (value === undefined) continue;
    if (v.getUint16(e + 2, le) === 3) v.setUint16(e + 8, value, le);
    else v.setUint32(e + 8, value, le);
  }
  return out;
}

describe('inspectDem', () => {
  it('reads bounds, resolution, nodata and metres from a geographic single-band GeoTIFF', async () => {
    const info = await inspectDem(demTiff({ ...RAMP, nodata: -9999 }), 'ramp.tif');
    expect(info.width).toBe(100);
    expect(info.bounds.map((b) => Math.round(b * 1e6) / 1e6)).toEqual([-122.35, 47.45, -122.25, 47.55]);
    expect(info.resolutionDeg.map((r) => Math.round(r * 1e9) / 1e9)).toEqual([0.001, 0.001]);
    expect(info).toMatchObject({ nodata: -9999, crs: 'EPSG:4326', pixelIsPoint: false });
    expect(info.feetPerUnit).toBeCloseTo(3.2808, 4);
    const nad83 = await inspectDem(demTiff({ ...RAMP, extra: { GeographicTypeGeoKey: 4269, VerticalUnitsGeoKey: 9002 } as never }), 'nad.tif');
    expect(nad83.crs).toBe('EPSG:4269');
  });

  it('refuses a projected CRS, an unknown one, several bands and bytes that are not a TIFF, naming the file', async () => {
    await expect(inspectDem(demTiff({ ...RAMP, extra: { ProjectedCSTypeGeoKey: 32610, GTModelTypeGeoKey: 1 } }), 'utm.tif')).rejects.toThrow(/utm\.tif: is in a projected CRS \(EPSG:32610\)/);
    await expect(inspectDem(demTiff({ ...RAMP, extra: { GeographicTypeGeoKey: 4230 } }), 'ed50.tif')).rejects.toThrow(/ed50\.tif: CRS EPSG:4230 is not geographic/);
    const rgb = new Uint8Array(writeArrayBuffer([[[1, 2]], [[3, 4]], [[5, 6]]], { width: 2, height: 1, ModelPixelScale: [1, 1, 0], ModelTiepoint: [0, 0, 0, 0, 1, 0] }));
    await expect(inspectDem(rgb, 'rgb.tif')).rejects.toThrow(/rgb\.tif: has 3 bands/);
    await expect(inspectDem(new TextEncoder().encode('{"type":"FeatureCollection"}'), 'x.tif')).rejects.toThrow(/x\.tif: not a TIFF/);
  });

  it('turns a hostile TIFF (truncated, garbage after the header) into an error naming the file, not a crash', async () => {
    const good = demTiff(RAMP);
    await expect(inspectDem(good.slice(0, 200), 'cut.tif')).rejects.toThrow(/^cut\.tif: /);
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    garbage.set([0x49, 0x49, 0x2a, 0x00]);
    await expect(inspectDem(garbage, 'junk.tif')).rejects.toThrow(/^junk\.tif: /);
    // A header claiming a 5,000 × 5,000 raster in one strip: refused before anything is decoded.
    const huge = patchTags(demTiff({ ...RAMP, width: 2, height: 2 }), { 256: 5000, 257: 5000, 278: 5000 });
    await expect(inspectDem(huge, 'huge.tif')).rejects.toThrow(/^huge\.tif: stores 5000×5000-pixel tiles or strips/);
  });
});

describe('importDems and the CLI', () => {
  it('copies DEMs into DATA_DIR/dem with an index; a bad file in the set writes nothing and keeps what was stored', async () => {
    const dir = tmpDir('dem-import-');
    const dataDir = path.join(dir, 'data');
    const ok = writeDem(dir, 'USGS_13_n48w123_20230608.tif', RAMP);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await main([ok], { DATA_DIR: dataDir })).toBe(0);
    expect(log.mock.calls.flat().join('\n')).toContain('dem:USGS_13_n48w123_20230608');
    const index = await readDemIndex(dataDir);
    expect(index.dems).toHaveLength(1);
    expect(index.dems[0]).toMatchObject({ name: 'USGS_13_n48w123_20230608', effectiveDate: '2023-06-08', width: 100, height: 100 });
    const stored = readFileSync(path.join(dataDir, 'dem', index.dems[0]!.file));

    const utm = path.join(dir, 'utm.tif');
    writeFileSync(utm, demTiff({ ...RAMP, extra: { ProjectedCSTypeGeoKey: 32610, GTModelTypeGeoKey: 1 } }));
    const second = writeDem(dir, 'second.tif', RAMP);
    expect(await main([second, utm], { DATA_DIR: dataDir })).toBe(1);
    expect(err.mock.calls.flat().join('\n')).toMatch(/utm\.tif: is in a projected CRS/);
    expect((await readDemIndex(dataDir)).dems.map((d) => d.name)).toEqual(['USGS_13_n48w123_20230608']);
    expect(existsSync(path.join(dataDir, 'dem', 'second.tif'))).toBe(false);
    expect(readFileSync(path.join(dataDir, 'dem', index.dems[0]!.file)).equals(stored)).toBe(true);
  });

  it('names a DEM with --source, replaces a DEM of the same name, and refuses --source for several files', async () => {
    const dir = tmpDir('dem-source-');
    const a = writeDem(dir, 'a.tif', RAMP);
    const b = writeDem(dir, 'b.tif', RAMP);
    expect((await importDems([a], dir, { source: '3dep-seattle' })).entries[0]!.name).toBe('3dep-seattle');
    await importDems([b], dir, { source: '3dep-seattle' });
    expect((await readDemIndex(dir)).dems).toHaveLength(1);
    expect((await importDems([a, b], dir, { source: 'x' })).errors[0]!.message).toMatch(/--source/);
    expect((await importDems([a], dir, { source: '../evil' })).errors[0]!.message).toMatch(/--source/);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await main(['--source', 'x', path.join(dir, 'missing.json')], { DATA_DIR: dir })).toBe(2);
  });

  it('finds a date in a file name', () => {
    expect(dateFromName('USGS_1_n48w123_20230608.tif')).toBe('2023-06-08');
    expect(dateFromName('srtm_12_03.tif')).toBeUndefined();
  });
});
