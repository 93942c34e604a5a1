/**
 * What the portal needs to pick its map: the service's styles, which basemap they draw (the offline
 * one, or streets from a Protomaps archive), and a MapLibre style URL the deployment chose to draw
 * under the airspace instead (BASEMAP_STYLE_URL), if any.
 */
import { z } from 'zod';

export const MapConfigSchema = z
  .object({
    styles: z.array(z.string()).describe('Names for /styles/{style}/style.json'),
    basemap: z.enum(['offline', 'streets']).describe('What the styles draw under the airspace: the offline basemap or a street basemap (BASEMAP_PMTILES)'),
    styleUrl: z.string().nullable().describe('A MapLibre style the portal draws under the airspace instead (BASEMAP_STYLE_URL), or null'),
  })
  .meta({ id: 'MapConfig' });

export type MapConfig = z.infer<typeof MapConfigSchema>;
