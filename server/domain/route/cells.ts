/**
 * The route's cell verdicts in bulk. The briefing engine's verdict on a hexagon depends only on the
 * features the hexagon touches (and, near modelled airspace, on the modelled features within the
 * model margin, nearest first): docs/route.md ("Judging cells in bulk"). So the region's features are
 * fetched from the dataset once per request into a small local index, each cell is matched against
 * them with the engine's own exact test (separationNm), and the engine itself runs once per distinct
 * set of features touched: the other cells with the same set get the same verdict. Cells outside the
 * fetched area, and requests the shortcut cannot serve (a box across 180°), go to the engine one by one
 * as before. With a DEM (the route handler passes the imported DEMs' ground as the briefings get it) the
 * DEM's ground under a cell is part of its key wherever an MSL floor is near. A cell that touches
 * something restricted is therefore still blocked,
 * and one partly inside a lower facility-map ceiling still gets that ceiling's verdict: the engine
 * decides, on the same features.
 */
import Flatbush from 'flatbush';
import { cellToBoundary } from 'h3-js';
import { booleanPointInPolygon } from '@turf/turf';
import type { Point, Polygon } from 'geojson';
import { expandBBox, featureBBox, geometryBBox, type BBox, type Dataset } from '../../data/dataset';
import type { AirspaceFeature } from '../../data/model';
import { assessArea, DEFAULT_MAX_ALTITUDE_FT } from '../briefing';
import { hasMslFloor, isOverhead } from '../briefing/altitude';
import { terrainBound } from '../briefing/terrain';
import { cellFacilities, cellLaanc, facilityOf } from '../briefing/facility-map';
import { gapNm, reachNm, separationNm, STADIUM_RADIUS_NM } from '../briefing/geometry';
import { isModelledControlled, MODEL_MARGIN_NM } from '../briefing/model-margin';
import { judge, verdictOf, type ConstraintOptions, type Verdict } from './constraints';

/** Cells whose centre lies in the search region reach about one edge beyond it: 10 km covers resolution 5's (~8.5 km). */
const EDGE_KM = 10;
const KM_PER_DEG = 111.2;

/**
 * What of a feature the engine's verdict reads. A facility-map cell counts by what it says (facility,
 * LAANC, the facilities it serves, its ceiling and name), not by which square it is: the engine folds
 * a facility's cells into one notice whose decisions rest on exactly these, so hexagons astride
 * different squares of the same grid share one verdict. Anything else counts as itself (`own`).
 */
function signature(f: AirspaceFeature, own: string): string {
  if (f.layer !== 'uasfm') return own;
  return `u:${JSON.stringify([facilityOf(f), cellLaanc(f), cellFacilities(f), f.ceilingFt ?? 0, f.name])}`;
}

/**
 * A shared verdict named for this hexagon: a facility-map blocker is named by a square of the same
 * signature that this hexagon touches (the nearest modelled feature for the model margin), not by the
 * square of the hexagon the engine judged. Same title, facility and ceiling; another square's id.
 */
function named(v: Verdict, own: Map<string, string>, dataset: Dataset): Verdict {
  const f = v.blocker ? dataset.get(v.blocker.id) : undefined;
  if (!v.blocker || !f || f.layer !== 'uasfm') return v;
  const id = own.get(`near:${signature(f, '')}`) ?? own.get(signature(f, ''));
  return id && id !== v.blocker.id ? { ...v, blocker: { ...v.blocker, id } } : v;
}

/** A hexagon's centre, and its reach: the farthest vertex on the engine's plane (flat-geometry.ts). */
function hexCentre(hex: Polygon): { point: Point; reachNm: number } {
  const ring = hex.coordinates[0]!;
  const n = ring.length - 1;
  let lon = 0, lat = 0;
  for (let k = 0; k < n; k++) {
    lon += ring[k]![0]!;
    lat += ring[k]![1]!;
  }
  lon /= n;
  lat /= n;
  const cos = Math.cos((lat * Math.PI) / 180);
  let reach = 0;
  for (let k = 0; k < n; k++) reach = Math.max(reach, Math.hypot((ring[k]![0]! - lon) * 60 * cos, (ring[k]![1]! - lat) * 60));
  return { point: { type: 'Point', coordinates: [lon, lat] }, reachNm: reach };
}

/**
 * Whether the hexagon touches a drawn feature: separationNm(hex, f, 0) <= 0, the engine's test. A polygon
 * whose boundary stays farther from the centre than the farthest vertex (with room for rounding) does
 * not cross the hexagon, which then lies wholly inside it (touches) or wholly outside (does not): one
 * point-in-polygon instead of a polygon intersection. Near a boundary, the engine's test itself.
 */
