/**
 * The FAA files shipped in data/faa are the FAA's bytes: each equals its original in the real-data
 * folder when that folder is present (counted and printed when it is not), and each matches the
 * SHA-256 pinned in real-files.ts in any case. They also read through the importers on their own.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasRealData, realPath } from '../import/realdata';
import { SHIPPED_FAA_FILES, faaDataDir, loadShippedFaaData } from './real-files';

const dir = faaDataDir();
const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');

describe('the shipped FAA files', () => {
  it('are found from the source tree and from the bundle folder (dist/server)', () => {
    expect(existsSync(path.join(dir, 'SOURCES.md'))).toBe(true);
    expect(faaDataDir(path.resolve(dir, '../../dist/server'))).toBe(dir);
  });

  it('match their pinned SHA-256, and data/faa holds nothing else but SOURCES.md', () => {
    for (const f of SHIPPED_FAA_FILES) expect(sha(path.join(dir, f.path)), f.path).toBe(f.sha256);
    const onDisk = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
    expect(onDisk).toEqual([...SHIPPED_FAA_FILES.map((f) => f.path), 'SOURCES.md'].sort());
  });

  it('are byte-identical to the FAA originals in the real-data folder when it is present', () => {
    const present = hasRealData ? SHIPPED_FAA_FILES.filter((f) => existsSync(realPath(f.path))) : [];
    const skipped = SHIPPED_FAA_FILES.length - present.length;
    if (skipped) console.warn(`shipped FAA files: ${skipped} of ${SHIPPED_FAA_FILES.length} not compared with an original (the real-data folder or file is absent); the pinned hashes still apply`);
    else console.info(`shipped FAA files: all ${present.length} compared byte for byte with the originals`);
    for (const f of present) expect(sha(path.join(dir, f.path)), f.path).toBe(sha(realPath(f.path)));
  });

  it('read through the importers: every file, each source an FAA file with its name', () => {
    const real = loadShippedFaaData('2025-11-20T18:00:00.000Z');
    const files = real.sources.map((s) => s.file).sort();
    expect(files).toEqual(SHIPPED_FAA_FILES.map((f) => path.basename(f.path)).sort());
    expect(real.sources.every((s) => s.kind === 'faa')).toBe(true);
    const uasfm = real.sources.find((s) => s.file === 'uasfm_seattle.geojson')!;
    expect(uasfm).toMatchObject({ effectiveDate: '2025-10-30T00:00:00Z', effectiveDateStated: true });
    expect(real.sources.find((s) => s.file === 'Prohibited_Areas.geojson')!.effectiveDateStated).toBe(false);
    expect(real.sources.find((s) => s.file === 'detail_4_2565.xml')!.effectiveDateStated).toBe(true);
    const count = (layer: string) => real.features.filter((f) => f.layer === layer).length;
    expect([count('uasfm'), count('class_airspace'), count('stadium'), count('airport'), count('washington_frz'), count('washington_sfra')]).toEqual([230, 10, 3, 9, 1, 1]);
  });
});
