/**
 * Contract of the surface and risk operations: ground type (spec 4.12), surface GeoJSON (4.11),
 * suitability (4.10, deprecated) and the Surface/Risk operations of endpoints.md. Imports only zod and
 * its siblings.
 * The model behind the numbers is described in docs/ground-risk.md.
 */
import { z } from 'zod';
import { FeatureSchema, GeometrySchema, PolygonSchema, envelope } from './common';
import { DENSITY_CLASS_VALUES, MAX_RESOLUTION, MIN_RESOLUTION } from './density-classes';

export { DENSITY_CLASS_VALUES, MAX_RESOLUTION, MIN_RESOLUTION };

/** Layer codes of spec 4.11 ("layer codes seen"). */
export const SURFACE_LAYER_CODES = [
  'airports', 'community_advisories', 'class_airspace_schedule', 'faa_helipads', 'mtr_buffer', 'national_parks_simple',
  'notams', 'nsufr_ft', 'nsufr_pt', 'recreational_flyer_fixed_sites', 'satr', 'seaport', 'sporting_tfr', 'stadium',
  'sua_schedule', 'tfr', 'uasfm_ceiling', 'washington_frz',
] as const;
export type SurfaceLayerCode = (typeof SURFACE_LAYER_CODES)[number];
export const isSurfaceLayerCode = (s: string): s is SurfaceLayerCode => (SURFACE_LAYER_CODES as readonly string[]).includes(s);

/** A known layer code; an unknown one is an invalid value (422) named in the message. */
export const SurfaceLayerCodeSchema = z
  .string()
  .superRefine((code, ctx) => {
    if (!isSurfaceLayerCode(code)) ctx.addIssue({ code: 'custom', message: `unknown layer code "${code}"; known codes: ${SURFACE_LAYER_CODES.join(', ')}` });
  })
  .describe(`One of: ${SURFACE_LAYER_CODES.join(', ')}`) as unknown as z.ZodType<SurfaceLayerCode>;

export const DensityClassSchema = z.enum(DENSITY_CLASS_VALUES).meta({ id: 'DensityClass' });
export type DensityClass = z.infer<typeof DensityClassSchema>;

/** Cells one request may cover; beyond it the answer is 408 "reduce the size of the request" (spec 7). */
export const MAX_CELLS = 20_000;
export const ResolutionSchema = z
  .number()
  .int()
  .min(MIN_RESOLUTION)
  .max(MAX_RESOLUTION)
  .describe(`H3 resolution, ${MIN_RESOLUTION} to ${MAX_RESOLUTION}; at most ${MAX_CELLS} cells a request`);

const hexFeature = <P extends z.ZodType>(properties: P) =>
  z.object({ type: z.literal('Feature'), id: z.string().describe('H3 cell index'), geometry: PolygonSchema, properties });

// ---- 4.12 ground type -------------------------------------------------------------------------

export const GroundTypeRequestSchema = z.object({ geometry: GeometrySchema, resolution: ResolutionSchema }).meta({ id: 'GroundTypeRequest' });
export type GroundTypeRequest = z.infer<typeof GroundTypeRequestSchema>;
export const GroundTypePropertiesSchema = z.object({ density: DensityClassSchema, popPerSqKm: z.number().min(0) });
export const GroundTypeFeatureSchema = hexFeature(GroundTypePropertiesSchema).meta({ id: 'GroundTypeFeature' });
export type GroundTypeFeature = z.infer<typeof GroundTypeFeatureSchema>;
export const GroundTypeResponseSchema = envelope(z.array(GroundTypeFeatureSchema)).meta({ id: 'GroundTypeResponse' });

// ---- 4.11 surface GeoJSON ---------------------------------------------------------------------

export const SurfaceLayerRequestSchema = z.object({
  code: SurfaceLayerCodeSchema,
  fields: z.array(z.string().min(1)).optional().describe('Properties to return; "*" every field; absent (as washington_frz is sent) also every field'),
});
export const SurfaceGeojsonRequestSchema = z
  .object({ geometry: GeometrySchema, layers: z.array(SurfaceLayerRequestSchema).min(1).max(5), resolution: ResolutionSchema })
  .meta({ id: 'SurfaceGeojsonRequest' });
export type SurfaceGeojsonRequest = z.infer<typeof SurfaceGeojsonRequestSchema>;
export const SurfaceGeojsonResponseSchema = envelope(z.array(FeatureSchema)).meta({ id: 'SurfaceGeojsonResponse' });

