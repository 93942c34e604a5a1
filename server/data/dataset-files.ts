/**
 * Dataset files under DATA_DIR/datasets: one JSON file per version and a pointer to the active one.
 * Writes go to a temporary file and are renamed, so a crash never leaves a half-written dataset.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { asciiJson, parseJsonBytes } from './dataset-json';
import type { DatasetFile } from './model';

export function datasetsDir(dataDir: string): string {
  return path.join(dataDir, 'datasets');
}

async function atomicWrite(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}

/** Writes a dataset file; with activate, makes it the one the service starts on. Returns its path. */
export async function writeDataset(dataDir: string, file: DatasetFile, opts: { activate: boolean }): Promise<string> {
  const dir = datasetsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${file.kind}-${file.version.replace(/[^A-Za-z0-9._-]/g, '_')}.json`;
  const target = path.join(dir, name);
  await atomicWrite(target, asciiJson(file));
  if (opts.activate) await atomicWrite(path.join(dir, 'active.json'), JSON.stringify({ file: name }));
  return target;
}

/** The active dataset, or null when none was written yet. */
export async function readActiveDataset(dataDir: string): Promise<DatasetFile | null> {
  const pointer = path.join(datasetsDir(dataDir), 'active.json');
  if (!existsSync(pointer)) return null;
  const { file } = JSON.parse(await readFile(pointer, 'utf8')) as { file: string };
  if (path.basename(file) !== file) throw new Error('active.json names a file outside the datasets folder');
  const parsed = parseJsonBytes(await readFile(path.join(datasetsDir(dataDir), file))) as DatasetFile;
  if (parsed.format !== 'skyplan-airspace-dataset') throw new Error(`${file} is not an airspace dataset`);
  return parsed;
}