function touches(hex: Polygon, box: BBox, centre: { point: Point; reachNm: number }, f: AirspaceFeature): boolean {
  const g = f.geometry;
  // A facility-map square is a box in degrees: a hexagon whose box lies in it lies in it.
  const r = rectangleOf(f);
  if (r && box[0] >= r[0] && box[1] >= r[1] && box[2] <= r[2] && box[3] <= r[3]) return true;
  if (g.type === 'Polygon' || g.type === 'MultiPolygon') {
    const limit = centre.reachNm * CLEAR_FACTOR;
    if (gapNm(centre.point, g, limit) > limit) return booleanPointInPolygon(centre.point, g);
  }
  return separationNm(hex, f, 0) <= 0;
}

const rectangles = new WeakMap<AirspaceFeature, BBox | null>();

/** The feature's box when the feature is exactly that box (one ring of four corners on it), else null. */
function rectangleOf(f: AirspaceFeature): BBox | null {
  let r = rectangles.get(f);
  if (r !== undefined) return r;
  r = null;
  const g = f.geometry;
  if (g.type === 'Polygon' && g.coordinates.length === 1 && g.coordinates[0]!.length === 5) {
    const b = geometryBBox(g);
    const onCorner = (p: number[]) => (p[0] === b[0] || p[0] === b[2]) && (p[1] === b[1] || p[1] === b[3]);
    const ring = g.coordinates[0]!;
    const corners = new Set(ring.slice(0, 4).map((p) => `${p[0]},${p[1]}`));
    if (ring.every(onCorner) && corners.size === 4) r = b;
  }
  rectangles.set(f, r);
  return r;
}

/** A boundary at least this many reaches from the centre is clear of the hexagon: 1 plus ample room for rounding. */
const CLEAR_FACTOR = 1.01;

/** A static index over some features, answering their positions in `features`, in ascending order. */
class LocalIndex {
  private readonly index: Flatbush | null;
  constructor(readonly features: AirspaceFeature[]) {
    if (features.length === 0) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(features.length);
    for (const f of features) {
      const [w, s, e, n] = featureBBox(f);
      this.index.add(w, s, e, n);
    }
    this.index.finish();
  }
  search([w, s, e, n]: BBox): number[] {
    return this.index ? this.index.search(w, s, e, n).sort((a, b) => a - b) : [];
  }
}

/**
 * The box whose cells the bulk judgement serves: the search region widened by about one resolution-5
 * edge. The route handler reads the DEM's ground over it (server/routes/route), so every cell, segment
 * and point the planner judges lies inside what the DEM was read for.
 */
export function judgedArea(region: readonly [number, number, number, number]): BBox {
  const lat = Math.max(Math.abs(region[1]), Math.abs(region[3]));
  const dLon = EDGE_KM / (KM_PER_DEG * Math.max(Math.cos((Math.min(lat, 89) * Math.PI) / 180), 0.01));
  return [region[0] - dLon, region[1] - EDGE_KM / KM_PER_DEG, region[2] + dLon, region[3] + EDGE_KM / KM_PER_DEG];
}

type Entry = { verdict: Verdict } | { byNear: Map<string, Verdict> };

export class CellJudge {
  /** Features that can touch a hexagon: drawn ones (reach 0) by their box, stadiums and routes within their reach. */
  private readonly drawn: LocalIndex;
  private readonly reaching: LocalIndex;
  /** Modelled controlled airspace (sandbox), which counts within MODEL_MARGIN_NM at any altitude. */
  private readonly modelled: LocalIndex;
  /** The area whose cells the local indexes serve (null: every cell goes to the engine). */
  private readonly area: BBox | null;
  private readonly entries = new Map<string, Entry>();
  /** Engine runs, for the bench and the tests. */
  engineRuns = 0;
  /** Whether a feature kept for the region has an MSL floor (then each cell's terrain bound is part of its key). */
  private readonly mslFloors: boolean = false;

