/**
 * Offline bound on the ground under a flight where no DEM covers it (docs/briefing-rules.md "Altitude"):
 * the highest field elevation of the dataset's airports near the flight, plus a margin for the terrain
 * between them. Without it an MSL floor was turned into AGL over ground assumed at most 800 ft MSL,
 * which put a Class C shelf at 7,400 ft MSL 6,600 ft above Colorado Springs, where the ground rises to
 * 7,000 ft and more: a false CLEAR_TO_FLY. Imported ADDS airspace carries no ground elevation.
 */
import Flatbush from 'flatbush';
import { LRUCache } from 'lru-cache';
import { expandBBox, geometryBBox, type Dataset } from '../../data/dataset';
import type { FeatureGeometry } from '../../data/model';

/**
 * Our choice: airports within 10 NM of the flight's box vote. Wider pulls a mountain airport's
 * elevation over a whole valley city (false cautions); narrower misses the heliports and strips on the
 * hills, which are the best witnesses of high ground an airport list has.
 */
export const TERRAIN_RADIUS_NM = 10;

/**
 * Our choice: ground may lie this far above the highest airport near it (hills between the fields,
 * trees and roofs a drone climbs over). Not a guarantee in mountains (docs/briefing-rules.md says where
 * it fails): import a DEM there.
 */
export const TERRAIN_MARGIN_FT = 500;

export interface TerrainBound {
  /** The ground assumed at most (ft MSL): the highest airport plus the margin. */
  groundFt: number;
  /** The airport that set it, and its field elevation (ft MSL). */
  ident: string;
  airportFt: number;
}

interface AirportIndex {
  index: Flatbush | null;
  /** Answers by the snapped box (SNAP_DEG steps): briefings come back to the same places. */
  answers: LRUCache<string, TerrainBound | typeof NONE>;
  /** Feature index in the dataset and field elevation (ft MSL), by the flatbush item number. */
  at: number[];
  elevation: number[];
}

const cache = new WeakMap<Dataset, AirportIndex>();

/**
 * The airports with a field elevation, by position. Read from the dataset's boxes (a point's box is the
 * point), not their geometries: those may still be in the binary file (lazy-geometry.ts), and reading
 * 24,000 of them would keep them in memory for nothing.
 */
function indexOf(ds: Dataset): AirportIndex {
  let idx = cache.get(ds);
  if (idx) return idx;
  const at: number[] = [];
  const elevation: number[] = [];
  ds.features.forEach((f, i) => {
    const e = f.layer === 'airport' ? f.props?.elevationFt : undefined;
    if (typeof e === 'number' && Number.isFinite(e)) {
      at.push(i);
      elevation.push(e);
    }
  });
  let index: Flatbush | null = null;
  if (at.length > 0) {
    index = new Flatbush(at.length);
    for (const i of at) {
      const [w, s, e, n] = ds.bbox(i);
      index.add(w, s, e, n);
    }
    index.finish();
  }
  idx = { index, at, elevation, answers: new LRUCache({ max: 4096 }) };
  cache.set(ds, idx);
  return idx;
}

/**
 * The search box is snapped outward to 0.01° (at most 0.6 NM more, the restrictive side) so nearby
 * inputs share an answer: a search in a city of heliports costs 5-20 µs, a cached answer about 1.
 * (0.05° reached a mountain heliport 12 NM from downtown Denver and lifted the whole city's ground.)
 */
const SNAP_DEG = 0.01;
const NONE = 'none' as const;

/** The highest airport within TERRAIN_RADIUS_NM of the input's box plus the margin; undefined when none is near. */
export function terrainBound(ds: Dataset, input: FeatureGeometry): TerrainBound | undefined {
  const idx = indexOf(ds);
  if (!idx.index) return undefined;
  const [w, s, e, n] = expandBBox(geometryBBox(input), TERRAIN_RADIUS_NM);
  const cell = [Math.floor(w / SNAP_DEG), Math.floor(s / SNAP_DEG), Math.ceil(e / SNAP_DEG), Math.ceil(n / SNAP_DEG)] as const;
  const key = cell.join(',');
  const known = idx.answers.get(key);
  if (known !== undefined) return known === NONE ? undefined : known;
  const found = highest(ds, idx, cell[0] * SNAP_DEG, cell[1] * SNAP_DEG, cell[2] * SNAP_DEG, cell[3] * SNAP_DEG);
  idx.answers.set(key, found ?? NONE);
  return found;
}

function highest(ds: Dataset, { index, at, elevation }: AirportIndex, w: number, s: number, e: number, n: number): TerrainBound | undefined {
  let best = -1;
  for (const k of index!.search(w, s, e, n)) if (best < 0 || elevation[k]! > elevation[best]!) best = k;
  if (best < 0) return undefined;
  const f = ds.features[at[best]!]!;
  return { groundFt: Math.ceil(elevation[best]!) + TERRAIN_MARGIN_FT, ident: f.ident ?? f.name, airportFt: elevation[best]! };
}

/** The bound for one input, looked up on first call only (most briefings meet no MSL floor). */
export function terrainOnce(ds: Dataset, input: FeatureGeometry): () => TerrainBound | undefined {
  let done = false;
  let value: TerrainBound | undefined;
  return () => {
    if (!done) {
      value = terrainBound(ds, input);
      done = true;
    }
    return value;
  };
}
