/**
 * Advisories: the legacy POST /v2/advisory (spec 4.5, properties of 2.7) and its replacements named
 * in 4.14, GET /v1/advisories/bbox and POST /v1/advisories/geojson (endpoints.md; shapes our choice).
 */
import { z } from 'zod';
import { DataProvenanceSchema } from './briefing';
import { envelope, GeometrySchema, type Geometry } from './common';

/** Spec 8: the bounding box of the query geometry may not have a side longer than 30 NM (4.5, 4.6). */
export const MAX_QUERY_SIDE_NM = 30;

/**
 * Width in degrees of the shortest arc of longitude that holds every longitude: 360 minus the widest
 * gap between them around the circle, so a shape cut at or crossing 180° is as narrow as it is.
 */
function longitudeSpan(xs: number[]): number {
  const sorted = [...new Set(xs.map((x) => (x === -180 ? 180 : x)))].sort((a, b) => a - b);
  if (sorted.length < 2) return 0;
  let gap = 360 - (sorted[sorted.length - 1]! - sorted[0]!);
  for (let i = 1; i < sorted.length; i++) gap = Math.max(gap, sorted[i]! - sorted[i - 1]!);
  return 360 - gap;
}

/** Longest side of a geometry's bounding box in NM (1 NM = 1 minute of latitude; longitude scaled by latitude). */
export function longestSideNm(g: Geometry): number {
  const xs: number[] = [], ys: number[] = [];
  const visit = (p: number[]) => {
    xs.push(p[0]!);
    ys.push(p[1]!);
  };
  if (g.type === 'Point') visit(g.coordinates);
  else if (g.type === 'LineString') g.coordinates.forEach(visit);
  else if (g.type === 'Polygon') g.coordinates.forEach((r) => r.forEach(visit));
  else g.coordinates.forEach((p) => p.forEach((r) => r.forEach(visit)));
  // Loops, not Math.min(...ys): a spread of a hostile number of positions overflows the call stack.
  let s = Infinity, n = -Infinity;
  for (const y of ys) {
    if (y < s) s = y;
    if (y > n) n = y;
  }
  const cos = Math.cos((((s + n) / 2) * Math.PI) / 180);
  return Math.max(longitudeSpan(xs) * 60 * cos, (n - s) * 60);
}

/** The query geometry with the 30 NM side limit; the message names the limit and the size found. */
export const QueryGeometrySchema = GeometrySchema.superRefine((g, ctx) => {
  const side = longestSideNm(g);
  if (side > MAX_QUERY_SIDE_NM) {
    ctx.addIssue({ code: 'custom', message: `the bounding box of the geometry has a side of ${side.toFixed(1)} NM; at most ${MAX_QUERY_SIDE_NM} NM is allowed` });
  }
}).describe(`Point, LineString or Polygon; its bounding box may not have a side longer than ${MAX_QUERY_SIDE_NM} NM`);

export const AdvisoryCategorySchema = z
  .enum(['faa_107', 'faa_44809'])
  .meta({ id: 'AdvisoryCategory', description: 'faa_107: commercial flight (Part 107); faa_44809: recreational flight (49 U.S.C. 44809)' });
export const AdvisorySourceSchema = z
  .enum(['faa', 'community', 'all'])
  .meta({ id: 'AdvisorySource', description: 'faa: federal advisories; community: state and local ones; all: every advisory' });

/** Spec 4.5: YYYY-MM-DDThh:mmZ (seconds are tolerated). */
export const MinuteTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/, 'expected YYYY-MM-DDThh:mmZ')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'not a real date and time');

const filterFields = {
  source: AdvisorySourceSchema.optional().describe('Default all'),
  startTime: MinuteTimeSchema.optional().describe('YYYY-MM-DDThh:mmZ; advisories active at or after it (default now)'),
  endTime: MinuteTimeSchema.optional().describe('YYYY-MM-DDThh:mmZ; advisories active before it (default one hour after startTime)'),
  maxAltitude: z.number().int().min(0).max(400).optional().describe('Highest altitude of the operation in ft AGL (default 400): decides which ceilings and floors restrict it'),
};

function windowInOrder(v: { startTime?: string | undefined; endTime?: string | undefined }, ctx: z.RefinementCtx): void {
  if (v.startTime && v.endTime && Date.parse(v.endTime) <= Date.parse(v.startTime)) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime' });
  }
}

