// What the test summary says about skipped tests: how many, in which files, and why, so that a run
// without ../shared/realdata (or any other skip) is never silent.
import { existsSync } from 'node:fs';

/** Adds the skipped tests of one vitest JSON report to `byFile` (file path relative to `root`). */
export function collectSkipped(report, byFile, root) {
  for (const file of report.testResults ?? []) {
    const n = (file.assertionResults ?? []).filter((t) => t.status === 'pending' || t.status === 'skipped' || t.status === 'todo').length;
    if (n === 0) continue;
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    byFile.set(name, (byFile.get(name) ?? 0) + n);
  }
  return byFile;
}

/** The lines the summary prints; empty when nothing was skipped. */
export function skippedLines(byFile, realdataDir = '../shared/realdata') {
  if (byFile.size === 0) return [];
  const total = [...byFile.values()].reduce((a, b) => a + b, 0);
  const lines = [`Skipped ${total} tests:`, ...[...byFile].map(([file, n]) => `  ${n} in ${file}`)];
  if (!existsSync(realdataDir)) {
    lines.push(`  Why: the real FAA samples are not at ${realdataDir} beside the repository, so the suites that read them skip (README, "Tests").`);
  }
  return lines;
}
