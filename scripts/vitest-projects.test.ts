/**
 * vitest.config.ts runs most test files in one module graph per worker and the files that replace or
 * need their own modules apart: every test file of the repository is in exactly one project, and a
 * file that mocks modules is never in a shared one (where its mock would reach the files after it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { OWN_MODULES } from '../vitest.config';

type Project = { test: { name: string; include: string[]; isolate?: boolean; environment: string } };
const projects = (config.test!.projects as Project[]).map((p) => p.test);

function allTests(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = dir === '.' ? e.name : `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (!['node_modules', '.git', 'dist', 'e2e', 'test-results'].includes(e.name)) allTests(p, out);
    } else if (/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

describe('the test projects', () => {
  it('hold every test file once, components in jsdom and the rest in node', () => {
    const files = allTests('.');
    expect(files.length).toBeGreaterThan(250);
    for (const f of files) {
      const holders = projects.filter((p) => p.include.includes(f));
      expect(holders.map((p) => p.name), f).toHaveLength(1);
      const dom = f.startsWith('src/') && !f.startsWith('src/geo/');
      expect(holders[0]!.environment, f).toBe(dom ? 'jsdom' : 'node');
    }
    expect(projects.reduce((n, p) => n + p.include.length, 0)).toBe(files.length);
  });

  it('keep a file that mocks modules, or says it needs its own, out of the shared module graphs', () => {
    expect(OWN_MODULES.test('vi.mock(\'maplibre-gl\')')).toBe(true);
    expect(OWN_MODULES.test('// @isolated-modules: why')).toBe(true);
    const shared = projects.filter((p) => p.isolate === false);
    expect(shared.map((p) => p.name).sort()).toEqual(['dom', 'node']);
    for (const p of shared) {
      for (const f of p.include) {
        const text = readFileSync(path.resolve(f), 'utf8');
        expect(OWN_MODULES.test(text), f).toBe(false);
      }
    }
    // The files known to need their own modules are where they must be.
    const own = projects.filter((p) => p.isolate !== false).flatMap((p) => p.include);
    for (const f of ['server/domain/briefing/engine-cpu.test.ts', 'src/geo/time-zone-at.test.ts', 'server/data/lazy-geometry.test.ts', 'src/features/plan/components/wall-clock-start.test.tsx']) expect(own, f).toContain(f);
  });
});