  /** `bulk` false: every cell goes to the engine on its own (the bench's "before"). */
  constructor(private readonly dataset: Dataset, region: readonly [number, number, number, number], private readonly opts: ConstraintOptions, bulk = true) {
    const area = judgedArea(region);
    // Across 180° the dataset's part boxes apply: the engine alone.
    const served = bulk && area[0] >= -180 && area[2] <= 180;
    this.area = served ? area : null;
    const maxAltitudeFt = opts.maxAltitudeFt ?? DEFAULT_MAX_ALTITUDE_FT;
    // One dataset query for the whole region, widened as far as the engine looks beyond an input.
    const all = served ? dataset.search(expandBBox(area, Math.max(STADIUM_RADIUS_NM, MODEL_MARGIN_NM))) : [];
    // MSL floors: the highest ground any cell may be given (the airports of the whole region, terrain.ts)
    // keeps every feature some cell's engine may count; each cell's own bound then goes into its key.
    // With a DEM (docs/briefing-rules.md, "Audit 2026-11-28") a cell's ground is the DEM's, which may lie
    // above every airport: every MSL floor is kept, and the DEM's answer for the cell joins its key.
    const regionGround = served ? terrainBound(dataset, { type: 'Polygon', coordinates: [[[area[0], area[1]], [area[2], area[1]], [area[2], area[3]], [area[0], area[3]], [area[0], area[1]]]] }) : undefined;
    const dem = opts.groundMaxFt;
    const touching = all.filter((f) => f.layer === 'uasfm' || (dem !== undefined && hasMslFloor(f)) || !isOverhead(f, maxAltitudeFt, undefined, regionGround?.groundFt));
    this.mslFloors = touching.some(hasMslFloor);
    this.drawn = new LocalIndex(touching.filter((f) => reachNm(f) === 0));
    this.reaching = new LocalIndex(touching.filter((f) => reachNm(f) > 0));
    this.modelled = new LocalIndex(all.filter(isModelledControlled));
  }

  verdict(cell: string): Verdict {
    const hex: Polygon = { type: 'Polygon', coordinates: [cellToBoundary(cell, true)] };
    const box = geometryBBox(hex);
    const a = this.area;
    if (!a || box[0] < a[0] || box[1] < a[1] || box[2] > a[2] || box[3] > a[3]) return this.engine(hex);
    const own = new Map<string, string>();
    // Two cells touching the same features may still differ by the ground their MSL floors are measured from.
    const key = this.mslFloors ? `${this.touched(hex, box, own)}|${terrainBound(this.dataset, hex)?.groundFt ?? ''}|${this.demKey(hex)}` : this.touched(hex, box, own);
    const entry = this.entries.get(key);
    if (entry && 'verdict' in entry) return named(entry.verdict, own, this.dataset);
    if (entry) {
      const near = this.nearModelled(hex, box, own);
      let v = entry.byNear.get(near);
      if (!v) entry.byNear.set(near, (v = this.engine(hex)));
      return named(v, own, this.dataset);
    }
    // First cell touching this set: the engine decides, and says whether the model margin took part.
    this.engineRuns++;
    const evaluated = assessArea(this.dataset, hex, { ...this.opts, includeGeometry: false });
    const v = verdictOf(evaluated, this.opts);
    this.entries.set(key, evaluated.some((e) => e.modelMargin) ? { byNear: new Map([[this.nearModelled(hex, box, own), v]]) } : { verdict: v });
    return v;
  }

  /** The DEM's ground under the hexagon as the engine will read it (empty without a DEM or where none reaches). */
  private demKey(hex: Polygon): string {
    const g = this.opts.groundMaxFt?.(hex);
    return g ? `${g.maxFt}:${g.complete}:${g.source}` : '';
  }

  private engine(hex: Polygon): Verdict {
    this.engineRuns++;
    return judge(this.dataset, hex, this.opts);
  }

  /** What the hexagon touches, by the engine's own test (an area briefing's distance 0), as a key. */
  private touched(hex: Polygon, box: BBox, own: Map<string, string>): string {
    const keys = new Set<string>();
    const centre = hexCentre(hex);
    for (const i of this.drawn.search(box)) {
      const f = this.drawn.features[i]!;
      if (!touches(hex, box, centre, f)) continue;
      const sig = signature(f, `d${i}`);
      keys.add(sig);
      const id = own.get(sig);
      if (id === undefined || f.id < id) own.set(sig, f.id);
    }
    for (const i of this.reaching.search(expandBBox(box, STADIUM_RADIUS_NM))) if (separationNm(hex, this.reaching.features[i]!, 0) <= 0) keys.add(`r${i}`);
    return [...keys].sort().join(',');
  }

  /** Modelled controlled airspace within the margin, nearest first, ties by id: what model-margin.ts decides on (the nearest, and what all serve). */
  private nearModelled(hex: Polygon, box: BBox, own: Map<string, string>): string {
    const near = this.modelled
      .search(expandBBox(box, MODEL_MARGIN_NM))
      .map((i) => ({ i, f: this.modelled.features[i]!, d: separationNm(hex, this.modelled.features[i]!, MODEL_MARGIN_NM) }))
      .filter((h) => h.d <= MODEL_MARGIN_NM)
      .sort((x, y) => x.d - y.d || x.f.id.localeCompare(y.f.id));
    if (near[0]) own.set(`near:${signature(near[0].f, '')}`, near[0].f.id);
    const sigs = near.map((h) => signature(h.f, `m${h.i}`));
    return sigs.length ? `${sigs[0]}>${[...new Set(sigs)].sort().join(',')}` : '';
  }
}
