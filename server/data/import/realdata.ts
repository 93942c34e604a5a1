/**
 * Where the tests find the real FAA samples: /work/shared/realdata beside the repository, read in
 * place and never copied in (or the folder named by SKYPLAN_REALDATA, for a worktree that does not sit
 * beside it). When the folder is absent the real-data suites skip and say so.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const realdataDir = path.resolve(repoRoot, process.env.SKYPLAN_REALDATA || '../shared/realdata');
export const hasRealData = existsSync(realdataDir);

export function realPath(rel: string): string {
  return path.join(realdataDir, rel);
}

export function readReal(rel: string): string {
  return readFileSync(realPath(rel), 'utf8');
}

/** Call at the top of a real-data suite: prints why it is skipped when the samples are absent. */
export function warnIfNoRealData(suite: string): void {
  if (!hasRealData) console.warn(`${suite}: skipped, the real FAA samples are not at ${realdataDir}`);
}
