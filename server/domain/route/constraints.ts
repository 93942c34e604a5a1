/**
 * What the route may enter, decided by the briefing engine itself (assessArea over a cell or a
 * segment), so that a route and the briefing of its corridor never disagree. docs/route.md.
 */
import type { Dataset } from '../../data/dataset';
import type { FeatureGeometry } from '../../data/model';
import { assessArea, type BriefingOptions, type Evaluated } from '../briefing';
import { cellFacilities } from '../briefing/facility-map';

/** Something the route may not enter, named as the briefing names it. */
export interface Blocker {
  id: string;
  name: string;
  /** restricted: prohibited, FRZ, TFR, national-security (RESTRICTED); controlled: needs an authorization the caller did not allow (or LAANC cannot give). */
  kind: 'restricted' | 'controlled';
}

export interface Verdict {
  blocker: Blocker | null;
  /** Controlled airspace the route may enter with a LAANC authorization (only when the caller allows it). */
  controlled: boolean;
  /** LAANC facilities whose authorization entering this needs. */
  laancFacilities: string[];
}

export interface ConstraintOptions extends BriefingOptions {
  allowControlled: boolean;
}

export function judge(dataset: Dataset, geometry: FeatureGeometry, opts: ConstraintOptions): Verdict {
  return verdictOf(assessArea(dataset, geometry, { ...opts, includeGeometry: false }), opts);
}

/** The verdict on the engine's decisions for one geometry. */
export function verdictOf(evaluated: Evaluated[], opts: ConstraintOptions): Verdict {
  const laanc = new Set<string>();
  let controlled = false;
  for (const e of evaluated) {
    const f = e.features[0];
    const named = (kind: Blocker['kind']): Verdict => ({ blocker: { id: f?.id ?? 'unknown', name: e.notice.title ?? f?.name ?? 'restricted airspace', kind }, controlled, laancFacilities: [] });
    if (e.authorization === 'AUTHORIZATION_TYPE_RESTRICTED') return named('restricted');
    if (!e.controlled) continue;
    // Without LAANC (DroneZone only) no route can count on an authorization: such airspace blocks even when allowed.
    if (!opts.allowControlled || e.authorization !== 'AUTHORIZATION_TYPE_LAANC') return named('controlled');
    controlled = true;
    for (const feature of e.features) if (feature.layer === 'uasfm') for (const fac of cellFacilities(feature)) laanc.add(fac);
    if (!e.features.some((x) => x.layer === 'uasfm') && f) laanc.add(f.facility ?? f.ident ?? f.name);
  }
  return { blocker: null, controlled, laancFacilities: [...laanc].sort() };
}
