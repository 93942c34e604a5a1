/**
 * Where each layer of a dataset is complete (docs/briefing-rules.md, "Coverage"). A briefing must not
 * read the absence of a feature as "clear" outside the area its data covers: an instance that imported
 * only Seattle's files knows nothing of O'Hare. Pure: the coverage of a source is computed from its
 * features and stated on the source (DatasetSource.coverage), or derived here for sources without it.
 */
import { booleanPointInPolygon, convex, featureCollection, point } from '@turf/turf';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { geometryBBox, type BBox } from './dataset';
import { COVERAGE_LAYERS, type AirspaceFeature, type CoverageLayer, type DatasetFile, type DatasetSource, type SourceCoverage } from './model';

/**
 * The layers a file is complete for, by what it holds: class airspace, facility-map cells and special-use
 * airspace other than prohibited areas (a file of prohibited areas alone, like ADDS "Prohibited Areas",
 * says nothing of restricted areas or MOAs). TFRs only when declared: a TFR detail is one NOTAM, not the list.
 */
export function layersHeld(features: readonly AirspaceFeature[], declared: boolean): CoverageLayer[] {
  const held = new Set<CoverageLayer>();
  for (const f of features) {
    if (f.layer === 'class_airspace' || f.layer === 'uasfm') held.add(f.layer);
    else if (f.layer === 'sua' && f.subtype !== 'PROHIBITED') held.add('sua');
    else if (f.layer === 'tfr' && declared) held.add('tfr');
  }
  return COVERAGE_LAYERS.filter((l) => held.has(l));
}

function vertices(f: AirspaceFeature, out: Position[]): void {
  const g = f.geometry;
  if (g.type === 'Point') out.push(g.coordinates);
  else if (g.type === 'LineString') out.push(...g.coordinates);
  else if (g.type === 'Polygon') for (const r of g.coordinates) out.push(...r);
  else for (const p of g.coordinates) for (const r of p) out.push(...r);
}

function hullOf(points: Position[]): Polygon | null {
  if (points.length < 3) return null;
  const h = convex(featureCollection(points.map((p) => point([p[0]!, p[1]!]))));
  return h ? h.geometry : null;
}

/**
 * The extent of some features: the convex hull of their vertices (for a file clipped to a city, its
 * outline rounded out; docs/data-import.md). East and west of 0° are hulled apart, so an Aleutian shape
 * across 180° does not make a hull around the globe.
 */
export function extentOf(features: readonly AirspaceFeature[]): Polygon | MultiPolygon | null {
  const west: Position[] = [], east: Position[] = [];
  for (const f of features) {
    const pts: Position[] = [];
    vertices(f, pts);
    for (const p of pts) (p[0]! < 0 ? west : east).push(p);
  }
  const hulls = [hullOf(west), hullOf(east)].filter((h): h is Polygon => h !== null);
  if (hulls.length === 0) return null;
  return hulls.length === 1 ? hulls[0]! : { type: 'MultiPolygon', coordinates: hulls.map((h) => h.coordinates) };
}

/** A declared region: the whole country, or a box (west, south, east, north). */
export type DeclaredRegion = 'national' | BBox;

export function boxPolygon([w, s, e, n]: BBox): Polygon {
  return { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] };
}

/**
 * The coverage of a file's features: the declared region, or the file's extent. Undefined when the file
 * holds none of the coverage layers.
 */
export function fileCoverage(features: readonly AirspaceFeature[], region?: DeclaredRegion): SourceCoverage | undefined {
  const layers = layersHeld(features, region !== undefined);
  if (layers.length === 0) return undefined;
  if (region === 'national') return { layers, area: 'national', basis: 'declared' };
  if (region) return { layers, area: boxPolygon(region), basis: 'declared' };
  const area = extentOf(features.filter((f) => (layers as readonly string[]).includes(f.layer)));
  return area ? { layers, area, basis: 'file-extent' } : undefined;
}

/** Parses `--region`: "national" or "west,south,east,north" in degrees. Throws with the field named. */
export function parseRegion(text: string): DeclaredRegion {
  if (text === 'national') return 'national';
  const box = text.split(',').map((v) => Number(v.trim()));
  const [w, s, e, n] = box;
  if (box.length !== 4 || box.some((v) => !Number.isFinite(v)) || w! < -180 || e! > 180 || s! < -90 || n! > 90 || w! >= e! || s! >= n!) {
    throw new Error(`--region needs "national" or west,south,east,north in degrees (west < east, south < north), not "${text}"`);
  }
  return box as BBox;
}

