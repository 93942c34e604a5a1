import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module without types, shared with scripts/test.mjs
import { collectSkipped, skippedLines } from './skips.mjs';

const report = {
  testResults: [
    { name: '/repo/server/a.test.ts', assertionResults: [{ status: 'passed' }, { status: 'pending' }, { status: 'skipped' }] },
    { name: '/repo/server/b.test.ts', assertionResults: [{ status: 'passed' }] },
  ],
};

describe('the summary of skipped tests', () => {
  it('counts skipped tests per file and says why when the real FAA samples are absent', () => {
    const byFile = collectSkipped(report, new Map(), '/repo');
    expect([...byFile]).toEqual([['server/a.test.ts', 2]]);
    const lines = skippedLines(byFile, '/nonexistent/realdata');
    expect(lines[0]).toBe('Skipped 2 tests:');
    expect(lines[1]).toBe('  2 in server/a.test.ts');
    expect(lines[2]).toMatch(/real FAA samples are not at \/nonexistent\/realdata/);
  });

  it('says nothing when nothing was skipped', () => {
    expect(skippedLines(collectSkipped({ testResults: [] }, new Map(), '/repo'))).toEqual([]);
  });
});
