/**
 * Where a notice's data comes from (docs/provenance.md): each feature names its source; the source
 * says whether it is an FAA file (which one, and the effective date it states) or generated data.
 */
import type { DataProvenance } from '../../contract/briefing';
import type { Dataset } from '../../data/dataset';
import { keep } from './answer-json';
import { effectiveDateStated, sourceKind, validUntil, type AirspaceFeature, type DatasetSource } from '../../data/model';

type Sources = Pick<Dataset, 'sources' | 'kind'>;

function one(dataset: Sources, id: string): DataProvenance {
  const s: DatasetSource | undefined = dataset.sources.find((x) => x.id === id);
  if (!s) {
    // A feature whose source is not listed: say so rather than guess that it is FAA data.
    return { kind: dataset.kind === 'faa' ? 'faa' : 'generated', sourceId: id, name: `${id} (source not listed in the dataset)` };
  }
  const kind = sourceKind(s, dataset.kind);
  const stated = effectiveDateStated(s, dataset.kind);
  const until = validUntil(s, dataset.kind);
  return {
    kind,
    sourceId: s.id,
    name: kind === 'generated' ? `${s.name} — generated (sandbox)` : s.name,
    ...(s.file ? { file: s.file } : {}),
    ...(stated ? { effectiveDate: s.effectiveDate } : {}),
    ...(until ? { validUntil: until } : {}),
  };
}

/**
 * Per dataset, the provenance of each list of sources asked for (a few dozen lists: the sources are few),
 * kept and frozen (answer-json.ts `keep`): every notice on the same sources shares one list and its text.
 */
const kept = new WeakMap<Sources, Map<string, DataProvenance[]>>();
/** Lists kept per dataset at most; past it (never seen: a dataset has tens of sources) lists are made per call. */
const MAX_KEPT = 1000;

/** The sources behind some features, the first feature's first, each once (a shared, frozen list). */
export function provenanceOf(dataset: Sources, features: readonly AirspaceFeature[]): DataProvenance[] {
  const ids = new Set<string>();
  for (const f of features) {
    ids.add(f.sourceId);
    // A real stadium carries events the sandbox generated for it.
    if (typeof f.props?.eventsSourceId === 'string') ids.add(f.props.eventsSourceId);
    // A real area with the generated remainder of the same airspace past the FAA file's extent (real-overlay.ts).
    if (typeof f.props?.modelledSourceId === 'string') ids.add(f.props.modelledSourceId);
  }
  let byIds = kept.get(dataset);
  if (!byIds) kept.set(dataset, (byIds = new Map()));
  const key = [...ids].join('\n');
  let list = byIds.get(key);
  if (!list) {
    list = [...ids].map((id) => one(dataset, id));
    if (byIds.size >= MAX_KEPT) return list;
    byIds.set(key, keep(list));
  }
  return list;
}
