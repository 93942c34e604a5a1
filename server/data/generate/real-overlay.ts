/**
 * Real FAA data over the generated model (docs/dataset-sandbox.md, "Real FAA data over the model"):
 * inside the footprint of a real layer, the real features replace the generated ones.
 *
 * - Seattle facility map and class airspace (clipped by their publisher's copy to the city limits):
 *   generated uasfm and class_airspace features are cut along the union of the real ones (geometric
 *   difference), dropped when nothing is left, kept whole outside. Both layers are cut by the same
 *   footprint, so the generated remainder meets the real data edge to edge: no gap opens.
 * - Prohibited areas (a national file): every generated prohibited area goes.
 * - Washington SUA: every generated SUA in Washington State goes.
 * - DC FRZ and SFRA (NOTAM XML): the generated circles go.
 * - Airports and stadiums: a generated one at the same place (or with the same identifier) goes.
 *   Stadium events are generated per day, so mergeStadiumEvents() gives them to the real stadium.
 */
import { bbox as turfBbox, bboxClip, difference, distance, featureCollection, feature as turfFeature, union } from '@turf/turf';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { AirspaceFeature } from '../model';
import type { RealData } from './real-files';

/** Two points this close (NM) are the same airport or stadium (Lumen Field and T-Mobile Park are 0.2 NM apart). */
const SAME_PLACE_NM = 0.12;

type Areal = Polygon | MultiPolygon;
type BBox = [number, number, number, number];

const isAreal = (f: AirspaceFeature): f is AirspaceFeature & { geometry: Areal } => f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon';
const isReal = (f: AirspaceFeature) => f.sourceId.startsWith('faa:');

function boxOf(g: Areal): BBox {
  return turfBbox(g) as BBox;
}

function boxesMeet(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** The union of the real features' areas, or null when there are none. */
export function footprintOf(features: readonly AirspaceFeature[]): Feature<Areal> | null {
  // Area H, Mode C, E5 and E6 of the Seattle file share one outline: union each distinct geometry once.
  const distinct = new Map(features.filter(isAreal).map((f) => [JSON.stringify(f.geometry), f.geometry]));
  const areas = [...distinct.values()].map((g) => turfFeature(g));
  if (areas.length === 0) return null;
  if (areas.length === 1) return areas[0]!;
  return union(featureCollection(areas)) as Feature<Areal> | null;
}

/** A generated feature minus the footprint: the same feature on what is left, null when nothing is. */
function cut(f: AirspaceFeature & { geometry: Areal }, footprint: Feature<Areal>, box: BBox): AirspaceFeature | null {
  const own = boxOf(f.geometry);
  if (!boxesMeet(own, box)) return f;
  // Only the footprint within the feature's box can cut it; clipping first keeps the difference cheap.
  const pad = 1e-6;
  const local = bboxClip(footprint, [own[0] - pad, own[1] - pad, own[2] + pad, own[3] + pad]) as Feature<Areal>;
  const rest = difference(featureCollection([turfFeature(f.geometry), local]));
  if (!rest) return null;
  const same = JSON.stringify(rest.geometry) === JSON.stringify(f.geometry);
  return same ? f : { ...f, geometry: rest.geometry, props: { ...f.props, cutByRealData: true } };
}

function pointOf(f: AirspaceFeature): [number, number] | null {
  return f.geometry.type === 'Point' ? [f.geometry.coordinates[0]!, f.geometry.coordinates[1]!] : null;
}

function samePlace(a: AirspaceFeature, b: AirspaceFeature): boolean {
  const pa = pointOf(a), pb = pointOf(b);
  return !!pa && !!pb && distance(pa, pb, { units: 'nauticalmiles' }) <= SAME_PLACE_NM;
}

/** One feature per airspace: the same SUA in two FAA layers (P-51) shares its GLOBAL_ID. */
export function dedupeSua(features: readonly AirspaceFeature[]): AirspaceFeature[] {
  const seen = new Set<string>();
  return features.filter((f) => {
    if (f.layer !== 'sua') return true;
    const key = typeof f.props?.globalId === 'string' ? `g:${f.props.globalId}` : `n:${f.name}|${f.subtype ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One airspace, one feature: the part of a generated area left outside the real file's footprint (the
 * Seattle files are clipped to the city limits, Boeing Field's Class D reaches past them) joins the real
 * area of the same airport and class, when the file holds exactly one, as more polygons of it;
 * props.modelledSourceId names the generated source of those parts (provenance). An airspace the file
 * holds as several sectors (the SEA Class B) keeps its generated remainder apart, named as modelled.
 */
function joinReal(rest: AirspaceFeature & { geometry: Areal }, real: readonly AirspaceFeature[], joined: Map<string, AirspaceFeature>): boolean {
  const same = real.filter((r) => r.subtype === rest.subtype && r.facility !== undefined && r.facility === rest.facility && isAreal(r));
  if (same.length !== 1) {
    if (same.length > 1) {
      rest.name = `${rest.name}, modelled outside the FAA file's extent`;
      rest.props = { ...rest.props, modelledOutsideRealFile: true };
    }
    return false;
  }
  const target = (joined.get(same[0]!.id) ?? same[0]!) as AirspaceFeature & { geometry: Areal };
  const parts = (g: Areal) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates);
  joined.set(target.id, {
    ...target,
    geometry: { type: 'MultiPolygon', coordinates: [...parts(target.geometry), ...parts(rest.geometry)] },
    props: { ...target.props, modelledSourceId: rest.sourceId, modelledFrom: rest.id },
  });
  return true;
}

