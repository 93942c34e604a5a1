/**
 * Dataset files under DATA_DIR/datasets: one JSON file per version, its binary form beside it (what a
 * warm start reads: dataset-binary.ts, docs/dataset-files.md) and a pointer to the active one.
 * Writes go to a temporary file and are renamed, so a crash never leaves a half-written dataset.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../deps';
import { DatasetBinaryError, decodeDatasetBinary, encodeDatasetBinary } from './dataset-binary';
import { asciiJson, parseJsonBytes } from './dataset-json';
import type { DatasetFile } from './model';

export interface DatasetFileOptions {
  /** Told when the binary file is refused or cannot be written (the JSON is read or kept instead). */
  log?: Pick<Logger, 'warn'>;
}

export function datasetsDir(dataDir: string): string {
  return path.join(dataDir, 'datasets');
}

/** The binary file standing for a dataset's JSON file. */
export function binaryPath(jsonFile: string): string {
  return jsonFile.replace(/\.json$/, '') + '.skyds';
}

async function atomicWrite(file: string, content: string | Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, file);
}

/** Writes the binary form of the JSON file just written (stamped with its size and time). Never throws. */
async function writeBinary(jsonFile: string, file: DatasetFile, opts: DatasetFileOptions): Promise<void> {
  try {
    const { size, mtimeMs } = await stat(jsonFile);
    await atomicWrite(binaryPath(jsonFile), encodeDatasetBinary(file, { bytes: size, mtimeMs }));
  } catch (err) {
    opts.log?.warn('dataset binary file not written; warm starts read the JSON', { file: path.basename(jsonFile), error: String(err) });
  }
}

/** The dataset from the binary file beside the JSON, or null when there is none usable (told why). */
async function readBinary(jsonFile: string, opts: DatasetFileOptions): Promise<DatasetFile | null> {
  const bin = binaryPath(jsonFile);
  if (!existsSync(bin)) return null;
  try {
    const { size, mtimeMs } = await stat(jsonFile);
    return decodeDatasetBinary(await readFile(bin), { bytes: size, mtimeMs });
  } catch (err) {
    const reason = err instanceof DatasetBinaryError ? err.message : `dataset binary file unreadable: ${String(err)}`;
    opts.log?.warn(`${reason}; reading the JSON`, { file: path.basename(bin) });
    return null;
  }
}

/** Writes a dataset file and its binary form; with activate, makes it the one the service starts on. Returns its path. */
export async function writeDataset(dataDir: string, file: DatasetFile, opts: { activate: boolean } & DatasetFileOptions): Promise<string> {
  const dir = datasetsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${file.kind}-${file.version.replace(/[^A-Za-z0-9._-]/g, '_')}.json`;
  const target = path.join(dir, name);
  await atomicWrite(target, asciiJson(file));
  await writeBinary(target, file, opts);
  if (opts.activate) await atomicWrite(path.join(dir, 'active.json'), JSON.stringify({ file: name }));
  return target;
}

/**
 * The active dataset, or null when none was written yet: from its binary file when that is whole and
 * stands for the JSON as it is, else from the JSON (whose binary form is then written for the next start).
 */
export async function readActiveDataset(dataDir: string, opts: DatasetFileOptions = {}): Promise<DatasetFile | null> {
  const pointer = path.join(datasetsDir(dataDir), 'active.json');
  if (!existsSync(pointer)) return null;
  const { file } = JSON.parse(await readFile(pointer, 'utf8')) as { file: string };
  if (path.basename(file) !== file) throw new Error('active.json names a file outside the datasets folder');
  const jsonFile = path.join(datasetsDir(dataDir), file);
  const fromBinary = await readBinary(jsonFile, opts);
  if (fromBinary) return fromBinary;
  const parsed = parseJsonBytes(await readFile(jsonFile)) as DatasetFile;
  if (parsed.format !== 'skyplan-airspace-dataset') throw new Error(`${file} is not an airspace dataset`);
  await writeBinary(jsonFile, parsed, opts);
  return parsed;
}
