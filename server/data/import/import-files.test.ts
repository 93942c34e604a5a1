import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dataset } from '../dataset';
import { readActiveDataset } from '../dataset-files';
import { main, parseArgs } from './cli';
import { ImportFailure, importFiles, importFilesDetailed } from './import-files';
import { hasRealData, realPath, warnIfNoRealData } from './realdata';

const REAL = [
  'faa-seattle/uasfm_seattle.geojson', 'faa-seattle/class_airspace_seattle.geojson', 'faa-seattle/special_use_airspace_wa.geojson',
  'faa-seattle/stadiums_seattle.geojson', 'faa-seattle/airports_seattle.geojson', 'faa-adds/Prohibited_Areas.geojson',
  'faa-nasr/APT_BASE.csv', 'faa-nasr/APT_RWY.csv', 'faa-tfr-xml/detail_4_2565.xml', 'faa-tfr-xml/detail_4_9433.xml',
].map(realPath);

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'faa-import-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});
const file = async (name: string, text: string) => {
  const p = path.join(tmp, name);
  await writeFile(p, text);
  return p;
};
const square = { type: 'Polygon', coordinates: [[[-77, 38], [-76.9, 38], [-76.9, 38.1], [-77, 38.1], [-77, 38]]] };
const layerCounts = (features: Array<{ layer: string }>) =>
  features.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.layer]: (acc[f.layer] ?? 0) + 1 }), {});

warnIfNoRealData('importFiles real-data tests');

describe.skipIf(!hasRealData)('importFiles: the real FAA files together', () => {
  it('merges every file into one faa dataset, with counts per layer', async () => {
    const report = await importFilesDetailed(REAL, { now: new Date('2025-11-20T00:00:00Z') });
    const ds = report.dataset;
    expect(ds).toMatchObject({ format: 'skyplan-airspace-dataset', formatVersion: 1, kind: 'faa', generatedAt: '2025-11-20T00:00:00.000Z' });
    expect(layerCounts(ds.features)).toEqual({
      uasfm: 230, class_airspace: 10, sua: 55, stadium: 3, airport: 24, washington_frz: 1, washington_sfra: 1,
    });
    expect(ds.sources).toHaveLength(9); // APT_RWY is part of the APT_BASE source
    expect(new Set(ds.features.map((f) => f.id)).size).toBe(ds.features.length);
    expect(report.files.find((f) => f.path.endsWith('APT_BASE.csv'))).toMatchObject({ format: 'nasr-apt-base', features: 15 });
  });

  it('gives the same version for the same content whenever it runs, and a new one when content changes', async () => {
    const a = await importFiles(REAL, { now: new Date('2025-11-20T00:00:00Z') });
    const b = await importFiles([...REAL].reverse(), { now: new Date('2026-02-01T12:00:00Z') });
    expect(b.version).toBe(a.version);
    expect(a.version).toMatch(/^20251030-[0-9a-f]{12}$/); // newest effective date: the facility-map cycle
    const c = await importFiles(REAL.slice(1), { now: new Date('2025-11-20T00:00:00Z') });
    expect(c.version).not.toBe(a.version);
  });

  it('marks class airspace LAANC-enabled from the facility map of the same airport', async () => {
    const ds = await importFiles(REAL);
    const cls = ds.features.filter((f) => f.layer === 'class_airspace');
    expect(cls.find((f) => f.facility === 'BFI')!.laancEnabled).toBe(true);
    expect(cls.find((f) => f.facility === 'RNT')!.laancEnabled).toBe(true);
    expect(cls.find((f) => f.facility === 'SEA')!.laancEnabled).toBeUndefined(); // no SEA grid cells as APT1 here
  });

  it('loads into the in-memory index', async () => {
    const index = new Dataset(await importFiles(REAL));
    const near = index.search([-77.04, 38.89, -77.03, 38.9]).map((f) => f.layer);
    expect(near).toEqual(expect.arrayContaining(['washington_frz', 'washington_sfra', 'sua']));
  });
});

