/**
 * Where a notice's data comes from (docs/provenance.md): each feature names its source; the source
 * says whether it is an FAA file (which one, and the effective date it states) or generated data.
 */
import type { DataProvenance } from '../../contract/briefing';
import type { Dataset } from '../../data/dataset';
import { effectiveDateStated, sourceKind, type AirspaceFeature, type DatasetSource } from '../../data/model';

type Sources = Pick<Dataset, 'sources' | 'kind'>;

function one(dataset: Sources, id: string): DataProvenance {
  const s: DatasetSource | undefined = dataset.sources.find((x) => x.id === id);
  if (!s) {
    // A feature whose source is not listed: say so rather than guess that it is FAA data.
    return { kind: dataset.kind === 'faa' ? 'faa' : 'generated', sourceId: id, name: `${id} (source not listed in the dataset)` };
  }
  const kind = sourceKind(s, dataset.kind);
  const stated = effectiveDateStated(s, dataset.kind);
  return {
    kind,
    sourceId: s.id,
    name: kind === 'generated' ? `${s.name} — generated (sandbox)` : s.name,
    ...(s.file ? { file: s.file } : {}),
    ...(stated ? { effectiveDate: s.effectiveDate } : {}),
  };
}

/** The sources behind some features, the first feature's first, each once. */
export function provenanceOf(dataset: Sources, features: readonly AirspaceFeature[]): DataProvenance[] {
  const ids: string[] = [];
  for (const f of features) {
    ids.push(f.sourceId);
    // A real stadium carries events the sandbox generated for it.
    if (typeof f.props?.eventsSourceId === 'string') ids.push(f.props.eventsSourceId);
  }
  return [...new Set(ids)].map((id) => one(dataset, id));
}
