/**
 * The features of the basemap's slowest parts, kept in the data directory once made, so a later start
 * reads them instead of making them again: the urban areas' model (~6 s of CPU on a quiet machine) and
 * the US lakes (~1.1 s, most of it parsing the 12 MB world file for the 25,000 US lakes). Features read
 * back are those written (JSON keeps every double exactly and the properties' order), so the tiles cut
 * from them are the tiles cut from the producer's, byte for byte (basemap-files.test.ts).
 *
 * Format: one line of JSON, {"format", "version", "sha1", "bytes"}, then the features as a JSON array;
 * `sha1` is over that array's bytes, so a damaged or truncated file is seen and made again, and a file
 * of another version (data packages, basemap schema, model) is made again. Written to a temporary name
 * and renamed, so instances sharing a data directory never read half a file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Feature } from 'geojson';

const FORMAT = 'skyplan-basemap-features-1';

let filesDir: string | null = null;
/** The basemap's version (basemap.ts): every file's version starts with it. */
let basemapVersion = '';

/** Keeps the slow parts' features in this data directory (null: made in memory each time, as in tests). */
export function useBasemapFiles(dataDir: string | null, version: string): void {
  filesDir = dataDir;
  basemapVersion = version;
}

/** The data directory the features are kept in, or null. */
export function basemapFilesDir(): string | null {
  return filesDir;
}

export function featuresFile(dataDir: string, name: string): string {
  return path.join(dataDir, 'tiles', `basemap-${name}.json`);
}

const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex');

interface Header {
  format: string;
  version: string;
  sha1: string;
  bytes: number;
}

/** The file's features, or null when it is missing, of another version, or damaged. */
export function readFeatures<F extends Feature>(file: string, version: string): F[] | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  const eol = bytes.indexOf(0x0a);
  if (eol < 0) return null;
  let head: Header;
  try {
    head = JSON.parse(bytes.toString('utf8', 0, eol)) as Header;
  } catch {
    return null;
  }
  const body = bytes.subarray(eol + 1);
  if (head.format !== FORMAT || head.version !== version || head.bytes !== body.length || head.sha1 !== sha1(body)) return null;
  try {
    return JSON.parse(body.toString('utf8')) as F[];
  } catch {
    return null;
  }
}

/** Writes the features (temporary name, then rename). */
export function writeFeatures(file: string, version: string, features: readonly Feature[]): void {
  const body = Buffer.from(JSON.stringify(features), 'utf8');
  const head: Header = { format: FORMAT, version, sha1: sha1(body), bytes: body.length };
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, Buffer.concat([Buffer.from(`${JSON.stringify(head)}\n`, 'utf8'), body]), { mode: 0o600 });
  renameSync(tmp, file);
}

/**
 * The features from the data directory's file when it holds this version (the basemap's, and `inputs`:
 * what else the features depend on, e.g. a model's constants), else made by `make` and written there (a
 * failed write is logged: the features are still served). Without a data directory, made.
 */
export function keptFeatures<F extends Feature>(name: string, inputs: string, make: () => F[]): F[] {
  const k = kept<F>(name, inputs);
  if (!k) return make();
  return k.features ?? k.keep(make());
}

/** keptFeatures for a producer that works in slices (the urban areas' model). */
export async function keptFeaturesAsync<F extends Feature>(name: string, inputs: string, make: () => Promise<F[]>): Promise<F[]> {
  const k = kept<F>(name, inputs);
  if (!k) return make();
  return k.features ?? k.keep(await make());
}

/** The kept features of this version (null when absent or stale) and how to keep made ones; null without a data directory. */
function kept<F extends Feature>(name: string, inputs: string): { features: F[] | null; keep(made: F[]): F[] } | null {
  const dir = filesDir;
  if (!dir) return null;
  const version = `${basemapVersion}|${inputs}`;
  const file = featuresFile(dir, name);
  return {
    features: readFeatures<F>(file, version),
    keep: (made) => {
      tryWrite(file, version, made);
      return made;
    },
  };
}

function tryWrite(file: string, version: string, features: readonly Feature[]): void {
  try {
    writeFeatures(file, version, features);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'a basemap part could not be kept in the data directory', file, error: String(err) }));
  }
}
