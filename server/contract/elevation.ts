/**
 * Terrain elevation (spec 4.14 "Elevation v1 / v2"; shapes from docs/endpoints.md, limits in
 * docs/elevation.md). Imports nothing but zod: the portal parses with it too.
 */
import { z } from 'zod';
import { envelope, LineStringSchema, PointSchema, PolygonSchema, PositionSchema } from './common';

/** At most this many positions in one v1 request (docs/endpoints.md). */
export const MAX_ELEVATION_POSITIONS = 1000;
/** v2 line profiles: at most this long, and this many samples. */
export const MAX_PROFILE_LENGTH_KM = 1000;
export const MAX_PROFILE_SAMPLES = 1000;
export const DEFAULT_PROFILE_SAMPLES = 100;
/** v2 polygons: at most this large, and this many grid samples. */
export const MAX_AREA_KM2 = 10_000;
export const MAX_AREA_SAMPLES = 5000;
export const DEFAULT_AREA_SAMPLES = 400;

const ElevationFtSchema = z.number().int().nullable().describe('Ground elevation, feet MSL; null where neither a DEM nor the model covers the position (source says which)');

export const ElevationV1RequestSchema = z
  .object({
    coordinates: z
      .array(PositionSchema)
      .min(1, 'expected 1 to 1000 positions')
      .max(MAX_ELEVATION_POSITIONS, 'expected 1 to 1000 positions')
      .describe('[longitude, latitude] positions, 1 to 1000; answered in the order given'),
  })
  .meta({ id: 'ElevationV1Request' });
export type ElevationV1Request = z.infer<typeof ElevationV1RequestSchema>;

export const ElevationPointSchema = z
  .object({
    longitude: z.number(),
    latitude: z.number(),
    elevationFt: ElevationFtSchema,
    source: z.string().describe('Which source answered: dem:<name> (an imported DEM, bilinear), sandbox-airport-model:<dataset version> (followed by "(dem:<name> has no data here)" where a DEM covers the position without data), or no-coverage (elevationFt null)'),
  })
  .meta({ id: 'ElevationPoint' });
export type ElevationPoint = z.infer<typeof ElevationPointSchema>;

export const ElevationV1ResponseSchema = envelope(z.array(ElevationPointSchema)).meta({ id: 'ElevationV1Response' });

export const ElevationV2RequestSchema = z
  .object({
    geometry: z.discriminatedUnion('type', [PointSchema, LineStringSchema, PolygonSchema]).describe(
      `Point (one elevation), LineString (a profile, at most ${MAX_PROFILE_LENGTH_KM} km long) or Polygon (min / max / mean, at most ${MAX_AREA_KM2} km²)`,
    ),
    samples: z
      .number()
      .int()
      .min(1)
      .max(MAX_AREA_SAMPLES)
      .optional()
      .describe(`LineString: points along the line, 2..${MAX_PROFILE_SAMPLES} (default ${DEFAULT_PROFILE_SAMPLES}); Polygon: grid points inside, 1..${MAX_AREA_SAMPLES} (default ${DEFAULT_AREA_SAMPLES}), plus its vertices; Point: ignored`),
  })
  .meta({ id: 'ElevationV2Request' });
export type ElevationV2Request = z.infer<typeof ElevationV2RequestSchema>;

export const ProfileSampleSchema = z
  .object({ distanceM: z.number().min(0).describe('Metres from the first position, along the line'), longitude: z.number(), latitude: z.number(), elevationFt: ElevationFtSchema })
  .meta({ id: 'ProfileSample' });

export const ElevationProfileSchema = z
  .object({
    geometryType: z.enum(['Point', 'LineString']),
    source: z.string(),
    lengthM: z.number().min(0),
    profile: z.array(ProfileSampleSchema).describe('From the first position to the last; one entry for a Point'),
  })
  .meta({ id: 'ElevationProfile' });

export const ElevationAreaSchema = z
  .object({
    geometryType: z.literal('Polygon'),
    source: z.string(),
    min: ElevationFtSchema.describe('Lowest sampled ground, feet MSL; null when no sample is covered'),
    max: ElevationFtSchema.describe('Highest sampled ground, feet MSL'),
    mean: ElevationFtSchema.describe('Mean of the covered samples, feet MSL'),
    samples: z.number().int().describe('Positions looked at: grid points inside the polygon and its vertices'),
    uncoveredSamples: z.number().int().describe('Samples the model had no coverage for (left out of min / max / mean)'),
  })
  .meta({ id: 'ElevationArea' });

export const ElevationV2DataSchema = z.union([ElevationProfileSchema, ElevationAreaSchema]);
export type ElevationV2Data = z.infer<typeof ElevationV2DataSchema>;
export const ElevationV2ResponseSchema = envelope(ElevationV2DataSchema).meta({ id: 'ElevationV2Response' });
