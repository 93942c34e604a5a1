/**
 * The contract of a map style (spec 4.13): the fields the spec names, checked on every response
 * outside production. Extra MapLibre fields (center, zoom, metadata...) pass through.
 */
import { z } from 'zod';

const BoundsSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[west, south, east, north]');

export const StyleSourceSchema = z
  .object({
    type: z.string(),
    tiles: z.array(z.string()).describe('URL templates with {z}, {x} and {y}').optional(),
    minzoom: z.number().optional(),
    maxzoom: z.number().optional(),
    bounds: BoundsSchema.optional(),
    attribution: z.string().optional(),
  })
  .loose();

export const StyleLayerSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    source: z.string().describe('Required except for background layers').optional(),
    'source-layer': z.string().describe('Required for vector sources').optional(),
    filter: z.unknown().optional(),
    layout: z.record(z.string(), z.unknown()).optional(),
    paint: z.record(z.string(), z.unknown()).optional(),
    minzoom: z.number().describe('Hidden below this zoom').optional(),
    maxzoom: z.number().describe('Hidden at and above this zoom').optional(),
  })
  .loose();

export const StyleSchema = z
  .object({
    version: z.literal(8),
    name: z.string(),
    sprite: z.string().describe('Sprite URL (without .json/.png)'),
    glyphs: z.string().describe('Glyph URL template with {fontstack} and {range}'),
    sources: z.record(z.string(), StyleSourceSchema),
    layers: z.array(StyleLayerSchema),
  })
  .loose()
  .meta({ id: 'MapStyle', description: 'A MapLibre map style definition, version 8 (spec 4.13)' });
