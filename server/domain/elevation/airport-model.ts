/**
 * The sandbox terrain model: ground elevation estimated from the field elevations of the dataset's
 * airports (inverse-distance weighting of the nearest ones). A coarse model, not a DEM: its measured
 * error is in docs/elevation.md. Built once per Dataset and cached, since a dataset is immutable.
 */
import Flatbush from 'flatbush';
import type { Dataset } from '../../data/dataset';

export interface ElevationPoint {
  lon: number;
  lat: number;
  elevationFt: number;
}

export interface ElevationEstimate {
  /** Feet MSL, whole feet; null where the model has no coverage (no airport near enough). */
  elevationFt: number | null;
  /** Great-circle distance to the nearest airport used, nautical miles. */
  nearestNm: number | null;
}

/** How many airports take part in one estimate. */
export const NEIGHBOURS = 6;
/** IDW power: 2 lets the nearest airport dominate without making the surface a set of plateaus. */
const POWER = 2;
/**
 * Beyond this distance to the nearest airport the model says nothing (ocean, wilderness): extrapolating
 * a field elevation tens of miles away would be a guess presented as a figure.
 */
export const MAX_RANGE_NM = 30;
/** Within this distance the airport's own elevation is the answer (avoids a division by ~0). */
const ON_FIELD_NM = 0.05;
/**
 * Flatbush ranks by planar distance in degrees, which overweights longitude away from the equator
 * (2x at 60°N). Taking several times more candidates and re-ranking them by great-circle distance
 * keeps the true nearest among them.
 */
const CANDIDATE_FACTOR = 4;

const EARTH_RADIUS_NM = 3440.065;
const RAD = Math.PI / 180;

export function greatCircleNm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export class AirportElevationModel {
  private readonly index: Flatbush | null;

  constructor(private readonly points: readonly ElevationPoint[]) {
    if (points.length === 0) {
      this.index = null;
      return;
    }
    const idx = new Flatbush(points.length);
    for (const p of points) idx.add(p.lon, p.lat, p.lon, p.lat);
    idx.finish();
    this.index = idx;
  }

  get size(): number {
    return this.points.length;
  }

  estimate(lon: number, lat: number): ElevationEstimate {
    if (!this.index) return { elevationFt: null, nearestNm: null };
    const near = this.index
      .neighbors(lon, lat, NEIGHBOURS * CANDIDATE_FACTOR)
      .map((i) => ({ p: this.points[i]!, nm: greatCircleNm(lon, lat, this.points[i]!.lon, this.points[i]!.lat) }))
      .sort((a, b) => a.nm - b.nm)
      .slice(0, NEIGHBOURS);
    const nearest = near[0]!;
    if (nearest.nm > MAX_RANGE_NM) return { elevationFt: null, nearestNm: round1(nearest.nm) };
    if (nearest.nm <= ON_FIELD_NM) return { elevationFt: Math.round(nearest.p.elevationFt), nearestNm: round1(nearest.nm) };
    let sum = 0;
    let weights = 0;
    for (const { p, nm } of near) {
      // Only airports within range vote: a far one would pull a sparse region towards a distant plateau.
      if (nm > MAX_RANGE_NM) continue;
      const w = 1 / nm ** POWER;
      sum += w * p.elevationFt;
      weights += w;
    }
    return { elevationFt: Math.round(sum / weights), nearestNm: round1(nearest.nm) };
  }
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The airports of a dataset that carry a finite field elevation. */
export function airportElevationPoints(ds: Dataset): ElevationPoint[] {
  const out: ElevationPoint[] = [];
  for (const f of ds.features) {
    if (f.layer !== 'airport' || f.geometry.type !== 'Point') continue;
    const e = f.props?.elevationFt;
    if (typeof e !== 'number' || !Number.isFinite(e)) continue;
    const [lon, lat] = f.geometry.coordinates as [number, number];
    out.push({ lon, lat, elevationFt: e });
  }
  return out;
}

const cache = new WeakMap<Dataset, AirportElevationModel>();

/** The model of a dataset, built on first use (about 24,000 airports: tens of milliseconds). */
export function airportModelOf(ds: Dataset): AirportElevationModel {
  let m = cache.get(ds);
  if (!m) {
    m = new AirportElevationModel(airportElevationPoints(ds));
    cache.set(ds, m);
  }
  return m;
}

/** The `source` of answers from this model; names the dataset it was built from. */
export function airportModelSource(ds: Dataset): string {
  return `sandbox-airport-model:${ds.version}`;
}

/** The `source` of a position the model does not cover. */
export const NO_COVERAGE_SOURCE = 'no-coverage';