export const SurfaceLayerInfoSchema = z.object({
  code: z.string(),
  description: z.string(),
  geometryType: z.string().describe('GeoJSON type served: Point, Polygon, or alternatives joined by |'),
  source: z.object({ layer: z.string(), subtype: z.string().optional(), filter: z.string().optional() }),
  fields: z.array(z.string()),
});
export const SuitabilityFeatureInfoSchema = z.object({
  name: z.string().describe('A key of `features` in suitability and classification requests'),
  description: z.string(),
  defaultWeight: z.number(),
});
export const SurfaceLayersResponseSchema = envelope(z.array(SurfaceLayerInfoSchema))
  .extend({ suitabilityFeatures: z.array(SuitabilityFeatureInfoSchema).describe('Every feature name suitability and classification accept, with its default weight') })
  .meta({ id: 'SurfaceLayersResponse' });

// ---- 4.10 suitability and the classification surface -----------------------------------------

/**
 * Names usable in `features`; the scoring each takes part in is in docs/ground-risk.md. `population` is the
 * population model's ground term itself: its weight scales it, 0..1 (dense ground never counts in favour).
 */
export const SUITABILITY_FEATURES = [
  'population', 'airports', 'heliports', 'seaports', 'stadiums', 'national_parks', 'controlled_airspace', 'restricted_airspace', 'mtr', 'recreational_sites',
] as const;
export type SuitabilityFeatureName = (typeof SUITABILITY_FEATURES)[number];

const FeatureWeightsSchema = z
  .record(z.string(), z.object({ weight: z.number().min(-1).max(1) }))
  .superRefine((rec, ctx) => {
    for (const [name, { weight }] of Object.entries(rec)) {
      if (!(SUITABILITY_FEATURES as readonly string[]).includes(name)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `unknown feature "${name}"; known: ${SUITABILITY_FEATURES.join(', ')}` });
      } else if (name === 'population' && weight < 0) {
        // Safety: a caller may discount the ground risk, never turn crowds into a reason to fly.
        ctx.addIssue({ code: 'custom', path: [name, 'weight'], message: 'population weight must be 0..1: dense ground never counts in favour of a cell' });
      }
    }
  })
  // OpenAPI lists the names (the record's keys); the check above gives the message naming the bad key.
  .meta({ propertyNames: { enum: [...SUITABILITY_FEATURES] } })
  .describe(`Feature name (${SUITABILITY_FEATURES.join(', ')}) → {weight}: positive weights count against a hex near that feature, negative ones for it (-1..1; population 0..1)`);

const SuitabilityBase = {
  uavWeight: z.string().optional().describe('Take-off mass: "0.9", "0.9kg", "249g", "2lb", or micro (<250 g), small (<25 kg), large'),
  uavType: z.string().optional().describe('multirotor, fixed_wing, hybrid or helicopter (case-insensitive)'),
  pilotControl: z.string().optional().describe('Recorded, not scored'),
  losType: z.string().optional().describe('VLOS, EVLOS or BVLOS'),
  maxAltitude: z.number().int().min(5).max(400).optional().describe('Feet AGL (spec 8: 5 to 400)'),
  resolution: ResolutionSchema,
  noFill: z.boolean().optional().describe('When true, hexes with no feature near them are left out'),
  features: FeatureWeightsSchema.optional(),
};
export const SuitabilityRequestSchema = z.object({ ...SuitabilityBase, geometry: PolygonSchema }).meta({ id: 'SuitabilityRequest' });
export type SuitabilityRequest = z.infer<typeof SuitabilityRequestSchema>;
export const SuitabilityPropertiesSchema = z.object({
  density: DensityClassSchema,
  infrastructureTypes: z.array(z.string()),
  popPerSqMi: z.number().min(0),
  score: z.number().int().min(0).max(100),
  suitableFeatures: z.array(z.string()),
});
export const SuitabilityResponseSchema = envelope(
  z.object({ type: z.literal('FeatureCollection'), features: z.array(hexFeature(SuitabilityPropertiesSchema)) }),
).meta({ id: 'SuitabilityResponse' });

