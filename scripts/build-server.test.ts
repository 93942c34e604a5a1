/**
 * The service's bundle is held by V8 as its source text for the life of the process (lazy compilation):
 * one byte a character only when every character is Latin-1. A comment with a box-drawing line made the
 * whole 4 MB text UTF-16 (7.8 MB of heap); build-server.mjs drops comments and whitespace, and the
 * service's own texts past U+00FF are written as escapes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the server bundle', () => {
  it('is Latin-1 throughout and carries no comments, so V8 keeps its source one byte a character', () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, SERVER_BUNDLE_DIR: dir }, stdio: 'pipe' });
    for (const name of ['index.js', 'surface-worker.js']) {
      const text = readFileSync(path.join(dir, name), 'utf8');
      const wide = [...text].filter((c) => c.codePointAt(0)! > 0xff);
      expect(wide, name).toEqual([]);
      // A comment line of the sources (a JSDoc opener at the start of a line) would be kept without the minifier.
      expect(text, name).not.toMatch(/^\s*\/\*\*\s/m);
      expect(text.length, name).toBeGreaterThan(100_000);
    }
  }, 120_000);
});
