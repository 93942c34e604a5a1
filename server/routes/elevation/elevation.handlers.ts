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
import { mainThread } from '../../http/main-thread';

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

/*
 * The model's work (sampling an area, the airport model at each point) runs through the main-thread gate
 * with its budget, as the other dataset engines do: a 5,000-sample area in a 2,000-vertex ring held the
 * event loop 0.35-0.65 s, twenty at once 3.3 s (docs/security.md, "Resource exhaustion, probed
 * 2026-11-24"). Past the slice 408, a full queue 503 with Retry-After. The DEM is read between runs.
 */

export async function elevationV1Handler(deps: AppDeps, body: ElevationV1Request): Promise<{ body: { statusCode: number; message: string; data: ElevationPoint[] } }> {
  const start = Date.now();
  const ds = deps.datasets.current();
  const dem = await demAt(deps, body.coordinates);
  return ok(await mainThread.run((budget) => elevationsAt(ds, body.coordinates, dem, budget), start));
}

export async function elevationV2Handler(deps: AppDeps, body: ElevationV2Request): Promise<{ body: { statusCode: number; message: string; data: ElevationV2Data } }> {
  const start = Date.now();
  const ds = deps.datasets.current();
  const g = body.geometry;
  switch (g.type) {
    case 'Point': {
      const dem = await demAt(deps, [g.coordinates]);
      const [p] = await mainThread.run((budget) => elevationsAt(ds, [g.coordinates], dem, budget), start);
      return ok({ geometryType: 'Point', source: p!.source, lengthM: 0, profile: [{ distanceM: 0, longitude: p!.longitude, latitude: p!.latitude, elevationFt: p!.elevationFt }] });
    }
    case 'LineString': {
      const samples = body.samples ?? DEFAULT_PROFILE_SAMPLES;
      if (samples < 2 || samples > MAX_PROFILE_SAMPLES) throw invalid('body.samples', `a line profile takes 2 to ${MAX_PROFILE_SAMPLES} samples, not ${samples}`);
      const km = lineLengthKm(g);
      if (km > MAX_PROFILE_LENGTH_KM) throw invalid('body.geometry', `the line is ${Math.round(km)} km long; at most ${MAX_PROFILE_LENGTH_KM} km are profiled`);
      const dem = await demAt(deps, profilePositions(g, samples));
      return ok({ geometryType: 'LineString', ...(await mainThread.run((budget) => elevationProfile(ds, g, samples, dem, budget), start)) });
    }
    case 'Polygon': {
      // Kept as sent across 180° (docs/security.md "Antimeridian"): measured on its parts cut there.
      const km2 = area(normaliseAtAntimeridian(g)) / 1e6;
      if (km2 > MAX_AREA_KM2) throw invalid('body.geometry', `the polygon covers ${Math.round(km2)} km²; at most ${MAX_AREA_KM2} km² are accepted`);
      const samples = body.samples ?? DEFAULT_AREA_SAMPLES;
      const positions = await mainThread.run((budget) => areaPositions(g, samples, budget), start);
      const dem = await demAt(deps, positions);
      return ok({ geometryType: 'Polygon', ...(await mainThread.run((budget) => elevationOverArea(ds, g, samples, dem, { positions, budget }), start)) });
    }
  }
}
