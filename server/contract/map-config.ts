/**
 * What the portal needs to pick its map: the service's styles, which basemap they draw (the offline
 * one, or streets from a Protomaps archive), and a MapLibre style URL the deployment chose to draw
 * under the airspace instead (BASEMAP_STYLE_URL), if any; and the online street and aerial maps offered.
 */
import { z } from 'zod';

/** A map a third party serves: drawing it tells that host which area is viewed (docs/portal.md). */
export const OnlineStreetsSchema = z
  .object({
    styleUrl: z.string().describe('MapLibre style of the street map (vector, OpenMapTiles schema); STREETS_STYLE_URL'),
    attribution: z.string().describe('Credit shown on the map; STREETS_ATTRIBUTION'),
  })
  .meta({ id: 'OnlineStreetsMap' });

export const OnlineAerialSchema = z
  .object({
    tilesUrl: z.string().describe('Raster tile template with {z}, {x} and {y}; AERIAL_TILES_URL'),
    attribution: z.string().describe('Credit shown on the map; AERIAL_ATTRIBUTION'),
    maxZoom: z.number().int().describe('Deepest zoom the host serves; the map enlarges its tiles beyond it'),
  })
  .meta({ id: 'OnlineAerialMap' });

export const MapConfigSchema = z
  .object({
    styles: z.array(z.string()).describe('Names for /styles/{style}/style.json'),
    basemap: z.enum(['offline', 'streets']).describe('What the styles draw under the airspace: the offline basemap or a street basemap (BASEMAP_PMTILES)'),
    styleUrl: z.string().nullable().describe('A MapLibre style the portal draws under the airspace instead (BASEMAP_STYLE_URL), or null'),
    maps: z
      .object({
        streets: OnlineStreetsSchema.nullable().describe('The street map offered, or null'),
        aerial: OnlineAerialSchema.nullable().describe('The aerial imagery offered, or null'),
      })
      .optional()
      .describe('Online maps the portal offers beside the offline basemap (absent from older services)'),
  })
  .meta({ id: 'MapConfig' });

export type MapConfig = z.infer<typeof MapConfigSchema>;
