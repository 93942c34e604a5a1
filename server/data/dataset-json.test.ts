import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDataset } from '../bootstrap';
import { asciiJson, asciiJsonText, parseJsonBytes } from './dataset-json';
import { datasetsDir, readActiveDataset, writeDataset } from './dataset-files';
import { decodeDataset, encodeDataset } from './dataset-store';
import type { DatasetFile } from './model';

const ASCII = /^[^\u0080-\uffff]*$/;

/** Texts the FAA's files and the sandbox carry: an en dash, ñ, ā, ©, ’, an astral character, a lone surrogate. */
const dataset = (): DatasetFile => ({
  ...emptyDataset('json-1'),
  features: [
    {
      id: 'tfr:1',
      layer: 'tfr',
      name: 'Cañon City – Stadium ©2026 ’Ōahu’ 😀',
      description: 'ñ–ā\ud800 and "quotes" \\ back',
      geometry: { type: 'Point', coordinates: [-105.2, 38.4] },
      sourceId: 'faa',
    },
  ],
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('dataset files as ASCII JSON', () => {
  it('asciiJson writes every character above U+007F as an escape and means the same', () => {
    const text = asciiJson(dataset());
    expect(text).toMatch(ASCII);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(dataset())));
  });

  it('reads UTF-8 JSON (a file written before, or by another tool) through an ASCII text meaning the same', () => {
    const bytes = Buffer.from(JSON.stringify(dataset()), 'utf8');
    expect(bytes.some((b) => b >= 0x80)).toBe(true);
    const text = asciiJsonText(bytes);
    expect(text).toMatch(ASCII);
    expect(parseJsonBytes(bytes)).toEqual(JSON.parse(bytes.toString('utf8')));
    // Already ASCII: the bytes as they are.
    expect(asciiJsonText(Buffer.from(asciiJson(dataset())))).toBe(asciiJson(dataset()));
  });

  it('writeDataset writes ASCII; readActiveDataset reads it and an older UTF-8 file alike', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-dataset-json-'));
    dirs.push(dir);
    const target = await writeDataset(dir, dataset(), { activate: true });
    expect(readFileSync(target, 'latin1')).toMatch(ASCII);
    expect(await readActiveDataset(dir)).toEqual(dataset());
    writeFileSync(path.join(datasetsDir(dir), path.basename(target)), JSON.stringify(dataset()), 'utf8');
    expect(await readActiveDataset(dir)).toEqual(dataset());
  });

  it('a dataset through the store is ASCII JSON under its SHA-256 and decodes the same', async () => {
    const { meta, gzip } = await encodeDataset(dataset());
    expect(await decodeDataset(meta.id, gzip)).toEqual(dataset());
  });
});
