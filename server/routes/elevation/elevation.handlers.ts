import { area } from '@turf/turf';
import {
  DEFAULT_AREA_SAMPLES, DEFAULT_PROFILE_SAMPLES, MAX_AREA_KM2, MAX_PROFILE_LENGTH_KM, MAX_PROFILE_SAMPLES,
  type ElevationPoint, type ElevationV1Request, type ElevationV2Data, type ElevationV2Request,
} from '../../contract/elevation';
import type { AppDeps } from '../../deps';
import { normaliseAtAntimeridian } from '../../domain/geometry/antimeridian';
import { demSourceFor } from '../../data/dem-source';
import { areaPositions, elevationOverArea, elevationProfile, elevationsAt, profilePositions } from '../../domain/elevation/query';
import { lineLengthKm } from '../../domain/elevation/sampling';
import { ApiError } from '../../http/errors';

const ok = <T>(data: T) => ({ body: { statusCode: 200, message: 'success', data } });

function invalid(field: string, message: string): ApiError {
  return new ApiError(422, `${field}: ${message}`, [{ field, rule: 'limit', message }]);
}

/** The imported DEMs' answers at the positions (docs/elevation.md "DEM"); the domain falls back to the model. */
const demAt = (deps: AppDeps, positions: ReadonlyArray<readonly number[]>) =>
  demSourceFor(deps.config.dataDir).at(positions.map((p) => [p[0]!, p[1]!] as const)).catch((e: Error) => {
    // An unreadable DEM (file removed, disk error) must not fail the request: the model answers and says so by its source.
    deps.log.warn('dem unreadable; elevation answered by the model', { error: e.message });
    return [];
  });

export async function elevationV1Handler(deps: AppDeps, body: ElevationV1Request): Promise<{ body: { statusCode: number; message: string; data: ElevationPoint[] } }> {
  const ds = deps.datasets.current();
  return ok(elevationsAt(ds, body.coordinates, await demAt(deps, body.coordinates)));
}

export async function elevationV2Handler(deps: AppDeps, body: ElevationV2Request): Promise<{ body: { statusCode: number; message: string; data: ElevationV2Data } }> {
  const ds = deps.datasets.current();
  const g = body.geometry;
  switch (g.type) {
    case 'Point': {
      const [p] = elevationsAt(ds, [g.coordinates], await demAt(deps, [g.coordinates]));
      return ok({ geometryType: 'Point', source: p!.source, lengthM: 0, profile: [{ distanceM: 0, longitude: p!.longitude, latitude: p!.latitude, elevationFt: p!.elevationFt }] });
    }
    case 'LineString': {
      const samples = body.samples ?? DEFAULT_PROFILE_SAMPLES;
      if (samples < 2 || samples > MAX_PROFILE_SAMPLES) throw invalid('body.samples', `a line profile takes 2 to ${MAX_PROFILE_SAMPLES} samples, not ${samples}`);
      const km = lineLengthKm(g);
      if (km > MAX_PROFILE_LENGTH_KM) throw invalid('body.geometry', `the line is ${Math.round(km)} km long; at most ${MAX_PROFILE_LENGTH_KM} km are profiled`);
      return ok({ geometryType: 'LineString', ...elevationProfile(ds, g, samples, await demAt(deps, profilePositions(g, samples))) });
    }
    case 'Polygon': {
      // Kept as sent across 180° (docs/security.md "Antimeridian"): measured on its parts cut there.
      const km2 = area(normaliseAtAntimeridian(g)) / 1e6;
      if (km2 > MAX_AREA_KM2) throw invalid('body.geometry', `the polygon covers ${Math.round(km2)} km²; at most ${MAX_AREA_KM2} km² are accepted`);
      const samples = body.samples ?? DEFAULT_AREA_SAMPLES;
      return ok({ geometryType: 'Polygon', ...elevationOverArea(ds, g, samples, await demAt(deps, areaPositions(g, samples))) });
    }
  }
}
