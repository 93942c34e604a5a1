/**
 * Elevation answers for positions, lines and polygons: from an imported DEM where one covers the point
 * (values sampled by the caller, server/data/dem-source.ts, and passed in so this module does no I/O),
 * otherwise from the current dataset's terrain model. Limits are checked by the handler.
 */
import type { LineString, Polygon, Position } from 'geojson';
import type { Dataset } from '../../data/dataset';
import { airportModelOf, airportModelSource, NO_COVERAGE_SOURCE } from './airport-model';
import { lineLengthKm, sampleLine, samplePolygon } from './sampling';
import type { Budget } from '../budget';

export interface PointElevation {
  longitude: number;
  latitude: number;
  elevationFt: number | null;
  source: string;
}

/** A DEM's answer at one position: a value, or null where the DEM has no data (nodata pixels). */
export interface DemValue {
  elevationFt: number | null;
  source: string;
}

/** The DEM value where it has one; else the model, saying when a DEM covered the point without data. */
function resolve(ds: Dataset, lon: number, lat: number, dem: DemValue | undefined): PointElevation {
  if (dem && dem.elevationFt !== null) return { longitude: lon, latitude: lat, elevationFt: dem.elevationFt, source: dem.source };
  const { elevationFt } = airportModelOf(ds).estimate(lon, lat);
  const model = elevationFt === null ? NO_COVERAGE_SOURCE : airportModelSource(ds);
  return { longitude: lon, latitude: lat, elevationFt, source: dem ? `${model} (${dem.source} has no data here)` : model };
}

/** `dem[i]` is the DEM's answer at `positions[i]` (undefined: no DEM covers it). */
export function elevationsAt(ds: Dataset, positions: readonly Position[], dem: ReadonlyArray<DemValue | undefined> = [], budget?: Budget): PointElevation[] {
  return positions.map(([lon, lat], i) => {
    budget?.check();
    return resolve(ds, lon!, lat!, dem[i]);
  });
}

/** The sources that answered, in order of first use; no-coverage only when nothing did. */
function overallSource(points: readonly PointElevation[]): string {
  const used = [...new Set(points.filter((p) => p.elevationFt !== null).map((p) => p.source.replace(/ \(.*\)$/, '')))];
  return used.length ? used.join(' + ') : NO_COVERAGE_SOURCE;
}

export interface Profile {
  source: string;
  lengthM: number;
  profile: Array<{ distanceM: number; longitude: number; latitude: number; elevationFt: number | null }>;
}

/** Where a profile is sampled: the caller asks the DEM about these positions first. */
export function profilePositions(line: LineString, samples: number): Array<[number, number]> {
  return sampleLine(line, samples).map((s) => [s.lon, s.lat]);
}

export function elevationProfile(ds: Dataset, line: LineString, samples: number, dem: ReadonlyArray<DemValue | undefined> = [], budget?: Budget): Profile {
  const at = sampleLine(line, samples);
  const points = elevationsAt(ds, at.map((s) => [s.lon, s.lat]), dem, budget);
  const profile = at.map((s, i) => ({ distanceM: s.distanceM, longitude: s.lon, latitude: s.lat, elevationFt: points[i]!.elevationFt }));
  return { source: overallSource(points), lengthM: Math.round(lineLengthKm(line) * 10_000) / 10, profile };
}

export interface AreaElevation {
  source: string;
  min: number | null;
  max: number | null;
  mean: number | null;
  samples: number;
  uncoveredSamples: number;
}

/** Where an area is sampled: the caller asks the DEM about these positions first. */
export function areaPositions(poly: Polygon, samples: number, budget?: Budget): Array<[number, number]> {
  return samplePolygon(poly, samples, budget).map(([lon, lat]) => [lon!, lat!]);
}

/**
 * `at.positions`: areaPositions(poly, samples) when the caller has them already (it asked the DEM about
 * them): sampling a 2,000-vertex ring is the costly part, and was done twice.
 */
export function elevationOverArea(ds: Dataset, poly: Polygon, samples: number, dem: ReadonlyArray<DemValue | undefined> = [], at: { positions?: ReadonlyArray<[number, number]>; budget?: Budget } = {}): AreaElevation {
  const points = elevationsAt(ds, at.positions ?? areaPositions(poly, samples, at.budget), dem, at.budget);
  const covered = points.map((p) => p.elevationFt).filter((v): v is number => v !== null);
  const sum = covered.reduce((a, v) => a + v, 0);
  return {
    source: overallSource(points),
    min: covered.length ? covered.reduce((a, v) => Math.min(a, v)) : null,
    max: covered.length ? covered.reduce((a, v) => Math.max(a, v)) : null,
    mean: covered.length ? Math.round(sum / covered.length) : null,
    samples: points.length,
    uncoveredSamples: points.length - covered.length,
  };
}