/** A dataset or its file: what coverage is read from. */
export interface CoverageInput {
  kind: DatasetFile['kind'];
  sources: readonly DatasetSource[];
  features: readonly AirspaceFeature[];
}

interface Region {
  box: BBox;
  /** null: national (all US airspace). */
  area: Polygon | MultiPolygon | null;
}

type Index = Map<CoverageLayer, Region[]>;

const indexes = new WeakMap<object, Index>();

/**
 * The coverage each source states; for a source without it (datasets written before coverage existed):
 * in an FAA dataset the extent of its own features, in a sandbox dataset none of whose own sources
 * states any (hand-made fixtures, older sandboxes; a live overlay's source does not count) the whole country.
 */
export function coverageOf(file: CoverageInput): ReadonlyMap<string, SourceCoverage> {
  let out = coverages.get(file);
  if (out) return out;
  out = deriveCoverage(file);
  coverages.set(file, out);
  return out;
}

const coverages = new WeakMap<object, Map<string, SourceCoverage>>();

function deriveCoverage(file: CoverageInput): Map<string, SourceCoverage> {
  const out = new Map<string, SourceCoverage>();
  // A live source laid over the dataset (the TFR feed) states its own coverage: it says nothing of
  // whether the dataset under it states any.
  const stated = file.sources.some((s) => s.coverage && !s.live);
  if (!stated && file.kind === 'sandbox') {
    for (const s of file.sources) out.set(s.id, s.coverage ?? { layers: [...COVERAGE_LAYERS], area: 'national', basis: 'model' });
    out.set('(sandbox without stated coverage)', { layers: [...COVERAGE_LAYERS], area: 'national', basis: 'model' });
    return out;
  }
  let bySource: Map<string, AirspaceFeature[]> | null = null;
  for (const s of file.sources) {
    if (s.coverage) {
      out.set(s.id, s.coverage);
      continue;
    }
    if (file.kind !== 'faa') continue;
    if (!bySource) {
      bySource = new Map();
      for (const f of file.features) {
        if (!(COVERAGE_LAYERS as readonly string[]).includes(f.layer)) continue;
        const list = bySource.get(f.sourceId) ?? [];
        list.push(f);
        bySource.set(f.sourceId, list);
      }
    }
    const c = fileCoverage(bySource.get(s.id) ?? []);
    if (c) out.set(s.id, c);
  }
  return out;
}

function indexOf(dataset: CoverageInput): Index {
  let idx = indexes.get(dataset);
  if (idx) return idx;
  idx = new Map();
  for (const c of coverageOf(dataset).values()) {
    const region: Region = c.area === 'national' ? { box: [-180, -90, 180, 90], area: null } : { box: geometryBBox(c.area), area: c.area };
    for (const l of c.layers) {
      const list = idx.get(l) ?? [];
      list.push(region);
      idx.set(l, list);
    }
  }
  indexes.set(dataset, idx);
  return idx;
}

function inRegion(r: Region, p: Position): boolean {
  const [w, s, e, n] = r.box;
  if (p[0]! < w || p[0]! > e || p[1]! < s || p[1]! > n) return false;
  return r.area === null || booleanPointInPolygon(p, r.area);
}

/**
 * The coverage layers that do not take in the whole of a box (the input's): each corner must lie in
 * some region of the layer. A convex region that holds the corners holds the box; across several
 * regions it is near enough, and errs towards "not covered". Cheap: a few boxes per layer, then a hull.
 */
export function uncoveredLayers(dataset: CoverageInput, at: BBox): CoverageLayer[] {
  const idx = indexOf(dataset);
  const [w, s, e, n] = at;
  const corners: Position[] = w === e && s === n ? [[w, s]] : [[w, s], [e, s], [e, n], [w, n]];
  return COVERAGE_LAYERS.filter((l) => {
    const regions = idx.get(l);
    if (!regions) return true;
    return !corners.every((p) => regions.some((r) => inRegion(r, p)));
  });
}
