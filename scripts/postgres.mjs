// A throwaway PostgreSQL cluster for tests, from Debian's packages (stack-notes: initdb refuses root,
// so the cluster belongs to the postgres user). Returns null with a reason when it cannot start one.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function pgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function install() {
  if (!isRoot()) return false;
  console.log('PostgreSQL not found: installing it with apt-get (postgresql)...');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
}

export function startThrowawayPostgres(port = 55432) {
  let bin = pgBin();
  if (!bin && install()) bin = pgBin();
  if (!bin) return { url: null, reason: 'PostgreSQL is not installed; run: sudo apt-get install -y postgresql', stop() {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-pg-'));
  const asPostgres = isRoot() ? (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : (cmd, args) => [cmd, args];
  try {
    if (isRoot()) {
      chmodSync(dir, 0o777);
      execFileSync('chown', ['postgres:postgres', dir]);
    }
    const [c1, a1] = asPostgres(path.join(bin, 'initdb'), ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    execFileSync(c1, a1, { stdio: 'ignore' });
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    const [c2, a2] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
    execFileSync(c2, a2, { stdio: 'ignore' });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { url: null, reason: `could not start PostgreSQL: ${err.message}`, stop() {} };
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    reason: null,
    stop() {
      const [c, a] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      spawnSync(c, a, { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