export const AdvisoryRequestSchema = z
  .object({ geometry: QueryGeometrySchema, category: AdvisoryCategorySchema, ...filterFields })
  .superRefine(windowInOrder)
  .meta({ id: 'AdvisoryRequest', description: 'Spec 4.5' });
export type AdvisoryRequest = z.infer<typeof AdvisoryRequestSchema>;

export const AdvisoryGeoJsonRequestSchema = z
  .object({ geometry: QueryGeometrySchema, category: AdvisoryCategorySchema.optional().describe('Default faa_107'), ...filterFields })
  .superRefine(windowInOrder)
  .meta({ id: 'AdvisoryGeoJsonRequest', description: 'The 4.5 request with category optional' });
export type AdvisoryGeoJsonRequest = z.infer<typeof AdvisoryGeoJsonRequestSchema>;

const coord = String.raw`-?\d+(\.\d+)?`;
export const AdvisoryBBoxQuerySchema = z
  .object({
    bbox: z
      .string()
      .regex(new RegExp(`^${coord},${coord},${coord},${coord}$`), 'expected west,south,east,north in decimal degrees')
      .transform((s) => s.split(',').map(Number) as [number, number, number, number])
      .refine(([w, s, e, n]) => w >= -180 && e <= 180 && s >= -90 && n <= 90 && w < e && s < n, 'expected west < east within -180..180 and south < north within -90..90')
      .describe('west,south,east,north in decimal degrees; no side longer than 30 NM'),
    category: AdvisoryCategorySchema.optional().describe('Default faa_107'),
    source: filterFields.source,
    startTime: filterFields.startTime,
    endTime: filterFields.endTime,
    maxAltitude: z.string().regex(/^\d+$/, 'expected whole feet').transform(Number).pipe(z.number().max(400)).optional().describe('Highest altitude in ft AGL, 0 to 400 (default 400)'),
  })
  .superRefine(windowInOrder);
export type AdvisoryBBoxQuery = z.infer<typeof AdvisoryBBoxQuerySchema>;

export const AdvisoryPropertiesSchema = z
  .object({
    advisorySource: z.string().optional().describe('faa or community'),
    advisoryType: z.string().optional().describe('Layer code: uasfm_ceiling, controlled_airspace, tfr, stadium, sua, nsufr_ft, nsufr_pt, washington_frz, ...'),
    contactEmail: z.string().optional(),
    contactName: z.string().optional(),
    contactPhone: z.string().optional(),
    contactUrl: z.string().optional(),
    effectiveDays: z.array(z.string()).optional().describe('Three-letter day names of the times of use'),
    endDate: z.string().optional().describe('End of validity (RFC 3339); absent: until further notice'),
    endTime: z.string().optional().describe('End of the period in effect during the query window (RFC 3339)'),
    message: z.string().optional(),
    severity: z.string().optional().describe('warning, caution or information'),
    startDate: z.string().optional().describe('Start of validity (RFC 3339)'),
    startTime: z.string().optional().describe('Start of the period in effect during the query window (RFC 3339)'),
    timezone: z.string().optional(),
    title: z.string().optional(),
    provenance: z.array(DataProvenanceSchema).optional().describe('Our extension (as on a briefing notice): where the advisory\'s data comes from'),
  })
  .meta({ id: 'AdvisoryProperties', description: 'Spec 2.7' });
export type AdvisoryProperties = z.infer<typeof AdvisoryPropertiesSchema>;

export const AdvisoryFeatureSchema = z
  .object({ type: z.literal('Feature'), id: z.string().optional(), geometry: GeometrySchema.optional(), properties: AdvisoryPropertiesSchema.optional() })
  .meta({ id: 'AdvisoryFeature' });
export type AdvisoryFeature = z.infer<typeof AdvisoryFeatureSchema>;

export const AdvisoryResponseSchema = envelope(z.array(AdvisoryFeatureSchema)).meta({ id: 'AdvisoryResponse', description: 'Spec 4.5: statusCode, message, data' });
export type AdvisoryResponse = z.infer<typeof AdvisoryResponseSchema>;

export const AdvisoryCollectionResponseSchema = envelope(z.object({ type: z.literal('FeatureCollection'), features: z.array(AdvisoryFeatureSchema) })).meta({
  id: 'AdvisoryCollectionResponse',
  description: 'The legacy envelope around a GeoJSON FeatureCollection of advisories',
});
export type AdvisoryCollectionResponse = z.infer<typeof AdvisoryCollectionResponseSchema>;
