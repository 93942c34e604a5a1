// npm test: type-check, lint, unit + component + service tests (embedded store), the store-backed
// service tests again on a throwaway PostgreSQL, then Playwright end-to-end tests in Debian's Chromium.
// Ends with one plain line "N passed, N failed" summing every suite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { startThrowawayPostgres } from './postgres.mjs';
import { collectSkipped, skippedLines } from './skips.mjs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** Each failed test as "suite: file › title — first line of the error", repeated at the end so the tail of the log names them. */
const failures = [];
/** Tests that failed once and passed on CI's one retry: listed, never silently. */
const flaky = [];
/** Skipped tests by file, so the summary says what did not run and why, never silently. */
const skippedFiles = new Map();
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

/** Like run, with the output held and printed whole once the command ends (for two commands side by side). */
function runHeld(label, cmd, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const out = [];
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code) => {
      console.log(`\n=== ${label}: ${cmd} ${args.join(' ')} (${((Date.now() - started) / 1000).toFixed(0)} s, beside the other check)`);
      process.stdout.write(Buffer.concat(out));
      resolve(code === 0);
    });
  });
}

function gate(label, ok) {
  // A gate that is not a test suite (type-check, lint, build) counts as one check.
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    problems.push(label);
  }
}

function vitest(label, args, env = {}, outFile) {
  rmSync(outFile, { force: true });
  const ok = run(label, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${outFile}`, ...args], env);
  if (!existsSync(outFile)) {
    gate(label, false);
    return;
  }
  const r = JSON.parse(readFileSync(outFile, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  collectSkipped(r, skippedFiles, process.cwd());
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'passed' && t.failureMessages?.length) flaky.push(`${label}: ${relative(process.cwd(), file.name)} › ${t.fullName} — ${firstLine(t.failureMessages[0])}`);
    }
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failures.push(`${label}: ${relative(process.cwd(), file.name)} › ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') failures.push(`${label}: ${relative(process.cwd(), file.name)} — ${firstLine(file.message)}`);
  }
  if (!ok || r.numFailedTests > 0) problems.push(label);
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const line = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

/** Failed Playwright tests from its JSON report, walked through nested suites. */
function playwrightFailures(suites, out, path = []) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const result = (test.results ?? []).find((x) => x.status !== 'passed');
        (test.status === 'flaky' ? flaky : out).push(`end-to-end: ${[...here, spec.title].join(' › ')} — ${firstLine(result?.error?.message)}`);
      }
    }
    playwrightFailures(suite.suites, out, here);
  }
}

function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log('Chromium not found: installing Debian chromium with apt-get...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error('No Chromium for the end-to-end tests. Run: sudo apt-get update && sudo apt-get install -y chromium  (or set CHROMIUM_PATH)');
  return null;
}

mkdirSync('test-results', { recursive: true });

const TYPECHECK = ['tsc', '-p', 'tsconfig.json', '--noEmit'];
const LINT = ['eslint', '.', '--max-warnings=0'];
if (want('typecheck') && want('lint')) {
  // Each is one single-threaded process: on two cores they take little longer side by side than alone.
  const [typed, linted] = await Promise.all([runHeld('typecheck', 'npx', TYPECHECK), runHeld('lint', 'npx', LINT)]);
  gate('typecheck', typed);
  gate('lint', linted);
} else {
  if (want('typecheck')) gate('typecheck', run('typecheck', 'npx', TYPECHECK));
  if (want('lint')) gate('lint', run('lint', 'npx', LINT));
}
if (want('unit')) vitest('unit, component and service tests (embedded store)', [], {}, 'test-results/vitest.json');

if (want('postgres')) {
  const pg = startThrowawayPostgres();
  if (pg.url) {
    try {
      vitest('service tests on PostgreSQL', ['--project', 'node', '--project', 'node-own-modules', 'server/store', 'server/routes', 'server/services', 'test/'], { TEST_DATABASE_URL: pg.url }, 'test-results/vitest-postgres.json');
    } finally {
      pg.stop();
    }
  } else {
    console.error(`PostgreSQL suite not run: ${pg.reason}`);
    gate('postgres suite', false);
  }
}

if (want('e2e')) {
  const chromium = ensureChromium();
  if (!chromium) gate('chromium for end-to-end tests', false);
  else if (!run('build', 'npm', ['run', 'build', '--silent'])) gate('build', false);
  else {
    rmSync('test-results/playwright.json', { force: true });
    const ok = run('end-to-end (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json' });
    if (existsSync('test-results/playwright.json')) {
      const report = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
      const s = report.stats;
      playwrightFailures(report.suites, failures);
      totals.passed += s.expected + s.flaky;
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
      if (!ok || s.unexpected > 0) problems.push('end-to-end');
    } else gate('end-to-end', false);
  }
}

const skipLines = skippedLines(skippedFiles);
if (skipLines.length) console.log(`\n${skipLines.join('\n')}`);
if (flaky.length) console.log(`\nFlaky (failed once, passed on CI's one retry):\n${flaky.map((f) => `  ${f}`).join('\n')}`);
if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (problems.length) console.log(`\nFailed: ${problems.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || problems.length ? 1 : 0);
