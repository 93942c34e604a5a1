/**
 * Place search (geocoding) without a network: airports of the current dataset and GeoNames cities.
 * Ranking and sources: docs/places.md. Imports nothing but zod: the portal parses with it too.
 */
import { z } from 'zod';

export const PlaceKindSchema = z.enum(['airport', 'heliport', 'seaplane_base', 'city']);
export type PlaceKind = z.infer<typeof PlaceKindSchema>;

export const PlacesQuerySchema = z.object({
  q: z.string().trim().min(1, 'expected 1 to 100 characters').max(100, 'expected 1 to 100 characters').describe('What to look for: an airport identifier (BFI, KSEA), an airport or city name; 1..100 characters'),
  limit: z.coerce.number().int().min(1).max(20).default(8).describe('At most this many places, 1..20 (default 8)'),
});
export type PlacesQuery = z.infer<typeof PlacesQuerySchema>;

export const PlaceSchema = z
  .object({
    name: z.string(),
    kind: PlaceKindSchema,
    ident: z.string().optional().describe('FAA location identifier (airports only)'),
    icao: z.string().optional().describe('ICAO code (airports that have one)'),
    region: z.string().optional().describe('US state or territory code'),
    country: z.string().describe('ISO 3166-1 alpha-2'),
    lon: z.number().min(-180).max(180),
    lat: z.number().min(-90).max(90),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof PlaceSchema>;

export const PlacesResponseSchema = z.object({ places: z.array(PlaceSchema) }).meta({ id: 'PlacesResponse' });
export type PlacesResponse = z.infer<typeof PlacesResponseSchema>;
