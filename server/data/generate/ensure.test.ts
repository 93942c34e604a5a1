import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryPath, readActiveDataset, writeDataset } from '../dataset-files';
import { parseJsonBytes } from '../dataset-json';
import type { DatasetFile } from '../model';
import { ensureSandboxDataset, GENERATOR_VERSION } from './index';

let dir: string;
const DAY1 = new Date('2026-03-02T10:00:00Z');
const DAY2 = new Date('2026-03-03T22:00:00Z');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sandbox-ensure-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sandboxFiles = async () => (await readdir(path.join(dir, 'datasets'))).filter((f) => f.startsWith('sandbox-') && f.endsWith('.json'));

// Generating (the model plus the FAA files over it, and writing ~56 MB) takes 5-20 s on the shared box.
const GENERATES = { timeout: 90_000 };

describe('ensureSandboxDataset', () => {
  let first: DatasetFile;

  it('generates, writes and activates a sandbox when there is none', GENERATES, async () => {
    first = await ensureSandboxDataset(dir, DAY1);
    expect(first.kind).toBe('sandbox');
    expect(first.version).toContain(GENERATOR_VERSION);
    expect(first.version).toMatch(/20260302$/);
    expect((await readActiveDataset(dir))?.version).toBe(first.version);
  });

  it('reads the national sandbox back from its binary file equal to its JSON, feature by feature', async () => {
    const active = JSON.parse(await readFile(path.join(dir, 'datasets', 'active.json'), 'utf8')) as { file: string };
    const jsonFile = path.join(dir, 'datasets', active.file);
    const fromJson = parseJsonBytes(await readFile(jsonFile)) as DatasetFile;
    const warned: string[] = [];
    const fromBinary = (await readActiveDataset(dir, { log: { warn: (m) => void warned.push(m) } }))!;
    expect(warned).toEqual([]);
    expect(existsSync(binaryPath(jsonFile))).toBe(true);
    expect(fromBinary.features.length).toBe(fromJson.features.length);
    expect(fromBinary.features.length).toBeGreaterThan(100_000);
    // isDeepStrictEqual per feature (vitest's toEqual over 110,000 features takes minutes); a difference shows as a diff.
    const differing = fromBinary.features.findIndex((f, i) => !isDeepStrictEqual(f, fromJson.features[i]));
    if (differing >= 0) expect(fromBinary.features[differing]).toEqual(fromJson.features[differing]);
    expect(differing).toBe(-1);
    expect(isDeepStrictEqual({ ...fromBinary, features: [] }, { ...fromJson, features: [] })).toBe(true);
  });

  it('reuses the stored static part and recomputes the time-relative part for a new day', async () => {
    const next = await ensureSandboxDataset(dir, DAY2);
    expect(await sandboxFiles()).toHaveLength(1);
    expect(next.version).toMatch(/20260303$/);
    expect(next.generatedAt).toBe(first.generatedAt);
    const staticIds = (f: DatasetFile) => f.features.filter((x) => !x.props?.timeRelative).map((x) => x.id);
    expect(staticIds(next)).toEqual(staticIds(first));
    const tfrIds = (f: DatasetFile) => f.features.filter((x) => x.layer === 'tfr' && x.props?.timeRelative).map((x) => x.id);
    expect(tfrIds(next).every((id) => id.includes('20260303'))).toBe(true);
    expect(tfrIds(next)).toHaveLength(tfrIds(first).length);
  });

  it('regenerates a sandbox written by another generator version', GENERATES, async () => {
    const stale: DatasetFile = {
      ...first, version: 'sandbox-old',
      sources: first.sources.map((s) => (s.id === 'sandbox-class-airspace' ? { ...s, version: 'g0' } : s)),
      features: first.features.slice(0, 10),
    };
    await writeDataset(dir, stale, { activate: true });
    const fresh = await ensureSandboxDataset(dir, DAY1);
    expect(fresh.features.length).toBeGreaterThan(1000);
    expect((await readActiveDataset(dir))?.version).toBe(fresh.version);
  });

  it('leaves an imported FAA dataset alone', async () => {
    const faa: DatasetFile = { format: 'skyplan-airspace-dataset', formatVersion: 1, version: 'faa-test', generatedAt: DAY1.toISOString(), kind: 'faa', sources: [], features: [] };
    await writeDataset(dir, faa, { activate: true });
    expect(await ensureSandboxDataset(dir, DAY2)).toEqual(faa);
  });
});
