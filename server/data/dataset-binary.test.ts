import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDataset } from '../bootstrap';
import { compactFeatures } from './compact';
import { DatasetBinaryError, decodeDatasetBinary, encodeDatasetBinary } from './dataset-binary';
import { binaryPath, readActiveDataset, writeDataset } from './dataset-files';
import { asciiJson, parseJsonBytes } from './dataset-json';
import type { AirspaceFeature, DatasetFile } from './model';

const square = (x: number, y: number, d: number) => [[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]];

/** Every geometry type, a hole, a MultiPolygon cut at 180°, props of each kind, texts past ASCII, a "__proto__" key. */
const fixture = (): DatasetFile => ({
  ...emptyDataset('binary-1'),
  generatedAt: '2026-11-24T00:00:00.000Z',
  sources: [{ id: 'test', name: 'Test – ñ', version: '1', effectiveDate: '2026-11-24T00:00:00Z', retrievedAt: '2026-11-24T00:00:00Z', attribution: 'x', licence: 'PD' }],
  features: [
    {
      id: 'uasfm:A:1', layer: 'uasfm', name: 'A grid 100 ft', geometry: { type: 'Polygon', coordinates: [square(-122.5, 47.5, 0.25)] },
      lower: { value: 0, reference: 'SFC' }, upper: { value: 100, reference: 'AGL' }, ceilingFt: 100, laancEnabled: true, facility: 'BFI',
      description: 'LAANC can approve up to 100 ft AGL here.', sourceUrl: 'https://udds-faa.opendata.arcgis.com/', sourceId: 'test',
    },
    {
      id: 'uasfm:A:2', layer: 'uasfm', name: 'A grid 100 ft', geometry: { type: 'Polygon', coordinates: [square(-122.25, 47.5, 0.25)] },
      lower: { value: 0, reference: 'SFC' }, upper: { value: 100, reference: 'AGL' }, ceilingFt: 100, laancEnabled: false, facility: 'BFI',
      description: 'LAANC can approve up to 100 ft AGL here.', sourceUrl: 'https://udds-faa.opendata.arcgis.com/', sourceId: 'test',
    },
    {
      id: 'class:X:B:1', layer: 'class_airspace', subtype: 'CLASS_B', name: 'Cañon City – Class B ©2026 ’Ōahu’ 😀', ident: 'X',
      description: 'ñ–ā\ud800 lone surrogate, "quotes" \\ back', sourceId: 'test',
      geometry: { type: 'Polygon', coordinates: [square(-105, 38, 1), square(-104.75, 38.25, 0.5).reverse()] },
      lower: { value: 1500.5, reference: 'MSL' }, upper: { value: 10000, reference: 'MSL' },
      schedule: { startTime: '2026-11-24T00:00:00Z', timezone: 'America/Denver', timesOfUse: [{ daysActive: ['MON', 'TUE'], dailyStart: '06:00', dailyEnd: '22:00' }] },
      contact: { text: 'Tower', phoneNumber: '+1 555 0100' },
    },
    {
      id: 'sua:AK:1', layer: 'sua', subtype: 'WARNING_AREA', name: 'Cut at 180°', sourceId: 'test',
      geometry: { type: 'MultiPolygon', coordinates: [[[[179.5, 51], [180, 51], [180, 52], [179.5, 52], [179.5, 51]]], [[[-180, 51], [-179.5, 51], [-179.5, 52], [-180, 52], [-180, 51]]]] },
      events: [{ name: 'Exercise', type: 'MILITARY', startTime: '2026-11-24T00:00:00Z', endTime: '2026-11-25T00:00:00Z' }],
    },
    {
      id: 'mtr:IR1', layer: 'mtr', name: 'IR1', sourceId: 'test', geometry: { type: 'LineString', coordinates: [[-100.123456789, 40.1], [-99.5, 40.7], [-98, 41]] },
      props: { widthNm: 4, negative: -7, big: 2 ** 40, small: -(2 ** 40), fraction: 0.1, flag: false, nothing: null, text: 'über' },
    },
    { id: 'stadium:1', layer: 'stadium', name: 'Stadium', sourceId: 'test', geometry: { type: 'Point', coordinates: [-77.0, 38.9] } },
    // A hostile key: JSON.parse makes it an own property, never the prototype.
    JSON.parse('{"id":"tfr:1","layer":"tfr","name":"T","sourceId":"test","geometry":{"type":"Point","coordinates":[1,2]},"props":{"__proto__":"x"}}') as AirspaceFeature,
  ],
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'skyplan-dataset-binary-'));
  dirs.push(d);
  return d;
};

const warnings = () => {
  const seen: string[] = [];
  return { seen, log: { warn: (msg: string) => void seen.push(msg) } };
};

const STAMP = { bytes: 1234, mtimeMs: 5678.5 };