export const ClassificationRequestSchema = z.object({ ...SuitabilityBase, geometry: GeometrySchema }).meta({ id: 'ClassificationRequest' });
export type ClassificationRequest = z.infer<typeof ClassificationRequestSchema>;
export const SuitabilityClassSchema = z.enum(['SUITABLE', 'CAUTION', 'UNSUITABLE']);
export const ClassificationResponseSchema = envelope(
  z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      hexFeature(SuitabilityPropertiesSchema.extend({ class: SuitabilityClassSchema, popPerSqKm: z.number().min(0), igrc: z.number().int().nullable() })),
    ),
  }),
).meta({ id: 'ClassificationResponse' });

// ---- hexbin -----------------------------------------------------------------------------------

export const HexbinRequestSchema = z
  .object({ geometry: GeometrySchema, resolution: ResolutionSchema, layers: z.array(SurfaceLayerCodeSchema).min(1).max(5) })
  .meta({ id: 'HexbinRequest' });
export type HexbinRequest = z.infer<typeof HexbinRequestSchema>;
export const HexbinResponseSchema = envelope(
  z.array(hexFeature(z.object({ counts: z.record(z.string(), z.number().int().min(0)), total: z.number().int().min(0) }))),
).meta({ id: 'HexbinResponse' });

// ---- risk (SORA 2.5 ground risk, initial air risk, SAIL) --------------------------------------

export const UavSchema = z
  .object({
    maxDimensionM: z.number().positive().max(1000).optional().describe('Maximum characteristic dimension, m (default 1)'),
    maxSpeedMps: z.number().positive().max(1000).optional().describe('Maximum speed, m/s (default 25)'),
    takeoffMassKg: z.number().positive().max(100_000).optional(),
  })
  .meta({ id: 'Uav' });
export type Uav = z.infer<typeof UavSchema>;

export const PopulationBandSchema = z.enum(['remote', 'lightly_populated', 'sparsely_populated', 'suburban', 'high_density_metropolitan', 'assemblies_of_people']);
export type PopulationBand = z.infer<typeof PopulationBandSchema>;

export const GroundRiskRequestSchema = z
  .object({ geometry: GeometrySchema, resolution: ResolutionSchema, uav: UavSchema.optional() })
  .meta({ id: 'GroundRiskRequest' });
export type GroundRiskRequest = z.infer<typeof GroundRiskRequestSchema>;
const GroundSummarySchema = z.object({
  igrc: z.number().int().nullable().describe('Highest intrinsic ground risk class over the cells; null: outside SORA'),
  band: PopulationBandSchema,
  density: DensityClassSchema,
  maxPopPerSqKm: z.number(),
  meanPopPerSqKm: z.number(),
  cells: z.number().int(),
});
export const GroundRiskResponseSchema = envelope(
  GroundSummarySchema.extend({
    features: z.array(hexFeature(GroundTypePropertiesSchema.extend({ band: PopulationBandSchema, igrc: z.number().int().nullable() }))),
  }),
).meta({ id: 'GroundRiskResponse' });

export const HazardRequestSchema = GroundRiskRequestSchema.extend({
  layers: z.array(SurfaceLayerCodeSchema).min(1).max(18).optional().describe('Airspace layers to look for (default all 18)'),
}).meta({ id: 'HazardRequest' });
export type HazardRequest = z.infer<typeof HazardRequestSchema>;
export const HazardResponseSchema = envelope(
  z.object({
    ground: GroundSummarySchema,
    hazards: z.array(z.object({ code: z.string(), count: z.number().int(), names: z.array(z.string()) })),
  }),
).meta({ id: 'HazardResponse' });

export const RiskClassifyRequestSchema = GroundRiskRequestSchema.extend({
  maxAltitude: z.number().int().min(5).max(400).optional().describe('Feet AGL (default 400)'),
}).meta({ id: 'RiskClassifyRequest' });
export type RiskClassifyRequest = z.infer<typeof RiskClassifyRequestSchema>;
export const ArcSchema = z.enum(['ARC-a', 'ARC-b', 'ARC-c', 'ARC-d']);
export type Arc = z.infer<typeof ArcSchema>;
export const RiskClassifyResponseSchema = envelope(
  z.object({
    ground: GroundSummarySchema,
    air: z.object({ arc: ArcSchema, aec: z.number().int(), reason: z.string() }),
    sail: z.enum(['I', 'II', 'III', 'IV', 'V', 'VI']).nullable().describe('Without mitigations; null when the iGRC is outside SORA (above 7)'),
  }),
).meta({ id: 'RiskClassifyResponse' });
