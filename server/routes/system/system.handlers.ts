import type { Status } from '../../contract/system';
import { effectiveDateStated, sourceKind, validUntil, type DatasetFile, type DatasetSource } from '../../data/model';
import type { AppDeps } from '../../deps';
import { geometryBBox } from '../../data/dataset';
import { demSourceFor, demSourceName } from '../../data/dem-source';
import { airportModelSource } from '../../domain/elevation/airport-model';
import { storeStarting } from '../../store/deferred';
import { liveSourcesStatus } from '../../services/live/status';

/**
 * A source's date in words (docs/provenance.md): its effective date when the publisher states one; else
 * the file's own date, or when it was retrieved. Never a generation time passed off as the data's date.
 */
export function dateNote(s: DatasetSource, kind: DatasetFile['kind']): string {
  const day = (t: string) => t.replace(/\.000Z$/, 'Z');
  if (effectiveDateStated(s, kind)) return `effective ${day(s.effectiveDate)}`;
  if (s.fileDate) return `undated; file dated ${day(s.fileDate)}`;
  return `undated, retrieved at ${day(s.retrievedAt)}`;
}

/** A cycle-published source says when it stops being current (docs/provenance.md). */
const withValidUntil = (until: string | undefined) => (until ? { validUntil: until } : {});

/** The elevation source in force: the imported DEMs (where they cover) over the terrain model (docs/elevation.md). */
async function elevationStatus(deps: AppDeps): Promise<NonNullable<Status['elevation']>> {
  const model = airportModelSource(deps.datasets.current());
  try {
    const dems = await demSourceFor(deps.config.dataDir).entries();
    return {
      inForce: dems.length ? 'dem' : 'model',
      model,
      dems: dems.map((d) => ({
        name: d.name,
        source: demSourceName(d),
        bounds: d.bounds,
        resolutionDeg: d.resolutionDeg,
        ...(d.effectiveDate ? { effectiveDate: d.effectiveDate } : {}),
        importedAt: d.importedAt,
      })),
    };
  } catch (e) {
    // A broken index must not fail the status: elevation answers then come from the model, as said here.
    return { inForce: 'model', model, dems: [], error: `the DEM index could not be read: ${(e as Error).message}` };
  }
}

export async function serviceStatus(deps: AppDeps): Promise<Status> {
  const now = deps.now();
  const ds = deps.datasets.current();
  // While the store is still opening at start the status answers at once, saying so (not waiting for it).
  let storeOk = !storeStarting(deps.db);
  try {
    if (storeOk) await deps.db.query('SELECT 1');
  } catch {
    storeOk = false;
  }
  const elevation = await elevationStatus(deps);
  return {
    status: storeOk ? 'ok' : 'degraded',
    profile: deps.config.profile,
    time: now.toISOString(),
    store: { engine: deps.db.engine, ok: storeOk },
    dataset: {
      version: ds.version,
      kind: ds.kind,
      generatedAt: ds.generatedAt,
      features: ds.features.length,
      // Every source says whether it is FAA data (with its file and effective date) or generated.
      sources: ds.sources.map(({ live: _live, coverage, ...s }) => ({
        ...s,
        ...(coverage ? { coverage: { layers: coverage.layers, basis: coverage.basis, ...(coverage.area === 'national' ? {} : { bounds: geometryBBox(coverage.area) }) } } : {}),
        kind: sourceKind(s, ds.kind),
        effectiveDateStated: effectiveDateStated(s, ds.kind),
        dateNote: dateNote(s, ds.kind),
        ...withValidUntil(validUntil(s, ds.kind)),
        ageSeconds: Math.max(0, Math.round((now.getTime() - Date.parse(s.retrievedAt)) / 1000)),
      })),
    },
    elevation,
    ...(deps.config.tfrFeed || deps.config.chartSync ? { liveSources: await liveSourcesStatus(deps, storeOk) } : {}),
  };
}