describe('the dataset binary file', () => {
  it('reads back every feature equal to its JSON, in the JSON\'s key order', () => {
    const json = asciiJson(fixture());
    const fromJson = parseJsonBytes(Buffer.from(json, 'latin1')) as DatasetFile;
    const back = decodeDatasetBinary(encodeDatasetBinary(fromJson, STAMP), STAMP);
    expect(back).toEqual(fromJson);
    expect(back.features.map((f) => Object.keys(f))).toEqual(fromJson.features.map((f) => Object.keys(f)));
    expect(asciiJson(back)).toBe(json);
    expect(Object.getPrototypeOf(back.features[6]!.props)).toBe(Object.prototype);
    expect(Object.hasOwn(back.features[6]!.props!, '__proto__')).toBe(true);
    expect(back.features[2]!.name).toBe('Cañon City – Class B ©2026 ’Ōahu’ 😀');
    expect(back.features[2]!.description).toContain('\ud800');
  });

  it('writes as JSON would: -0 as 0, undefined fields left out, a non-finite number as null', () => {
    const f = fixture();
    f.features[5] = { ...f.features[5]!, ident: undefined, geometry: { type: 'Point', coordinates: [-0, 38.9] }, props: { inf: Infinity } };
    const back = decodeDatasetBinary(encodeDatasetBinary(f, STAMP), STAMP);
    expect(back).toEqual(JSON.parse(JSON.stringify(f)));
    expect(Object.is((back.features[5]!.geometry.coordinates as number[])[0], 0)).toBe(true);
    expect('ident' in back.features[5]!).toBe(false);
  });

  it('makes features already compact: shared vertices and limits, nothing left for compactFeatures', () => {
    const back = decodeDatasetBinary(encodeDatasetBinary(fixture(), STAMP), STAMP);
    const [a, b] = back.features.map((f) => (f.geometry.type === 'Polygon' ? f.geometry.coordinates[0]! : []));
    expect(a![4]).toBe(a![0]);
    expect(b![0]).toBe(a![1]);
    expect(b![3]).toBe(a![2]);
    expect(back.features[1]!.upper).toBe(back.features[0]!.upper);
    const rings = back.features.flatMap((f) => (f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates.flat() : []));
    const before = rings.map((r) => [...r]);
    const limits = back.features.map((f) => [f.lower, f.upper]);
    // Marked compact when read: the pass skips them (no vertex looked at), once.
    expect(compactFeatures(back.features).positions).toBe(0);
    expect(compactFeatures(back.features).positions).toBeGreaterThan(20);
    rings.forEach((r, i) => r.forEach((p, k) => expect(p).toBe(before[i]![k])));
    back.features.forEach((f, i) => {
      expect(f.lower).toBe(limits[i]![0]);
      expect(f.upper).toBe(limits[i]![1]);
    });
  });

  it('refuses a file that is truncated, damaged, for another JSON, or not one at all, with a clear error', () => {
    const bin = encodeDatasetBinary(fixture(), STAMP);
    const refused = (buf: Buffer, stamp = STAMP) => {
      try {
        decodeDatasetBinary(buf, stamp);
      } catch (err) {
        expect(err).toBeInstanceOf(DatasetBinaryError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused(bin.subarray(0, bin.length - 8))).toMatch(/truncated/);
    const damaged = Buffer.from(bin);
    damaged.writeUInt8(damaged[damaged.length - 20]! ^ 0xff, damaged.length - 20);
    expect(refused(damaged)).toMatch(/checksum/);
    expect(refused(bin, { ...STAMP, mtimeMs: 1 })).toMatch(/another version of the JSON/);
    expect(refused(Buffer.from('{"format":"skyplan-airspace-dataset"}'))).toMatch(/not a dataset binary/);
    // Damage with a checksum that matches (a hostile file): every index is checked, nothing half-read.
    const words = Buffer.from(bin);
    const at = words.readUInt32LE(64 + 7 * 8), len = words.readUInt32LE(64 + 7 * 8 + 4);
    for (let k = at + 4; k < at + len; k += 4) words.writeUInt32LE(0xfffffffa, k); // a shared object far out of range
    words.writeUInt32LE(crc32(words.subarray(64)), 32);
    expect(refused(words)).toMatch(/out of range/);
  });
});

describe('dataset files with their binary form', () => {
  it('writeDataset writes both; readActiveDataset reads the binary (shared vertices show it)', async () => {
    const dir = tmp();
    const target = await writeDataset(dir, fixture(), { activate: true });
    expect(readFileSync(binaryPath(target)).subarray(0, 6).toString('latin1')).toBe('SKYDSB');
    const w = warnings();
    const read = await readActiveDataset(dir, w);
    expect(w.seen).toEqual([]);
    expect(read).toEqual(parseJsonBytes(readFileSync(target)));
    const ring = (read!.features[0]!.geometry as { coordinates: number[][][] }).coordinates[0]!;
    expect(ring[4]).toBe(ring[0]);
  });

  it('falls back to the JSON when the binary is damaged, truncated or stale, says why, and writes it again', async () => {
    const dir = tmp();
    const target = await writeDataset(dir, fixture(), { activate: true });
    const expected = parseJsonBytes(readFileSync(target));
    const bin = binaryPath(target);
    const good = readFileSync(bin);
    const cases: Array<[string, () => void, RegExp]> = [
      ['truncated', () => writeFileSync(bin, good.subarray(0, good.length >> 1)), /truncated/],
      ['damaged', () => writeFileSync(bin, Buffer.from(good).fill(7, 200, 210)), /checksum/],
      ['stale', () => utimesSync(target, new Date(), new Date(Date.now() + 5_000)), /another version of the JSON/],
    ];
    for (const [, damage, reason] of cases) {
      damage();
      const w = warnings();
      expect(await readActiveDataset(dir, w)).toEqual(expected);
      expect(w.seen).toHaveLength(1);
      expect(w.seen[0]).toMatch(reason);
      // Written again from the JSON: the next read takes it without a word.
      const again = warnings();
      expect(await readActiveDataset(dir, again)).toEqual(expected);
      expect(again.seen).toEqual([]);
    }
  });

  it('reads a data dir written before the binary existed (JSON only) and adds the binary', async () => {
    const dir = tmp();
    const target = await writeDataset(dir, fixture(), { activate: true });
    rmSync(binaryPath(target));
    const w = warnings();
    expect(await readActiveDataset(dir, w)).toEqual(parseJsonBytes(readFileSync(target)));
    expect(w.seen).toEqual([]);
    expect(readFileSync(binaryPath(target)).length).toBeGreaterThan(64);
  });
});