/** The generated features with the real ones laid over them (see the module comment). */
export function applyRealOverlay(generated: readonly AirspaceFeature[], real: RealData): AirspaceFeature[] {
  const realOf = (layer: AirspaceFeature['layer']) => real.features.filter((f) => f.layer === layer);
  const footprint = footprintOf([...realOf('uasfm'), ...realOf('class_airspace')]);
  const box = footprint ? boxOf(footprint.geometry) : null;
  const realSua = realOf('sua');
  const hasWashingtonSua = realSua.some((f) => f.props?.state === 'WA' && f.subtype !== 'PROHIBITED');
  const hasProhibited = realSua.some((f) => f.subtype === 'PROHIBITED');
  const realPoints = [...realOf('airport'), ...realOf('stadium')];
  const realIdents = new Set(realOf('airport').map((f) => f.ident).filter(Boolean));
  const replacedLayers = new Set(['washington_frz', 'washington_sfra'].filter((l) => realOf(l as AirspaceFeature['layer']).length > 0));

  const kept: AirspaceFeature[] = [];
  /** Real areas with the generated remainder of the same airspace joined to them, by id. */
  const joined = new Map<string, AirspaceFeature>();
  for (const f of generated) {
    if (isReal(f)) {
      kept.push(f);
      continue;
    }
    if (replacedLayers.has(f.layer)) continue;
    if (f.layer === 'sua' && hasProhibited && f.subtype === 'PROHIBITED') continue;
    if (f.layer === 'sua' && hasWashingtonSua && f.props?.state === 'WA') continue;
    if (f.layer === 'airport' && ((f.ident && realIdents.has(f.ident)) || realPoints.some((r) => r.layer === 'airport' && r.subtype === f.subtype && samePlace(r, f)))) continue;
    if ((f.layer === 'uasfm' || f.layer === 'class_airspace') && footprint && box && isAreal(f)) {
      const rest = cut(f, footprint, box);
      if (rest && rest !== f && f.layer === 'class_airspace' && joinReal(rest as AirspaceFeature & { geometry: Areal }, realOf('class_airspace'), joined)) continue;
      if (rest) kept.push(rest);
      continue;
    }
    kept.push(f);
  }
  return dedupeSua([...kept, ...real.features.map((f) => joined.get(f.id) ?? f)]);
}

/**
 * The generated stadiums (time-relative, with their events) against the real stadiums of the static
 * part: a generated stadium at a real one's place is dropped and its events go to the real stadium
 * (the FAA layer has no event times), marked as generated in props.eventsSourceId.
 */
export function mergeStadiumEvents(staticFeatures: readonly AirspaceFeature[], live: readonly AirspaceFeature[]): { static: AirspaceFeature[]; live: AirspaceFeature[] } {
  const realStadiums = staticFeatures.filter((f) => f.layer === 'stadium' && isReal(f));
  if (realStadiums.length === 0) return { static: [...staticFeatures], live: [...live] };
  const merged = new Map<string, AirspaceFeature>();
  const keptLive: AirspaceFeature[] = [];
  for (const f of live) {
    const real = f.layer === 'stadium' ? nearest(realStadiums.filter((r) => samePlace(r, f)), f) : undefined;
    if (!real) {
      keptLive.push(f);
      continue;
    }
    const prior = merged.get(real.id);
    const events = [...(prior?.events ?? []), ...(f.events ?? [])];
    merged.set(real.id, { ...real, ...(events.length ? { events } : {}), props: { ...real.props, eventsSourceId: f.sourceId, eventsFrom: f.name } });
  }
  // A stored static part may carry yesterday's events on a real stadium: they are replaced, never kept.
  const statics = staticFeatures.map((f) => merged.get(f.id) ?? (f.layer === 'stadium' && isReal(f) && f.events ? stripEvents(f) : f));
  return { static: statics, live: keptLive };
}

function nearest(list: AirspaceFeature[], to: AirspaceFeature): AirspaceFeature | undefined {
  const p = pointOf(to)!;
  return list.sort((a, b) => distance(pointOf(a)!, p) - distance(pointOf(b)!, p))[0];
}

function stripEvents(f: AirspaceFeature): AirspaceFeature {
  const out = { ...f, props: { ...f.props } };
  delete out.events;
  delete out.props.eventsSourceId;
  delete out.props.eventsFrom;
  return out;
}
