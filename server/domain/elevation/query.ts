/**
 * Elevation answers for positions, lines and polygons from the current dataset's terrain model.
 * Limits are checked by the handler; this module only computes.
 */
import type { LineString, Polygon, Position } from 'geojson';
import type { Dataset } from '../../data/dataset';
import { airportModelOf, airportModelSource, NO_COVERAGE_SOURCE } from './airport-model';
import { lineLengthKm, sampleLine, samplePolygon } from './sampling';

export interface PointElevation {
  longitude: number;
  latitude: number;
  elevationFt: number | null;
  source: string;
}

export function elevationsAt(ds: Dataset, positions: readonly Position[]): PointElevation[] {
  const model = airportModelOf(ds);
  const source = airportModelSource(ds);
  return positions.map(([lon, lat]) => {
    const { elevationFt } = model.estimate(lon!, lat!);
    return { longitude: lon!, latitude: lat!, elevationFt, source: elevationFt === null ? NO_COVERAGE_SOURCE : source };
  });
}

export interface Profile {
  source: string;
  lengthM: number;
  profile: Array<{ distanceM: number; longitude: number; latitude: number; elevationFt: number | null }>;
}

/** The overall source: the model when it covered anything, otherwise no-coverage. */
function overallSource(ds: Dataset, values: ReadonlyArray<number | null>): string {
  return values.some((v) => v !== null) ? airportModelSource(ds) : NO_COVERAGE_SOURCE;
}

export function elevationProfile(ds: Dataset, line: LineString, samples: number): Profile {
  const model = airportModelOf(ds);
  const profile = sampleLine(line, samples).map((s) => ({ distanceM: s.distanceM, longitude: s.lon, latitude: s.lat, elevationFt: model.estimate(s.lon, s.lat).elevationFt }));
  return { source: overallSource(ds, profile.map((p) => p.elevationFt)), lengthM: Math.round(lineLengthKm(line) * 10_000) / 10, profile };
}

export interface AreaElevation {
  source: string;
  min: number | null;
  max: number | null;
  mean: number | null;
  samples: number;
  uncoveredSamples: number;
}

export function elevationOverArea(ds: Dataset, poly: Polygon, samples: number): AreaElevation {
  const model = airportModelOf(ds);
  const values = samplePolygon(poly, samples).map(([lon, lat]) => model.estimate(lon!, lat!).elevationFt);
  const covered = values.filter((v): v is number => v !== null);
  const sum = covered.reduce((a, v) => a + v, 0);
  return {
    source: overallSource(ds, values),
    min: covered.length ? covered.reduce((a, v) => Math.min(a, v)) : null,
    max: covered.length ? covered.reduce((a, v) => Math.max(a, v)) : null,
    mean: covered.length ? Math.round(sum / covered.length) : null,
    samples: values.length,
    uncoveredSamples: values.length - covered.length,
  };
}
