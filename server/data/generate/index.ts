/**
 * The deterministic sandbox airspace dataset for the whole United States.
 *
 * Two parts. The static part (airports, class airspace, facility-map grid, special airspace, parks,
 * advisories) depends only on the generator version and the installed airport data; it is written to
 * DATA_DIR once and reused. The time-relative part (stadium events, TFRs, NOTAMs) is recomputed for
 * the UTC day of `now` every time the dataset is loaded, in milliseconds, so a sandbox always has live
 * cases. Its features carry props.timeRelative = true, which is how a load strips yesterday's copy.
 * See docs/dataset-sandbox.md.
 */
import path from 'node:path';
import { rfc7946 } from '../../domain/geometry/rfc7946';
import { readActiveDataset, writeDataset, type DatasetFileOptions } from '../dataset-files';
import type { AirspaceFeature, DatasetFile, DatasetSource } from '../model';
import { airportPackageVersion, loadAirportDb } from './airports-db';
import { buildAirports } from './airports-layer';
import { buildClassAirspace } from './class-airspace';
import { buildLandAreas } from './land-areas';
import { buildLiveNotices } from './live-notices';
import { applyRealOverlay, mergeStadiumEvents } from './real-overlay';
import { SHIPPED_FAA_FILES, loadShippedFaaData } from './real-files';
import { liveSources, staticSources } from './sources';
import { buildSpecialAirspace } from './special-areas';
import { buildStadiums } from './stadium-events';
import { dayStamp, iso, utcDayStart } from './time';
import { buildFacilityMapCells } from './uasfm';

/** Bump whenever generated content changes: a stored sandbox of another version is regenerated. */
export const GENERATOR_VERSION = 'g4';

/** The source whose version records the generator version of a stored static part. */
const GENERATOR_SOURCE_ID = 'sandbox-class-airspace';
const LIVE_SOURCE_IDS = new Set(['sandbox-stadiums', 'sandbox-live']);

export interface StaticPart {
  generatedAt: string;
  sources: DatasetSource[];
  features: AirspaceFeature[];
}

export interface GenerateOptions {
  /**
   * Lay the FAA files shipped in data/faa over the model (real-overlay.ts); default true. Off, the
   * dataset is the model alone, which is how the model's own fidelity is measured.
   */
  realOverlay?: boolean;
}

/** The expensive part (seconds): everything that does not depend on the time of day. */
export async function generateStaticPart(now: Date, opts: GenerateOptions = {}): Promise<StaticPart> {
  const db = await loadAirportDb();
  const generatedAt = iso(now);
  const classes = buildClassAirspace(db.airports);
  const model = [
    ...buildAirports(db.airports),
    ...classes.features,
    ...buildFacilityMapCells(classes.surfaces, db.airports),
    ...buildSpecialAirspace(),
    ...buildLandAreas(db.airports),
  ];
  const sources = staticSources({
    generatorVersion: GENERATOR_VERSION, airportPackageVersion: db.packageVersion, airportDataDate: db.dataDate, staticGeneratedAt: generatedAt,
  });
  if (opts.realOverlay === false) return { generatedAt, sources, features: model };
  const real = loadShippedFaaData(generatedAt);
  return { generatedAt, sources: [...sources, ...real.sources], features: applyRealOverlay(model, real) };
}

/** The cheap part (milliseconds): stadium events, TFRs and NOTAMs for the UTC day of `now`. */
export function generateTimeRelativePart(now: Date): { sources: DatasetSource[]; features: AirspaceFeature[] } {
  return { sources: liveSources(GENERATOR_VERSION, utcDayStart(now)), features: [...buildStadiums(now), ...buildLiveNotices(now)] };
}

function airportVersionOf(sources: readonly DatasetSource[]): string | undefined {
  return sources.find((s) => s.id === 'ourairports')?.version;
}

/** Changes with the generator, the airport data and the UTC day, i.e. whenever any feature can. */
function datasetVersion(airportVersion: string, now: Date): string {
  return `sandbox-${GENERATOR_VERSION}-a${airportVersion}-${dayStamp(utcDayStart(now))}`;
}

function assemble(part: StaticPart, now: Date): DatasetFile {
  const generated = generateTimeRelativePart(now);
  // Real stadiums of the static part take the events generated for the same venue.
  const stadiums = mergeStadiumEvents(part.features, generated.features);
  const live = { sources: generated.sources, features: stadiums.live };
  return {
    format: 'skyplan-airspace-dataset',
    formatVersion: 1,
    version: datasetVersion(airportVersionOf(part.sources) ?? 'unknown', now),
    generatedAt: part.generatedAt,
    kind: 'sandbox',
    sources: [...part.sources, ...live.sources],
    // RFC 7946 once, at generation: right-hand-rule rings, 7 decimals (domain/geometry/rfc7946.ts).
    features: [...stadiums.static, ...live.features].map((f) => ({ ...f, geometry: rfc7946(f.geometry) })),
  };
}

/** The whole sandbox dataset for `now`; the same `now` (and installed data) gives the same output. */
export async function generateSandboxDataset(opts: { now: Date } & GenerateOptions): Promise<DatasetFile> {
  return assemble(await generateStaticPart(opts.now, opts), opts.now);
}

/**
 * Replaces the time-relative features of a sandbox dataset with those for `now`. The service can call
 * it on a timer (once per UTC day is enough) and swap the result in; the version changes with the day.
 */
export function refreshTimeRelative(file: DatasetFile, now: Date): DatasetFile {
  if (file.kind !== 'sandbox') return file;
  const part: StaticPart = {
    generatedAt: file.generatedAt,
    sources: file.sources.filter((s) => !LIVE_SOURCE_IDS.has(s.id)),
    features: file.features.filter((f) => f.props?.timeRelative !== true),
  };
  return assemble(part, now);
}

/**
 * Whether a stored sandbox was made by this generator from the installed airport data, with the FAA
 * files laid over it (a model-only file, written for measuring the model, is never served).
 */
export function isCurrentSandbox(file: Pick<DatasetFile, 'kind' | 'sources'>): boolean {
  return file.kind === 'sandbox'
    && file.sources.find((s) => s.id === GENERATOR_SOURCE_ID)?.version === GENERATOR_VERSION
    && airportVersionOf(file.sources) === airportPackageVersion()
    && SHIPPED_FAA_FILES.every((f) => file.sources.some((s) => s.kind === 'faa' && s.file === path.basename(f.path)));
}

/**
 * The dataset the service starts on. An imported FAA dataset is returned as is. A current sandbox is
 * reused with its time-relative part recomputed for `now`. Otherwise (none yet, or an older generator)
 * a sandbox is generated, written and activated.
 */
export async function ensureSandboxDataset(dataDir: string, now: Date, opts: DatasetFileOptions = {}): Promise<DatasetFile> {
  const active = await readActiveDataset(dataDir, opts);
  if (active?.kind === 'faa') return active;
  if (active && isCurrentSandbox(active)) return refreshTimeRelative(active, now);
  const file = await generateSandboxDataset({ now });
  await writeDataset(dataDir, file, { activate: true, ...opts });
  return file;
}
