/**
 * npm run data:sync -- [--no-activate] [--only <key,key…>] [--bbox <w,s,e,n>]
 * Pulls the FAA's UDDS/ADDS layers from their public ArcGIS feature services, builds an 'faa' dataset
 * and (unless --no-activate) activates it. A service that fails keeps the last good data: the
 * previously active dataset's features of that service (or, if the previous data came from a file
 * import, of that layer), with their old retrieval time, so freshness stays truthful. Layers the sync
 * does not manage (TFRs, the DC FRZ/SFRA from tfr.faa.gov XML) are carried over from the previous
 * 'faa' dataset. A 'sandbox' (generated) dataset is never mixed into real data.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileRepository, openDatasetRepository, type DatasetRepository } from '../dataset-store';
import type { AirspaceFeature, DatasetFile, DatasetSource } from '../model';
import { fetchFeatureLayer, type FetchLayerOptions } from './arcgis';
import type { ParseResult } from './common';
import { fileCoverage } from '../coverage';
import { buildDataset } from './import-files';
import { parseUddsGeoJson, type UddsLayer } from './udds-geojson';

export interface SyncService {
  key: string;
  layer: UddsLayer;
  /** Service name under <base>/<name>/FeatureServer/0. */
  service: string;
  base: 'udds' | 'adds';
  partTime?: boolean;
  pageSize?: number;
}

/** The FAA's ArcGIS organisation that publishes both UDDS and ADDS layers. */
export const FAA_ARCGIS_BASE = 'https://services6.arcgis.com/ssFJjBXIUyZDrSYZ/arcgis/rest/services';

/**
 * Service names as public FAA-data clients use them. Special_Use_Airspace already holds the prohibited
 * areas, so Prohibited_Areas is not pulled as well (it would duplicate them). Each URL can be replaced
 * with FAA_SYNC_<KEY>_URL (a full .../FeatureServer/0 URL).
 */
export const SYNC_SERVICES: readonly SyncService[] = [
  { key: 'uasfm', layer: 'uasfm', service: 'FAA_UAS_FacilityMap_Data', base: 'udds', pageSize: 2000 },
  { key: 'class_airspace', layer: 'class_airspace', service: 'Class_Airspace', base: 'adds', pageSize: 250 },
  { key: 'sua', layer: 'sua', service: 'Special_Use_Airspace', base: 'adds', pageSize: 500 },
  { key: 'nsufr', layer: 'nsufr', service: 'DoD_Mar_13', base: 'udds', partTime: false },
  { key: 'nsufr_part_time', layer: 'nsufr', service: 'Part_Time_National_Security_UAS_Flight_Restrictions', base: 'udds', partTime: true },
  { key: 'stadium', layer: 'stadium', service: 'Stadiums', base: 'adds' },
  { key: 'recreational_flyer_fixed_site', layer: 'recreational_flyer_fixed_site', service: 'Recreational_Flyer_Fixed_Sites', base: 'udds' },
  { key: 'airport', layer: 'airport', service: 'US_Airport', base: 'adds' },
];

export function serviceUrl(s: SyncService, env: NodeJS.ProcessEnv): string {
  const own = env[`FAA_SYNC_${s.key.toUpperCase()}_URL`];
  if (own) return own;
  const base = (s.base === 'udds' ? env.FAA_UDDS_BASE_URL : env.FAA_ADDS_BASE_URL) || FAA_ARCGIS_BASE;
  return `${base.replace(/\/+$/, '')}/${s.service}/FeatureServer/0`;
}

export const sourceIdOf = (s: SyncService) => `faa:arcgis:${s.service}`;

export interface SyncOptions {
  dataDir: string;
  /** Where the previous dataset is read and the new one written; default DATA_DIR's files. */
  repository?: DatasetRepository;
  now?: Date;
  activate?: boolean;
  env?: NodeJS.ProcessEnv;
  services?: readonly SyncService[];
  fetch?: FetchLayerOptions;
  log?: (line: string) => void;
}

export interface SyncLayerResult {
  key: string;
  url: string;
  status: 'ok' | 'kept' | 'failed';
  features: number;
  pages?: number;
  retries?: number;
  error?: string;
}

export interface SyncResult {
  layers: SyncLayerResult[];
  dataset?: DatasetFile;
  written?: string;
  warnings: string[];
}

/** Previous features grouped into parts with their previous sources (or a stand-in if it is missing). */
function partsOf(features: AirspaceFeature[], previous: DatasetFile): ParseResult[] {
  const bySource = new Map<string, AirspaceFeature[]>();
  for (const f of features) bySource.set(f.sourceId, [...(bySource.get(f.sourceId) ?? []), f]);
  return [...bySource].map(([id, list]) => {
    const source: DatasetSource = previous.sources.find((s) => s.id === id) ?? {
      id, name: id, version: previous.version, effectiveDate: previous.generatedAt, retrievedAt: previous.generatedAt,
      attribution: 'FAA', licence: 'Public domain (US Government work, 17 U.S.C. 105)',
    };
    return { features: list, source, warnings: [] };
  });
}

/** The last good data for a failed service: its own features, else (file-imported data) its layer's. */
function lastGood(prev: DatasetFile | null, s: SyncService, all: readonly SyncService[]): AirspaceFeature[] {
  if (!prev) return [];
  const own = prev.features.filter((f) => f.sourceId === sourceIdOf(s));
  if (own.length) return own;
  const otherSync = new Set(all.filter((o) => o !== s).map(sourceIdOf));
  return prev.features.filter(
    (f) => f.layer === s.layer && !otherSync.has(f.sourceId) && (s.layer !== 'nsufr' || Boolean(f.props?.partTime) === Boolean(s.partTime)),
  );
}

