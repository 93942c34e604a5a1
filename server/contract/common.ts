/**
 * Shared pieces of the contract: GeoJSON (spec 2.1), the legacy envelope, errors, common enums.
 * This module (and all of server/contract) imports nothing but zod: the portal imports it too.
 */
import { z } from 'zod';

export const LongitudeSchema = z.number().min(-180).max(180);
export const LatitudeSchema = z.number().min(-90).max(90);

/** [longitude, latitude] with an optional third value (FAA exports carry [lon, lat, 0]). */
export const PositionSchema = z
  .array(z.number())
  .min(2)
  .max(3)
  .superRefine((p, ctx) => {
    const [lon, lat] = p as [number, number];
    if (lon < -180 || lon > 180) ctx.addIssue({ code: 'custom', message: `longitude ${lon} is outside -180..180` });
    if (lat < -90 || lat > 90) ctx.addIssue({ code: 'custom', message: `latitude ${lat} is outside -90..90` });
  });

export const LinearRingSchema = z
  .array(PositionSchema)
  .min(4, 'a ring needs at least 4 positions')
  .superRefine((ring, ctx) => {
    const a = ring[0]!, b = ring[ring.length - 1]!;
    if (ring.length >= 4 && (a[0] !== b[0] || a[1] !== b[1])) {
      ctx.addIssue({ code: 'custom', message: 'the ring is not closed: its first and last positions differ' });
    }
  });

export const PolygonSchema = z
  .object({ type: z.literal('Polygon'), coordinates: z.array(LinearRingSchema).min(1) })
  .meta({ id: 'Polygon', description: 'GeoJSON Polygon (RFC 7946); rings closed' });
export const MultiPolygonSchema = z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(LinearRingSchema).min(1)).min(1) });
export const LineStringSchema = z
  .object({ type: z.literal('LineString'), coordinates: z.array(PositionSchema).min(2) })
  .meta({ id: 'LineString' });
export const PointSchema = z.object({ type: z.literal('Point'), coordinates: PositionSchema }).meta({ id: 'Point' });

export const GeometrySchema = z
  .discriminatedUnion('type', [PolygonSchema, MultiPolygonSchema, LineStringSchema, PointSchema])
  .meta({ id: 'Geometry', description: 'GeoJSON geometry (spec 2.1)' });

export type Polygon = z.infer<typeof PolygonSchema>;
export type LineString = z.infer<typeof LineStringSchema>;
export type Point = z.infer<typeof PointSchema>;
export type Geometry = z.infer<typeof GeometrySchema>;

export const FeatureSchema = z
  .object({
    type: z.literal('Feature'),
    geometry: GeometrySchema.nullable().optional(),
    properties: z.record(z.string(), z.unknown()).nullable().optional(),
    id: z.union([z.string(), z.number()]).optional(),
  })
  .meta({ id: 'Feature' });
export type Feature = z.infer<typeof FeatureSchema>;

/** RFC 3339 date-time with an offset (Z or ±hh:mm). */
export const DateTimeSchema = z.iso.datetime({ offset: true });

/** Legacy-style envelope (spec 7: statusCode and message, value "success"). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.number().int(), message: z.string(), data });
}

export const ErrorSchema = z
  .object({ statusCode: z.number().int(), message: z.string(), details: z.unknown().optional() })
  .meta({ id: 'Error', description: 'Every error: the status repeated, a message a person can act on, details where useful' });
export type ErrorBody = z.infer<typeof ErrorSchema>;

export const AltitudeUnitSchema = z.enum(['ALTITUDE_UNIT_UNSPECIFIED', 'ALTITUDE_UNIT_METERS', 'ALTITUDE_UNIT_FEET']).meta({ id: 'AltitudeUnit' });
export const AltitudeReferenceSchema = z
  .enum(['ALTITUDE_REFERENCE_UNSPECIFIED', 'ALTITUDE_REFERENCE_WGS84', 'ALTITUDE_REFERENCE_AGL', 'ALTITUDE_REFERENCE_AMSL'])
  .meta({ id: 'AltitudeReference' });
export const FlightTypeSchema = z.enum(['FLIGHT_TYPE_UNSPECIFIED', 'FLIGHT_TYPE_RECREATIONAL', 'FLIGHT_TYPE_COMMERCIAL']).meta({ id: 'FlightType' });

let canonicalZones: ReadonlySet<string> | null = null;

/**
 * Whether the runtime's zone database knows `tz`. The runtime's own list of canonical names answers
 * the usual case from a set: building an Intl.DateTimeFormat for each check was 9 % of the CPU of
 * creating an operation (docs/perf.md). Anything else (aliases, other spellings) is still asked of
 * Intl.DateTimeFormat itself, so exactly the same names are accepted.
 */
export function isTimeZone(tz: string): boolean {
  canonicalZones ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  if (canonicalZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** IANA zone name, checked against the runtime's zone database. */
export const TimeZoneSchema = z.string().min(1).refine(
  isTimeZone,
  { message: 'not a time zone name from the IANA zone list' },
);
