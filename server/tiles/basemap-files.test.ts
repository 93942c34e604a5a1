/**
 * The slow parts' features kept in the data directory: read back as written, and a damaged, truncated
 * or other-version file is not read but made again.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Feature, Polygon } from 'geojson';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { featuresFile, keptFeatures, readFeatures, useBasemapFiles, writeFeatures } from './basemap-files';

const dir = mkdtempSync(path.join(tmpdir(), 'skyplan-basemap-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => useBasemapFiles(null, ''));

const lake = (x: number): Feature<Polygon> => ({
  type: 'Feature',
  properties: { class: 'lake', name: `L${x}` },
  // Doubles that a lossy text form would change.
  geometry: { type: 'Polygon', coordinates: [[[x + 0.1, 0.30000000000000004], [x + 1 / 3, 1e-7], [x + Math.PI, 2 / 7], [x + 0.1, 0.30000000000000004]]] },
});

describe('kept basemap features', () => {
  it('reads back what was written, exactly, and only for the same version', () => {
    const file = path.join(dir, 'a.json');
    const features = [lake(1), lake(-122.5)];
    writeFeatures(file, 'v1', features);
    expect(readFeatures(file, 'v1')).toEqual(features);
    expect(JSON.stringify(readFeatures(file, 'v1'))).toBe(JSON.stringify(features));
    expect(readFeatures(file, 'v2')).toBeNull();
    expect(readFeatures(path.join(dir, 'missing.json'), 'v1')).toBeNull();
  });

  it('does not read a damaged or truncated file', () => {
    const file = path.join(dir, 'b.json');
    writeFeatures(file, 'v1', [lake(1), lake(2)]);
    const bytes = readFileSync(file);
    const flipped = Buffer.from(bytes);
    // A digit of a coordinate changed: still valid JSON, so only the checksum sees it.
    const at = flipped.lastIndexOf('3'.charCodeAt(0));
    flipped[at] = '4'.charCodeAt(0);
    writeFileSync(file, flipped);
    expect(readFeatures(file, 'v1')).toBeNull();
    writeFileSync(file, bytes.subarray(0, bytes.length - 10));
    expect(readFeatures(file, 'v1')).toBeNull();
    writeFileSync(file, 'not a header');
    expect(readFeatures(file, 'v1')).toBeNull();
  });

  it('makes the features once per data directory and makes a damaged file again', () => {
    useBasemapFiles(dir, 'basemap-x');
    let made = 0;
    const make = () => {
      made += 1;
      return [lake(5)];
    };
    expect(keptFeatures('lakes-test', 'in-1', make)).toEqual([lake(5)]);
    expect(keptFeatures('lakes-test', 'in-1', make)).toEqual([lake(5)]);
    expect(made).toBe(1);
    // Other inputs (a model's constants, a data package's version): made again.
    keptFeatures('lakes-test', 'in-2', make);
    expect(made).toBe(2);
    const file = featuresFile(dir, 'lakes-test');
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 1));
    expect(keptFeatures('lakes-test', 'in-2', make)).toEqual([lake(5)]);
    expect(made).toBe(3);
    // Without a data directory nothing is kept.
    useBasemapFiles(null, 'basemap-x');
    keptFeatures('lakes-test', 'in-2', make);
    expect(made).toBe(4);
  });
});