export async function syncFaa(opts: SyncOptions): Promise<SyncResult> {
  const env = opts.env ?? process.env;
  const now = opts.now ?? new Date();
  const services = opts.services ?? SYNC_SERVICES;
  const log = opts.log ?? (() => {});
  const warnings: string[] = [];
  const repo = opts.repository ?? fileRepository(opts.dataDir);
  let previous: DatasetFile | null = null;
  try {
    previous = await repo.readActive();
  } catch (e) {
    warnings.push(`the active dataset could not be read (${(e as Error).message}); nothing can be kept from it`);
  }
  if (previous && previous.kind !== 'faa') {
    warnings.push(`the active dataset is a ${previous.kind} dataset; none of it is carried into FAA data`);
    previous = null;
  }
  const parts: ParseResult[] = [];
  const layers: SyncLayerResult[] = [];
  for (const s of services) {
    const url = serviceUrl(s, env);
    log(`${s.key}: fetching ${url}`);
    try {
      const got = await fetchFeatureLayer(url, { pageSize: s.pageSize, ...opts.fetch, log: (l) => log(`${s.key}: ${l}`) });
      const part = parseUddsGeoJson(got.collection, {
        fileName: s.service, retrievedAt: now.toISOString(), layer: s.layer, partTime: s.partTime, sourceId: sourceIdOf(s), url,
      });
      // A national sync is complete for its layer everywhere; one limited to a box, within the box.
      const coverage = fileCoverage(part.features, opts.fetch?.bbox ?? 'national');
      parts.push(coverage ? { ...part, source: { ...part.source, coverage: { ...coverage, basis: 'sync' } } } : part);
      warnings.push(...part.warnings.map((w) => `${s.key}: ${w}`));
      layers.push({ key: s.key, url, status: 'ok', features: part.features.length, pages: got.pages, retries: got.retries });
    } catch (e) {
      const kept = lastGood(previous, s, services);
      if (previous && kept.length) parts.push(...partsOf(kept, previous));
      layers.push({ key: s.key, url, status: kept.length ? 'kept' : 'failed', features: kept.length, error: (e as Error).message });
    }
  }
  if (!layers.some((l) => l.status === 'ok')) return { layers, warnings: [...warnings, 'no service could be read; nothing was written'] };
  if (previous) {
    // Layers this sync does not manage (e.g. TFRs and the DC FRZ/SFRA) stay as they were.
    const managed = new Set<string>(services.map((s) => s.layer));
    const covered = new Set(parts.map((p) => p.source.id));
    const carried = previous.features.filter((f) => !managed.has(f.layer) && !covered.has(f.sourceId));
    parts.push(...partsOf(carried, previous));
  }
  const built = buildDataset(parts, now);
  warnings.push(...built.warnings);
  const written = await repo.write(built.dataset, { activate: opts.activate ?? true });
  return { layers, dataset: built.dataset, written, warnings };
}

export function parseSyncArgs(argv: string[]): { activate: boolean; only?: string[]; bbox?: [number, number, number, number] } {
  const out: { activate: boolean; only?: string[]; bbox?: [number, number, number, number] } = { activate: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--no-activate') out.activate = false;
    else if (a === '--only') out.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (a === '--bbox') {
      const box = (argv[++i] ?? '').split(',').map(Number);
      if (box.length !== 4 || box.some((n) => !Number.isFinite(n))) throw new Error('--bbox needs west,south,east,north');
      out.bbox = box as [number, number, number, number];
    } else throw new Error(`unknown argument ${a}\nusage: npm run data:sync -- [--no-activate] [--only key,key] [--bbox w,s,e,n]`);
  }
  const unknown = out.only?.filter((k) => !SYNC_SERVICES.some((s) => s.key === k)) ?? [];
  if (unknown.length) throw new Error(`unknown --only key(s) ${unknown.join(', ')}; known: ${SYNC_SERVICES.map((s) => s.key).join(', ')}`);
  return out;
}

async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parseSyncArgs>;
  try {
    args = parseSyncArgs(argv);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const services = args.only ? SYNC_SERVICES.filter((s) => args.only!.includes(s.key)) : SYNC_SERVICES;
  const dataDir = path.resolve(process.env.DATA_DIR || '.data');
  // With DATABASE_URL the dataset goes to the database, where every instance picks it up.
  const repository = await openDatasetRepository(process.env, dataDir);
  const result = await syncFaa({
    dataDir, repository, activate: args.activate, services,
    fetch: args.bbox ? { bbox: args.bbox } : {}, log: (l) => console.log(l),
  }).finally(() => repository.close());
  for (const l of result.layers) {
    console.log(`${l.key.padEnd(30)} ${l.status.padEnd(6)} ${String(l.features).padStart(7)}${l.error ? `  (${l.error})` : ''}`);
  }
  for (const w of result.warnings) console.log(`warning: ${w}`);
  if (!result.written) return 1;
  console.log(`Dataset ${result.dataset!.version} written to ${result.written}${args.activate ? ' and activated' : ' (not activated)'}.`);
  return result.layers.every((l) => l.status === 'ok') ? 0 : 3;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (e: Error) => { console.error(`sync failed: ${e.message}`); process.exitCode = 1; },
  );
}
