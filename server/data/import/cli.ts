/**
 * npm run data:import -- <files…> [--no-activate] [--layer <layer> <file>] [--source <name>] [--region national|w,s,e,n]
 * GeoTIFF DEMs (told by their first bytes) go to DATA_DIR/dem/ (server/data/import/dem.ts; --source
 * names a single one), or with DATABASE_URL into the database, which every instance loads. The others:
 * imports FAA files (UDDS/ADDS GeoJSON, NASR APT CSV, tfr.faa.gov XML) into DATA_DIR (default ./.data),
 * or with DATABASE_URL into the database where every instance picks it up (docs/deploy.md "Datasets"),
 * and, unless --no-activate, makes the result the dataset the service starts on. A file that cannot
 * be read fails the import and leaves the active dataset untouched.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseRegion, type DeclaredRegion } from '../coverage';
import { openDatasetRepository } from '../dataset-store';
import { LAYERS, type Layer } from '../model';
import { openDb } from '../../store/db';
import type { ImportError } from './common';
import { checkDems, importDems, isTiffFile, type DemImportOptions } from './dem';
import type { DemEntry } from './dem-index';
import { ImportFailure, importFilesDetailed, type ImportReport } from './import-files';

export interface CliArgs {
  files: string[];
  activate: boolean;
  layerOverrides: Record<string, Layer>;
  /** The name of a single DEM (source dem:<name>). */
  source?: string;
  /** Where the files are complete; default each file's extent (docs/data-import.md, "Coverage"). */
  region?: DeclaredRegion;
}

const USAGE = 'usage: npm run data:import -- <file>… [--no-activate] [--layer <layer> <file>] [--source <dem name>] [--region national|west,south,east,north]';

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { files: [], activate: true, layerOverrides: {} };
  let pendingLayer: Layer | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--no-activate') args.activate = false;
    else if (a === '--source' || a.startsWith('--source=')) {
      const value = a === '--source' ? argv[++i] : a.slice('--source='.length);
      if (!value) throw new Error('--source needs a name for the DEM');
      args.source = value;
    }
    else if (a === '--region' || a.startsWith('--region=')) {
      const value = a === '--region' ? argv[++i] : a.slice('--region='.length);
      args.region = parseRegion(value ?? '');
    }
    else if (a === '--layer' || a.startsWith('--layer=')) {
      const value = a === '--layer' ? argv[++i] : a.slice('--layer='.length);
      if (!value || !(LAYERS as readonly string[]).includes(value)) throw new Error(`--layer needs one of: ${LAYERS.join(', ')}`);
      pendingLayer = value as Layer;
    } else if (a.startsWith('--')) throw new Error(`unknown option ${a}\n${USAGE}`);
    else {
      args.files.push(a);
      if (pendingLayer) args.layerOverrides[a] = pendingLayer;
      pendingLayer = undefined;
    }
  }
  if (pendingLayer) throw new Error('--layer must be followed by the file it applies to');
  if (args.files.length === 0) throw new Error(USAGE);
  return args;
}

/** With DATABASE_URL: checks the DEMs, then stores them in the database (docs/elevation.md "DEMs with PostgreSQL"). */
async function storeDems(paths: string[], databaseUrl: string, dataDir: string, opts: DemImportOptions): Promise<{ entries: DemEntry[]; errors: ImportError[] }> {
  const { checked, errors } = await checkDems(paths, opts);
  if (errors.length) return { entries: [], errors };
  const { migrate } = await import('../../store/migrations');
  await import('../../store/all-migrations');
  const { publishDems } = await import('../dem-store');
  const db = await openDb({ databaseUrl, dataDir });
  try {
    await migrate(db);
    await publishDems(db, checked);
  } finally {
    await db.close();
  }
  return { entries: checked.map((c) => c.entry), errors: [] };
}

export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  const width = Math.max(...report.files.map((f) => path.basename(f.path).length));
  lines.push(`Read ${report.files.length} file(s):`);
  for (const f of report.files) {
    lines.push(`  ${path.basename(f.path).padEnd(width)}  ${f.format.padEnd(13)} ${(f.layer ?? 'several').padEnd(30)} ${f.features}`);
  }
  const counts = new Map<string, number>();
  for (const f of report.dataset.features) counts.set(f.layer, (counts.get(f.layer) ?? 0) + 1);
  lines.push(`Features per layer (${report.dataset.features.length} in all):`);
  for (const [layer, n] of [...counts].sort()) lines.push(`  ${layer.padEnd(30)} ${n}`);
  const warnings = [...report.files.flatMap((f) => f.warnings.map((w) => `${path.basename(f.path)}: ${w}`)), ...report.warnings];
  if (warnings.length) {
    lines.push('Not imported or guessed:');
    for (const w of warnings) lines.push(`  ${w}`);
  }
  return lines.join('\n');
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  const tiffs = new Set<string>();
  for (const f of args.files) if (await isTiffFile(f)) tiffs.add(f);
  if (tiffs.size) {
    const opts = args.source !== undefined ? { source: args.source } : {};
    const dems = env.DATABASE_URL ? await storeDems([...tiffs], env.DATABASE_URL, dataDir, opts) : await importDems([...tiffs], dataDir, opts);
    if (dems.errors.length) {
      console.error('DEM import failed; the stored DEMs were not changed.');
      for (const err of dems.errors) console.error(`  ${err.message}`);
      return 1;
    }
    const where = (d: DemEntry) => (env.DATABASE_URL ? 'stored in the database (every instance loads it)' : `copied to ${path.join(dataDir, 'dem', d.file)}`);
    for (const d of dems.entries) console.log(`DEM dem:${d.name}: ${d.width}×${d.height} px, ${d.bounds.map((b) => b.toFixed(4)).join(', ')} (${d.crs}), ${where(d)}`);
    args.files = args.files.filter((f) => !tiffs.has(f));
    if (args.files.length === 0) return 0;
  } else if (args.source !== undefined) {
    console.error('--source names a GeoTIFF DEM; no DEM was given');
    return 2;
  }
  try {
    const report = await importFilesDetailed(args.files, { layerOverrides: args.layerOverrides, ...(args.region ? { region: args.region } : {}) });
    console.log(formatReport(report));
    const repo = await openDatasetRepository(env, dataDir);
    const written = await repo.write(report.dataset, { activate: args.activate }).finally(() => repo.close());
    console.log(`Dataset ${report.dataset.version} written to ${written}${args.activate ? ' and activated' : ' (not activated)'}.`);
    return 0;
  } catch (e) {
    if (e instanceof ImportFailure) {
      console.error('Import failed; the active dataset was not changed.');
      for (const err of e.errors) console.error(`  ${err.file}: ${err.reason}`);
      return 1;
    }
    console.error(`Import failed; the active dataset was not changed: ${(e as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
