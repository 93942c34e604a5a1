/**
 * Imports a set of FAA files into one dataset (kind 'faa'): each file's format is told from its
 * content, each is parsed on its own, and any file that cannot be read fails the whole import
 * (all reasons are collected first), so a half-read set never becomes the active dataset.
 */
import { readFile, stat } from 'node:fs/promises';
import { rfc7946 } from '../../domain/geometry/rfc7946';
import path from 'node:path';
import { fileCoverage, type DeclaredRegion } from '../coverage';
import type { AirspaceFeature, DatasetFile, Layer } from '../model';
import { ImportError, plural, sha256, slug, type ParseOptions, type ParseResult } from './common';
import { isAptBaseHeader, isAptRwyHeader, parseNasrAirports } from './nasr-csv';
import { parseTfrXml } from './tfr-xml';
import { UDDS_LAYERS, parseUddsGeoJson } from './udds-geojson';
import { parseCsv } from './csv';

export type FileFormat = 'udds-geojson' | 'nasr-apt-base' | 'nasr-apt-rwy' | 'tfr-xml';

export interface ImportOptions {
  now?: Date;
  /** Layer per file, keyed by the path as given, its absolute path or its base name. */
  layerOverrides?: Record<string, Layer>;
  /**
   * Where the files are complete (`--region`): the whole country or a box. Default: each file's own
   * extent, the convex hull of its features (docs/data-import.md, "Coverage").
   */
  region?: DeclaredRegion;
}

export interface FileReport {
  path: string;
  format: FileFormat;
  layer?: Layer;
  features: number;
  warnings: string[];
}

export interface ImportReport {
  dataset: DatasetFile;
  files: FileReport[];
  warnings: string[];
}

/** One or more files could not be imported; `errors` names each file and reason. */
export class ImportFailure extends Error {
  constructor(readonly errors: ImportError[]) {
    super(`import failed:\n${errors.map((e) => `  ${e.message}`).join('\n')}`);
    this.name = 'ImportFailure';
  }
}

/** Tells the format from the content (a file name can lie; the first bytes rarely do). */
export function detectFormat(text: string, file: string): FileFormat {
  if (text.includes('\u0000')) throw new ImportError(file, 'a binary file, not GeoJSON, NASR CSV or TFR XML');
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<')) return 'tfr-xml';
  if (head.startsWith('{') || head.startsWith('[')) return 'udds-geojson';
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes(',')) {
    let header: string[] = [];
    try {
      header = (parseCsv(firstLine)[0] ?? []).map((h) => h.trim());
    } catch {
      /* not CSV after all: reported below */
    }
    if (isAptBaseHeader(header)) return 'nasr-apt-base';
    if (isAptRwyHeader(header)) return 'nasr-apt-rwy';
    throw new ImportError(file, 'a CSV file that is neither NASR APT_BASE nor APT_RWY');
  }
  throw new ImportError(file, 'not a format this importer reads (UDDS/ADDS GeoJSON, NASR APT CSV, tfr.faa.gov XML)');
}

function overrideFor(p: string, overrides: Record<string, Layer> | undefined): Layer | undefined {
  if (!overrides) return undefined;
  return overrides[p] ?? overrides[path.resolve(p)] ?? overrides[path.basename(p)];
}

const TFR_LAYERS: readonly Layer[] = ['washington_frz', 'washington_sfra', 'tfr'];

function checkOverride(layer: Layer | undefined, format: FileFormat, file: string): void {
  if (!layer) return;
  const ok =
    format === 'tfr-xml' ? TFR_LAYERS.includes(layer)
    : format === 'udds-geojson' ? (UDDS_LAYERS as readonly Layer[]).includes(layer)
    : layer === 'airport';
  if (!ok) throw new ImportError(file, `layer ${layer} cannot be read from a ${format} file`);
}

/** Merges parsed files into a dataset with a content-derived version. */
export function buildDataset(parts: ParseResult[], now: Date): { dataset: DatasetFile; warnings: string[] } {
  const warnings: string[] = [];
  const byId = new Map<string, AirspaceFeature>();
  const sourceIds = new Set<string>();
  for (const part of parts) {
    if (sourceIds.has(part.source.id)) throw new ImportError(part.source.name, `source ${part.source.id} comes from two files of the same name; rename one`);
    sourceIds.add(part.source.id);
    let dup = 0;
    for (const f of part.features) {
      if (byId.has(f.id)) dup++;
      // RFC 7946 once, at import: right-hand-rule rings, 7 decimals (domain/geometry/rfc7946.ts).
      else byId.set(f.id, { ...f, geometry: rfc7946(f.geometry) });
    }
    if (dup) warnings.push(`${part.source.name}: ${plural(dup, 'feature')} with ids already imported from an earlier file were left out`);
  }
  const features = [...byId.values()].sort((a, b) => (a.layer === b.layer ? (a.id < b.id ? -1 : 1) : a.layer < b.layer ? -1 : 1));
  enrichLaanc(features);
  const sources = parts.map((p) => p.source).sort((a, b) => (a.id < b.id ? -1 : 1));
  // The version depends on content only, not on when the import ran (ADDS layers carry no effective
  // date, so theirs is the retrieval time and is left out), so re-importing the same files gives the same id.
  const dated = sources.filter((s) => s.effectiveDate !== s.retrievedAt);
  const hash = sha256(JSON.stringify({ sources: sources.map((s) => [s.id, s.version, s.name]), dated: dated.map((s) => s.effectiveDate), features }));
  const newest = dated.map((s) => s.effectiveDate).sort().pop()?.slice(0, 10).replace(/-/g, '');
  return {
    warnings,
    dataset: {
      format: 'skyplan-airspace-dataset',
      formatVersion: 1,
      version: newest ? `${newest}-${hash.slice(0, 12)}` : hash.slice(0, 16),
      generatedAt: now.toISOString(),
      kind: 'faa',
      sources,
      features,
    },
  };
}

