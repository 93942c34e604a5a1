/**
 * Every package the lock file installs supports the Node.js versions package.json declares, so a
 * clean install on the oldest declared Node prints no EBADENGINE warning and runs what it installed.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('declared Node.js engine', () => {
  it('is a range whose lowest version every installed package accepts', () => {
    const lowest = semver.minVersion(pkg.engines.node);
    expect(lowest, `package.json engines.node ${pkg.engines.node}`).not.toBeNull();
    const refusing = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && !p.optional && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(lowest!, (p.engines as { node: string }).node))
      .map(([path, p]) => `${path.replace(/^node_modules\//, '')}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