describe('importFiles: bad files fail the import with every reason', () => {
  it('collects an error per unreadable file, naming file and reason', async () => {
    const garbage = await file('garbage.geojson', '{"type": "FeatureCollection", "features": [{]');
    const open = await file('open-ring.geojson', JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { CEILING: 100, APT1_FAAID: 'BFI' }, geometry: { type: 'Polygon', coordinates: [[[-77, 38], [-76.9, 38], [-76.9, 38.1], [-77, 38.1]]] } }],
    }));
    const text = await file('notes.txt', 'hello');
    const err = await importFilesDetailed([garbage, open, text, path.join(tmp, 'missing.xml')]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportFailure);
    const reasons = (err as ImportFailure).errors.map((e) => e.message);
    expect(reasons).toEqual(expect.arrayContaining([
      expect.stringMatching(/^garbage.geojson: not valid JSON/),
      expect.stringMatching(/^open-ring.geojson: feature 1 \(BFI\): polygon outer ring is not closed/),
      expect.stringMatching(/^notes.txt: not a format this importer reads/),
      expect.stringMatching(/^missing.xml: no such file/),
    ]));
  });

  it('needs APT_BASE with APT_RWY, and checks overrides against the format', async () => {
    const rwy = await file('APT_RWY.csv', 'SITE_NO,RWY_ID\n1.,01/19\n');
    await expect(importFiles([rwy])).rejects.toThrow(/APT_RWY.csv: an APT_RWY file needs its APT_BASE.csv/);
    const fc = await file('thing.geojson', JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { X: 1 }, geometry: square }] }));
    await expect(importFiles([fc], { layerOverrides: { 'thing.geojson': 'washington_frz' } })).rejects.toThrow(/layer washington_frz cannot be read from a udds-geojson file/);
    const ds = await importFiles([fc], { layerOverrides: { [fc]: 'nsufr' } });
    expect(ds.features[0]!.layer).toBe('nsufr');
  });
});

describe('the data:import command', () => {
  it('parses --layer for the file that follows and refuses unknown options', () => {
    expect(parseArgs(['a.geojson', '--layer', 'nsufr', 'b.geojson', '--no-activate'])).toEqual({
      files: ['a.geojson', 'b.geojson'], activate: false, layerOverrides: { 'b.geojson': 'nsufr' },
    });
    expect(() => parseArgs(['--layer', 'bogus', 'a'])).toThrow(/--layer needs one of/);
    expect(() => parseArgs(['--force', 'a'])).toThrow(/unknown option --force/);
    expect(() => parseArgs([])).toThrow(/usage/);
  });

  it('activates a good import, and a bad one leaves the active dataset untouched', async () => {
    const dataDir = path.join(tmp, 'data');
    const good = await file('nsufr.geojson', JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { Facility: 'Dam' }, geometry: square }] }));
    const bad = await file('bad.xml', '<XNOTAM-Update><oops>');
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await main([good], { DATA_DIR: dataDir })).toBe(0);
      expect(out.mock.calls.flat().join('\n')).toMatch(/nsufr\s+1/);
      const active = await readActiveDataset(dataDir);
      expect(active?.features).toHaveLength(1);
      const pointer = await readFile(path.join(dataDir, 'datasets', 'active.json'), 'utf8');

      expect(await main([good, bad], { DATA_DIR: dataDir })).toBe(1);
      expect(err.mock.calls.flat().join('\n')).toMatch(/active dataset was not changed[\s\S]*bad.xml: not well-formed XML/);
      expect(await readFile(path.join(dataDir, 'datasets', 'active.json'), 'utf8')).toBe(pointer);

      const other = await file('nsufr2.geojson', JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { Facility: 'Lock' }, geometry: square }] }));
      expect(await main([other, '--no-activate'], { DATA_DIR: dataDir })).toBe(0);
      expect(await readFile(path.join(dataDir, 'datasets', 'active.json'), 'utf8')).toBe(pointer);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});
