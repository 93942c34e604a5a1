/**
 * Aviation data (spec 4.6): the dataset's features of the asked types around a geometry, as GeoJSON.
 * Stadium points come buffered by 3 NM; airports within `bufferNm` (default 3) of the geometry;
 * airspace_schedule lists part-time controlled airspace anywhere (the spec: geometry has no bearing).
 */
import type { Feature } from '../../contract/common';
import type { Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry, Layer } from '../../data/model';
import type { Budget } from '../budget';
import { gapNm, roundNm, separationNm } from './geometry';
import { noticeGeometry, toSchedule } from './notice';
import { isPartTime } from './rules';
import { activity } from './time';

export type AviationType = 'controlled_airspace' | 'uasfm_ceiling' | 'sua' | 'washington_frz' | 'nsufr_pt' | 'nsufr_ft' | 'stadium' | 'airports' | 'airspace_schedule' | 'tfr';

/** Spec 4.6 / 8: the default airport buffer. */
export const DEFAULT_AIRPORT_BUFFER_NM = 3;

const LAYER_OF: Record<Exclude<AviationType, 'airspace_schedule'>, Layer> = {
  controlled_airspace: 'class_airspace',
  uasfm_ceiling: 'uasfm',
  sua: 'sua',
  washington_frz: 'washington_frz',
  nsufr_pt: 'nsufr',
  nsufr_ft: 'nsufr',
  stadium: 'stadium',
  airports: 'airport',
  tfr: 'tfr',
};

function matches(type: AviationType, f: AirspaceFeature): boolean {
  if (type === 'sua') return f.subtype === 'PROHIBITED' || f.subtype === 'RESTRICTED';
  if (type === 'nsufr_pt') return isPartTime(f);
  if (type === 'nsufr_ft') return !isPartTime(f);
  return true;
}

function toFeature(type: AviationType, f: AirspaceFeature, extra: Record<string, unknown> = {}): Feature {
  const props: Record<string, unknown> = {
    aviationType: type,
    id: f.id,
    name: f.name,
    ident: f.ident,
    subtype: f.subtype,
    lower: f.lower,
    upper: f.upper,
    ceilingFt: f.ceilingFt,
    laancEnabled: f.laancEnabled,
    facility: f.facility,
    description: f.description,
    authority: f.authority,
    sourceUrl: f.sourceUrl,
    schedule: toSchedule(f.schedule),
    events: f.events,
    ...extra,
  };
  return { type: 'Feature', id: f.id, geometry: noticeGeometry(f), properties: Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined)) };
}

export interface AviationOptions {
  bufferNm?: number;
  now: Date;
  /** The request's time budget, checked once per candidate feature. */
  budget?: Budget | undefined;
}

/**
 * One entry per airspace: the same SUA imported from two FAA files (P-51 is in both the Special Use
 * Airspace and the Prohibited Areas layers) shares its GLOBAL_ID, else its name and type.
 */
function airspaceKey(type: AviationType, f: AirspaceFeature): string {
  if (f.layer !== 'sua') return `${type}|${f.id}`;
  return typeof f.props?.globalId === 'string' ? `${type}|g:${f.props.globalId}` : `${type}|n:${f.name}|${f.subtype ?? ''}`;
}

export function aviationFeatures(dataset: Dataset, geometry: FeatureGeometry, types: readonly AviationType[], opts: AviationOptions): Feature[] {
  const seen = new Set<string>();
  const out: Feature[] = [];
  for (const { key, feature } of collect(dataset, geometry, types, opts)) {
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(feature);
  }
  return out;
}

function collect(dataset: Dataset, geometry: FeatureGeometry, types: readonly AviationType[], opts: AviationOptions): Array<{ key: string; feature: Feature }> {
  const buffer = opts.bufferNm ?? DEFAULT_AIRPORT_BUFFER_NM;
  const now = { start: opts.now, end: opts.now };
  const out: Array<{ key: string; feature: Feature }> = [];
  const push = (type: AviationType, f: AirspaceFeature, extra?: Record<string, unknown>) => out.push({ key: airspaceKey(type, f), feature: toFeature(type, f, extra) });
  for (const type of types) {
    if (type === 'airspace_schedule') {
      for (const f of dataset.ofLayers(['class_airspace'])) {
        if (f.schedule?.timesOfUse?.length || f.schedule?.text) push(type, f, { activeNow: activity(f, now).state === 'active' });
      }
      continue;
    }
    const reach = type === 'airports' ? buffer : type === 'stadium' ? 3 : 0;
    for (const f of dataset.searchNear(geometry, reach, [LAYER_OF[type]])) {
      opts.budget?.check();
      if (!matches(type, f)) continue;
      if (type === 'airports') {
        const inside = separationNm(geometry, f, 0) === 0;
        const d = inside ? 0 : gapNm(geometry, f.geometry, buffer);
        if (!inside && d > buffer) continue;
        push(type, f, { distanceNm: inside ? 0 : roundNm(d) });
        continue;
      }
      if (separationNm(geometry, f, 0) > 0) continue;
      if (type === 'tfr') {
        const state = activity(f, now).state;
        if (state === 'expired') continue;
        push(type, f, { active: state === 'active' });
        continue;
      }
      push(type, f, type === 'stadium' ? { radiusNm: 3 } : {});
    }
  }
  return out;
}