/**
 * The Class Airspace layer does not say whether LAANC serves an airport; the facility map does
 * (APTn_LAANC). When both are imported, a class area takes the flag of its airport's grid cells:
 * LAANC-enabled if any cell of that facility is. Without facility-map data it stays unknown.
 */
function enrichLaanc(features: AirspaceFeature[]): void {
  const byFacility = new Map<string, boolean>();
  for (const f of features) {
    if (f.layer !== 'uasfm' || !f.facility) continue;
    byFacility.set(f.facility, (byFacility.get(f.facility) ?? false) || f.laancEnabled === true);
  }
  for (const f of features) {
    if (f.layer === 'class_airspace' && f.facility && f.laancEnabled === undefined && byFacility.has(f.facility)) {
      f.laancEnabled = byFacility.get(f.facility);
    }
  }
}

/** Imports files and reports per file what was read and what was skipped. Throws ImportFailure. */
export async function importFilesDetailed(paths: string[], opts: ImportOptions = {}): Promise<ImportReport> {
  const now = opts.now ?? new Date();
  const retrievedAt = now.toISOString();
  if (paths.length === 0) throw new ImportFailure([new ImportError('(no files)', 'nothing to import')]);
  const errors: ImportError[] = [];
  const loaded: Array<{ p: string; name: string; text: string; format: FileFormat; mtime?: string }> = [];
  for (const p of paths) {
    const name = path.basename(p);
    try {
      const text = await readFile(p, 'utf8').catch((e: NodeJS.ErrnoException) => {
        throw new ImportError(name, e.code === 'ENOENT' ? `no such file (${p})` : `cannot be read (${e.message})`);
      });
      const format = detectFormat(text, name);
      checkOverride(overrideFor(p, opts.layerOverrides), format, name);
      // The file's own date, for a file that states no effective date (docs/provenance.md).
      const mtime = await stat(p).then((st) => st.mtime.toISOString().replace('.000Z', 'Z'), () => undefined);
      loaded.push({ p, name, text, format, ...(mtime ? { mtime } : {}) });
    } catch (e) {
      errors.push(e instanceof ImportError ? e : new ImportError(name, (e as Error).message));
    }
  }
  const bases = loaded.filter((f) => f.format === 'nasr-apt-base');
  const rwys = loaded.filter((f) => f.format === 'nasr-apt-rwy');
  const rwyFor = new Map<string, (typeof loaded)[number]>();
  for (const r of rwys) {
    // A runway file belongs to the APT_BASE in the same folder, or to the only APT_BASE given.
    const base = bases.find((b) => path.dirname(path.resolve(b.p)) === path.dirname(path.resolve(r.p))) ?? (bases.length === 1 ? bases[0] : undefined);
    if (!base) errors.push(new ImportError(r.name, 'an APT_RWY file needs its APT_BASE.csv in the same import'));
    else if (rwyFor.has(base.p)) errors.push(new ImportError(r.name, `a second APT_RWY file for ${base.name}`));
    else rwyFor.set(base.p, r);
  }
  const parts: ParseResult[] = [];
  const files: FileReport[] = [];
  for (const f of loaded) {
    if (f.format === 'nasr-apt-rwy') continue;
    const o: ParseOptions = { fileName: f.name, retrievedAt, layer: overrideFor(f.p, opts.layerOverrides) };
    try {
      const rwy = rwyFor.get(f.p);
      const result =
        f.format === 'tfr-xml' ? parseTfrXml(f.text, o)
        : f.format === 'udds-geojson' ? parseUddsGeoJson(f.text, o)
        : parseNasrAirports(f.text, { ...o, sourceId: `faa:nasr:${slug(f.name)}` }, rwy && { text: rwy.text, fileName: rwy.name });
      if (result.features.length === 0) throw new ImportError(f.name, 'holds no usable features');
      const coverage = fileCoverage(result.features, opts.region);
      parts.push({ ...result, source: { ...result.source, ...(coverage ? { coverage } : {}), ...(f.mtime ? { fileDate: f.mtime } : {}) } });
      const layers = [...new Set(result.features.map((x) => x.layer))];
      files.push({ path: f.p, format: f.format, layer: result.layer ?? (layers.length === 1 ? layers[0] : undefined), features: result.features.length, warnings: result.warnings });
    } catch (e) {
      errors.push(e instanceof ImportError ? e : new ImportError(f.name, `unexpected error: ${(e as Error).message}`));
    }
  }
  if (errors.length) throw new ImportFailure(errors);
  try {
    const { dataset, warnings } = buildDataset(parts, now);
    return { dataset, files, warnings };
  } catch (e) {
    throw new ImportFailure([e instanceof ImportError ? e : new ImportError('(dataset)', (e as Error).message)]);
  }
}

/** Imports FAA files into one dataset of kind 'faa' (see importFilesDetailed for the report). */
export async function importFiles(paths: string[], opts: ImportOptions = {}): Promise<DatasetFile> {
  return (await importFilesDetailed(paths, opts)).dataset;
}
