/**
 * The briefing pipeline: the flatbush bbox prefilter, exact separation per feature, time and
 * altitude awareness, the mapping table, folding (facility-map cells per facility, class airspace
 * sectors per airspace), Class G, and the overall status and authorization.
 */
import type { AuthorizationType, BriefingResult, Notice, NoticeStatus } from '../../contract/briefing';
import { geometryBBox, type BBox, type Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import type { Budget } from '../budget';
import { floorAglFt, hasMslFloor, isOverhead, type GroundMax } from './altitude';
import { cellFacilities, cellLaanc, facilityNotices, facilityOf, type CellHit } from './facility-map';
import { STADIUM_RADIUS_NM, farByBox, inputPlane, separationFrom } from './geometry';
import { coverageGaps, outsideCoverage } from './coverage';
import { endedCycleIn } from './currency';
import { liveDataNotices } from './live-data';
import { modelUncertainty } from './model-margin';
import { buildNotice, classGNotice, type NoticeContext } from './notice';
import { provenanceOf } from './provenance';
import { AUTHORIZATION_RANK, CLASS_G_OUTCOME, STATUS_RANK, classify } from './rules';
import { terrainOnce, type TerrainBound } from './terrain';
import { activityState, type ActivityState } from './time';
import type { Evaluated } from './types';

export interface AssessOptions extends NoticeContext {
  /** 0 for an area briefing (intersecting only); 2 for a location briefing (domain.md: nearby within 2 NM). */
  nearbyNm: number;
  /** Checked at the first candidate feature and every 16th after it: past its deadline the assessment stops (server/domain/budget.ts). */
  budget?: Budget | undefined;
  /** The DEM's highest ground under the input, from BriefingOptions.groundMaxFt; absent: the fallback below. */
  ground?: GroundMax | undefined;
  /** The airports' bound on the ground (terrain.ts), looked up on first need; shared with the caller's notes. */
  terrain?: (() => TerrainBound | undefined) | undefined;
}

/** domain.md: a location briefing lists airspace within 2 NM as nearby. */
export const NEARBY_NM = 2;

/** The request's budget is checked at the first candidate and every this many after it. */
const CHECK_EVERY = 16;

interface Hit extends CellHit {
  state: ActivityState;
}

function polygons(g: FeatureGeometry): number[][][][] {
  if (g.type === 'Polygon') return [g.coordinates];
  if (g.type === 'MultiPolygon') return g.coordinates;
  return [];
}

/**
 * Features of one designation fold into one notice: P-56 drawn as two polygons, a TFR and its outer
 * ring, the same prohibited area imported from two files.
 */
function sameDesignation(f: AirspaceFeature, state: ActivityState): string {
  return `${f.layer}|${f.subtype ?? ''}|${f.ident ?? f.id}|${state}`;
}

/** Sectors of one airspace (the shelves of a Class B) fold into one notice: the nearest, lowest one leads. */
function classKey(f: AirspaceFeature, laanc: boolean, state: ActivityState): string {
  return `${f.subtype ?? ''}|${f.facility ?? f.ident ?? f.name}|${laanc}|${state}`;
}

function foldGroup(members: Hit[], laanc: boolean, ctx: NoticeContext): Evaluated | null {
  members.sort((a, b) => a.distanceNm - b.distanceNm || floorAglFt(a.feature) - floorAglFt(b.feature) || a.feature.id.localeCompare(b.feature.id));
  const rep = members[0]!;
  const outcome = classify(rep.feature, rep.state, laanc);
  if (!outcome) return null;
  const polys = members.flatMap((m) => polygons(m.feature.geometry));
  const geometry: FeatureGeometry | undefined = members.length > 1 && polys.length > 0 ? { type: 'MultiPolygon', coordinates: polys } : undefined;
  const notice = buildNotice({ feature: rep.feature, outcome, distanceNm: rep.distanceNm, ctx, ...(geometry ? { geometry } : {}) });
  return { notice, outcome, authorization: outcome.authorization, controlled: outcome.controlled && rep.distanceNm === 0, features: members.map((m) => m.feature) };
}

/** Every notice for the input, unsorted, with the engine's decisions attached. */
export function assess(dataset: Dataset, input: FeatureGeometry, opts: AssessOptions): Evaluated[] {
  const ctx: NoticeContext = { window: opts.window, maxAltitudeFt: opts.maxAltitudeFt, includeGeometry: opts.includeGeometry };
  // Stadiums are indexed by their point: widen the prefilter by their radius; MTR bboxes already carry their corridor.
  // By index: the dataset's boxes (one Float64Array) prune the far candidates before their feature's
  // geometry and flat form are looked up (~230 of KBFI's 346).
  const ids = dataset.searchNearIds(input, opts.nearbyNm + STADIUM_RADIUS_NM);
  const features = dataset.features, boxes = dataset.boxArray();
  const hits: Hit[] = [];
  // MSL floors over ground no DEM covers: the airports near the flight bound it (docs/briefing-rules.md "Altitude").
  const terrain = opts.terrain ?? terrainOnce(dataset, input);
  const plane = inputPlane(input);
  for (let i = 0; i < ids.length; i++) {
    // The clock every CHECK_EVERY candidates (each costs about a microsecond): a read per candidate was ~5 % of a dense briefing.
    if (i % CHECK_EVERY === 0) opts.budget?.check();
    const f = features[ids[i]!]!;
    if (farByBox(plane, boxes, 4 * ids[i]!, f, opts.nearbyNm)) continue;
    if (f.layer !== 'uasfm' && isOverhead(f, opts.maxAltitudeFt, opts.ground, hasMslFloor(f) ? terrain()?.groundFt : undefined)) continue;
    const distanceNm = separationFrom(plane, f, opts.nearbyNm);
    if (distanceNm > opts.nearbyNm) continue;
    hits.push({ feature: f, distanceNm, state: activityState(f, opts.window) });
  }

  const cells = hits.filter((h) => h.feature.layer === 'uasfm');
  const laancCells = cells.filter((c) => cellLaanc(c.feature));
  // A loop, not flatMap into a Set: ~300 cells near a facility map made this line 6 % of a KBFI briefing.
  const laancFacilities = new Set<string>();
  for (const c of laancCells) for (const facility of cellFacilities(c.feature)) laancFacilities.add(facility);
  const laancGridHere = laancCells.some((c) => c.distanceNm === 0);
  const cellsHere = cells.filter((c) => c.distanceNm === 0);
  const facilitiesHere = new Set(cellsHere.map((c) => facilityOf(c.feature)));
  // A cell here that LAANC does not serve (on the airfield, FAA UDDS APTn_LAANC) makes the controlled
  // airspace here "not through LAANC" (LAANC authorizes by cell): the class notices, the popup, the check
  // and LAANC say the same (docs/briefing-rules.md, "One truth per place").
  const notLaancHere = cellsHere.some((c) => !cellLaanc(c.feature));
  const cellsNearby = cells.filter((c) => c.distanceNm > 0 && !facilitiesHere.has(facilityOf(c.feature)));
  // A facility map whose FAA cycle ended before the flight starts says so (currency.ts).
  const cycleEnded = (f: AirspaceFeature) => endedCycleIn(dataset, f, ctx.window);
  const out: Evaluated[] = [...facilityNotices(cellsHere, ctx, 'intersect', cycleEnded), ...facilityNotices(cellsNearby, ctx, 'lie within 2 NM of', cycleEnded)];

  const groups = new Map<string, { members: Hit[]; laanc: boolean }>();
  for (const h of hits) {
    const f = h.feature;
    if (f.layer === 'uasfm') continue;
    // Where the class airspace does not say, LAANC serves it when a LAANC-enabled grid of its facility
    // is near, or a LAANC-enabled grid covers the input itself (LAANC works only where facility maps exist).
    const laanc = f.layer === 'class_airspace' ? !(notLaancHere && h.distanceNm === 0) && (f.laancEnabled ?? (laancFacilities.has(facilityOf(f)) || laancGridHere)) : false;
    const key = f.layer === 'class_airspace' ? classKey(f, laanc, h.state) : sameDesignation(f, h.state);
    const g = groups.get(key) ?? { members: [], laanc };
    g.members.push(h);
    groups.set(key, g);
  }
  for (const { members, laanc } of groups.values()) {
    const e = members.length === 1 ? single(members[0]!, laanc, ctx) : foldGroup(members, laanc, ctx);
    if (e) out.push(e);
  }
  for (const e of out) e.notice.provenance = provenanceOf(dataset, e.features);
  // Where a layer's data does not reach, its absence says nothing (coverage.ts): a notice per layer, and
  // never Class G without class airspace data. Outside US airspace the one notice below says it all.
  const controlled = out.some((e) => e.controlled);
  const outside = controlled ? null : outsideCoverage(input, ctx);
  const gaps = outside ? { layers: [], evaluated: [] } : coverageGaps(dataset, input, ctx);
  out.push(...gaps.evaluated);
  if (!controlled) {
    // Near modelled (sandbox) controlled airspace the model is unsure: CAUTION instead of Class G.
    const unsure = modelUncertainty(dataset, input, ctx);
    if (unsure) {
      unsure.notice.provenance = provenanceOf(dataset, unsure.features);
      out.push(unsure);
    } else if (outside) {
      // No data here is not Class G: the sources that would have said something do not reach here.
      outside.notice.provenance = classAirspaceProvenance(dataset, geometryBBox(input));
      out.push(outside);
    } else if (gaps.layers.includes('class_airspace')) {
      // No class airspace data here: its notice stands instead of Class G.
    } else {
      // Class G is the absence of controlled airspace: its sources are those of the airspace layers looked at here.
      const looked = ids.map((i) => features[i]!).filter((f) => f.layer === 'class_airspace' || f.layer === 'uasfm');
      const notice = { ...classGNotice(ctx), provenance: looked.length ? provenanceOf(dataset, looked) : classAirspaceProvenance(dataset, geometryBBox(input)) };
      out.push({ notice, outcome: CLASS_G_OUTCOME, authorization: CLASS_G_OUTCOME.authorization, controlled: false, features: [] });
    }
  }
  // A live source past its promise (a stale TFR feed, TFRs whose area is unknown): CAUTION here, whatever else (live-data.ts).
  out.push(...liveDataNotices(dataset));
  return out;
}

/** Per dataset: each source of class airspace or facility maps, with one feature and the box its features span. */
const classSources = new WeakMap<Dataset, Map<string, { feature: AirspaceFeature; box: BBox }>>();

/**
 * The class-airspace and facility-map sources whose coverage (the box of their features) takes in the
 * input: where nothing controlled is near, these are the data that say so (a city's FAA file does not).
 */
function classAirspaceProvenance(dataset: Dataset, at: BBox): ReturnType<typeof provenanceOf> {
  let spans = classSources.get(dataset);
  if (!spans) {
    spans = new Map();
    dataset.features.forEach((f, i) => {
      if (f.layer !== 'class_airspace' && f.layer !== 'uasfm') return;
      const b = dataset.bbox(i);
      const s = spans!.get(f.sourceId);
      if (!s) spans!.set(f.sourceId, { feature: f, box: [...b] });
      else s.box = [Math.min(s.box[0], b[0]), Math.min(s.box[1], b[1]), Math.max(s.box[2], b[2]), Math.max(s.box[3], b[3])];
    });
    classSources.set(dataset, spans);
  }
  const covering = [...spans.values()].filter(({ box }) => box[0] <= at[0] && box[1] <= at[1] && box[2] >= at[2] && box[3] >= at[3]);
  return provenanceOf(dataset, (covering.length ? covering : [...spans.values()]).map((c) => c.feature));
}

function single(h: Hit, laanc: boolean, ctx: NoticeContext): Evaluated | null {
  const outcome = classify(h.feature, h.state, laanc);
  if (!outcome) return null;
  const notice = buildNotice({ feature: h.feature, outcome, distanceNm: h.distanceNm, ctx });
  return { notice, outcome, authorization: outcome.authorization, controlled: outcome.controlled && h.distanceNm === 0, features: [h.feature] };
}

/** Severity first (WARNING first), then distance, then title, so the order is stable. */
export function compareNotices(a: Notice, b: Notice): number {
  return (
    STATUS_RANK[b.status ?? 'NOTICE_STATUS_UNSPECIFIED'] - STATUS_RANK[a.status ?? 'NOTICE_STATUS_UNSPECIFIED'] ||
    (a.distance ?? 0) - (b.distance ?? 0) ||
    (a.title ?? '').localeCompare(b.title ?? '')
  );
}

/** Only notices at distance 0 count (domain.md); the most severe status and most restrictive authorization win. */
export function summarise(evaluated: Evaluated[]): BriefingResult {
  let status: NoticeStatus = 'NOTICE_STATUS_UNSPECIFIED';
  let authorizationType: AuthorizationType = 'AUTHORIZATION_TYPE_UNSPECIFIED';
  for (const e of evaluated) {
    if ((e.notice.distance ?? 0) > 0) continue;
    const s = e.notice.status ?? 'NOTICE_STATUS_UNSPECIFIED';
    if (STATUS_RANK[s] > STATUS_RANK[status]) status = s;
    if (AUTHORIZATION_RANK[e.authorization] > AUTHORIZATION_RANK[authorizationType]) authorizationType = e.authorization;
  }
  // Stale or unknown live data (live-data.ts): a TFR may need a waiver here unseen, so "not required" is unknown.
  if (authorizationType === 'AUTHORIZATION_TYPE_NOT_REQUIRED' && evaluated.some((e) => e.liveData)) authorizationType = 'AUTHORIZATION_TYPE_UNSPECIFIED';
  return { status, authorizationType, notices: evaluated.map((e) => e.notice).sort(compareNotices) };
}
