/**
 * Where the airspace is a model, its edges are uncertain. The sandbox generator draws class airspace
 * and facility-map grids from rules of thumb (docs/dataset-model-accuracy.md); a real area can reach a
 * little past the modelled one, and a real grid can exist where a modelled shelf is overhead. So a place
 * within MODEL_MARGIN_NM of modelled controlled airspace, at any altitude, never briefs CLEAR_TO_FLY: it
 * gets a CAUTION notice that asks for the authorization the modelled airspace would need. Imported FAA
 * data is not a model and keeps its exact boundaries.
 */
import { expandBBox, geometryBBox, type Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import { cellLaanc, facilityOf } from './facility-map';
import { separationNm } from './geometry';
import { buildNotice, type NoticeContext } from './notice';
import { classify } from './rules';
import type { Evaluated } from './types';

/** How far past a modelled boundary the model is treated as unsure (about one facility-map cell). */
export const MODEL_MARGIN_NM = 1;

/** Every source the sandbox generator writes is named sandbox-*; imported FAA sources are faa:*. */
const MODEL_SOURCE = /^sandbox-/;

/** Controlled airspace or a facility-map cell that the sandbox modelled rather than read from the FAA. */
export function isModelledControlled(f: AirspaceFeature): boolean {
  return (f.layer === 'class_airspace' || f.layer === 'uasfm') && MODEL_SOURCE.test(f.sourceId);
}

/**
 * Modelled controlled airspace within MODEL_MARGIN_NM of the input, at any altitude, nearest first (ties
 * by id): what the briefing's CAUTION below rests on, and what LAANC warns of where no cell covers an
 * operation (server/domain/laanc/candidates.ts, docs/briefing-rules.md "Audit 2026-11-28").
 */
export function modelledNear(dataset: Dataset, input: FeatureGeometry): { feature: AirspaceFeature; distanceNm: number }[] {
  return dataset
    .search(expandBBox(geometryBBox(input), MODEL_MARGIN_NM), ['class_airspace', 'uasfm'])
    .filter(isModelledControlled)
    .map((feature) => ({ feature, distanceNm: separationNm(input, feature, MODEL_MARGIN_NM) }))
    .filter((h) => h.distanceNm <= MODEL_MARGIN_NM)
    .sort((a, b) => a.distanceNm - b.distanceNm || a.feature.id.localeCompare(b.feature.id));
}

/**
 * The CAUTION notice for a place near modelled controlled airspace, or null when none is within the
 * margin. The caller uses it in place of Class G.
 */
export function modelUncertainty(dataset: Dataset, input: FeatureGeometry, ctx: NoticeContext): Evaluated | null {
  const near = modelledNear(dataset, input);
  const rep = near[0]?.feature;
  if (!rep) return null;
  const laanc = rep.layer === 'uasfm' ? cellLaanc(rep) : rep.laancEnabled !== false;
  const base = classify(rep, 'active', laanc)!;
  const outcome = { ...base, status: 'NOTICE_STATUS_CAUTION' as const, controlled: true };
  const what = near[0]!.distanceNm === 0 ? 'overhead or around this place' : `${near[0]!.distanceNm.toFixed(1)} NM from this place`;
  const description =
    `The sandbox models the controlled airspace of ${facilityOf(rep)} (${rep.name}) ${what}; its modelled boundaries and altitudes ` +
    `are approximations, so this place is treated as controlled: get authorization as you would inside it, or check the FAA's ` +
    `published facility map before flying.`;
  const notice = buildNotice({ feature: rep, outcome, distanceNm: 0, ctx, title: `Modelled airspace of ${facilityOf(rep)}: boundary uncertain`, description });
  return { notice, outcome, authorization: outcome.authorization, controlled: true, features: near.map((h) => h.feature), modelMargin: true };
}
