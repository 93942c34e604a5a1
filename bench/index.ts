/**
 * npm run bench: speed and memory of the hot paths, each against a baseline measured in the same run
 * (these machines are noisy: read the ratios). Not a test: it asserts nothing and prints figures.
 */
import { readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Dataset } from '../server/data/dataset';
import { datasetsDir, readActiveDataset } from '../server/data/dataset-files';
import { ensureSandboxDataset } from '../server/data/generate';
import { benchBriefing, sampleBriefingJson } from './briefing';
import { benchCompression } from './compression';
import { benchFairness } from './fairness';
import { benchGroundType } from './ground-type';
import { benchHttp } from './http';
import { benchPage } from './page';
import { benchPositions } from './positions';
import { benchTiles } from './tiles';
import { ms } from './stats';

// `npm run bench -- http` (or engine, page, positions, route, fairness) runs one part; no argument runs everything.
const parts = new Set(process.argv.slice(2));
const want = (p: string) => parts.size === 0 || parts.has(p);
const now = new Date();
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'skyplan-bench-'));
const out: string[] = [];
const say = (lines: string[]) => {
  for (const l of lines) console.log(l);
  out.push(...lines, '');
  console.log('');
};

if (want('engine')) await benchEngine();
if (want('http')) say(await benchHttp());
if (want('page')) say(await benchPage());
if (want('positions')) say(await benchPositions());
if (want('route')) say((await import('./route')).benchRoute());
if (want('compression') && !want('engine')) say(benchCompression());
if (want('fairness')) say(await benchFairness());

async function benchEngine(): Promise<void> {
  await ensureSandboxDataset(dataDir, now);
  const active = JSON.parse(await readFile(path.join(datasetsDir(dataDir), 'active.json'), 'utf8')) as { file: string };
  const raw = path.join(datasetsDir(dataDir), active.file);
  // Baseline: reading the same bytes; then the real load (read + parse + index).
  let t0 = performance.now();
  await readFile(raw);
  const readMs = performance.now() - t0;
  const heap0 = process.memoryUsage().heapUsed;
  t0 = performance.now();
  const file = (await readActiveDataset(dataDir))!;
  const parseMs = performance.now() - t0;
  t0 = performance.now();
  const ds = new Dataset(file);
  const indexMs = performance.now() - t0;
  const heapMb = (process.memoryUsage().heapUsed - heap0) / 1e6;
  say([
    `Dataset ${ds.version}: ${ds.features.length} features`,
    `  load ${ms(parseMs + indexMs)} ms (read+parse ${ms(parseMs)}, index ${ms(indexMs)}); reading the bytes alone ${ms(readMs)} ms (${((parseMs + indexMs) / readMs).toFixed(1)}x); heap +${heapMb.toFixed(0)} MB`,
  ]);
  say(benchBriefing(ds, now));
  say(benchCompression(sampleBriefingJson(ds, now)));
  say(benchGroundType());
  say(await benchTiles(ds, now));
}
