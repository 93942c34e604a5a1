/**
 * npm run data:generate — writes the sandbox dataset for today into DATA_DIR (default ./.data) and
 * activates it, then prints counts per layer, the file size and the time taken.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { readActiveDataset, writeDataset } from '../dataset-files';
import { openDatasetRepository } from '../dataset-store';
import { LAYERS, type DatasetFile } from '../model';
import { generateSandboxDataset, refreshTimeRelative } from './index';

function counts(file: DatasetFile): Map<string, number> {
  const byLayer = new Map<string, number>(LAYERS.map((l) => [l, 0]));
  for (const f of file.features) byLayer.set(f.layer, (byLayer.get(f.layer) ?? 0) + 1);
  return byLayer;
}

async function main(): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './.data');
  const now = new Date();
  const t0 = performance.now();
  const file = await generateSandboxDataset({ now });
  const t1 = performance.now();
  if (process.env.DATABASE_URL) {
    // Into the database, where every instance on it swaps to it (docs/deploy.md "Datasets").
    const repo = await openDatasetRepository(process.env, dataDir);
    const where = await repo.write(file, { activate: true }).finally(() => repo.close());
    console.log(`sandbox dataset ${file.version} -> ${where}, activated; generate ${((t1 - t0) / 1000).toFixed(1)} s, store ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    return;
  }
  const target = await writeDataset(dataDir, file, { activate: true });
  const t2 = performance.now();
  const reread = await readActiveDataset(dataDir);
  const t3 = performance.now();
  if (reread) refreshTimeRelative(reread, now);
  const t4 = performance.now();

  const { size } = await stat(target);
  console.log(`sandbox dataset ${file.version} -> ${target}`);
  for (const [layer, n] of counts(file)) console.log(`  ${layer.padEnd(32)} ${String(n).padStart(7)}`);
  console.log(`  ${'total'.padEnd(32)} ${String(file.features.length).padStart(7)}`);
  console.log(`file size: ${(size / 1e6).toFixed(1)} MB`);
  console.log(`generate ${((t1 - t0) / 1000).toFixed(1)} s, write ${((t2 - t1) / 1000).toFixed(1)} s, `
    + `read back ${((t3 - t2) / 1000).toFixed(1)} s, time-relative refresh ${(t4 - t3).toFixed(0)} ms`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
