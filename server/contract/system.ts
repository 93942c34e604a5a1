import { z } from 'zod';

export const SourceStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['faa', 'generated', 'open-data']).optional().describe('Always sent by this service. ' + 'faa: an FAA file or feed; generated: modelled by the sandbox generator; open-data: third-party open data'),
  file: z.string().optional().describe('The FAA file or feed the data was read from'),
  effectiveDateStated: z.boolean().optional().describe('Always sent by this service. ' + 'false when the publisher states no effective date (effectiveDate is then the retrieval time)'),
  version: z.string(),
  effectiveDate: z.string(),
  retrievedAt: z.string(),
  ageSeconds: z.number(),
  attribution: z.string(),
  licence: z.string(),
  url: z.string().optional(),
  refreshMinutes: z.number().optional(),
  cycleDays: z.number().optional().describe('The publisher\'s cycle in days, for data published on one (56 for a UDDS facility map, 28 for NASR)'),
  coverage: z
    .object({
      layers: z.array(z.enum(['class_airspace', 'uasfm', 'sua', 'tfr'])),
      basis: z.enum(['sync', 'feed', 'declared', 'file-extent', 'model']),
      bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional().describe('West, south, east, north of the region; absent when national'),
    })
    .optional()
    .describe('Where this source is complete: outside it a briefing says there is no data of these kinds (docs/briefing-rules.md "Coverage")'),
  dateNote: z.string().optional().describe('Always sent by this service. The date in words: "effective 2025-10-30", or, for a file that states no date, "undated; file dated …" or "undated, retrieved at …" (docs/provenance.md)'),
  fileDate: z.string().optional().describe('A file imported from disk: its modification time, the file\'s own date when it states no effective date'),
  validUntil: z.string().optional().describe('When data published on a cycle stops being current: effectiveDate plus the cycle (56 days for a UDDS facility map, 28 for NASR); absent without a cycle (docs/provenance.md)'),
});

export const DemStatusSchema = z.object({
  name: z.string().describe('As given to the import; elevation answers from it say source "dem:<name>"'),
  source: z.string(),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('West, south, east, north in degrees'),
  resolutionDeg: z.tuple([z.number(), z.number()]),
  effectiveDate: z.string().optional().describe('From the file name, when it carries a date'),
  importedAt: z.string(),
});

export const ElevationStatusSchema = z
  .object({
    inForce: z.enum(['dem', 'model']).describe('dem: imported DEM files answer where they cover (the model elsewhere); model: the sandbox terrain model everywhere'),
    model: z.string().describe('The source name of the terrain model built from airport elevations (used where no DEM covers)'),
    dems: z.array(DemStatusSchema).describe('The imported DEM files, in import order'),
    error: z.string().optional().describe('Set when the DEM index could not be read: the model answers meanwhile'),
  })
  .meta({ id: 'ElevationStatus', description: 'The ground elevation source in force (docs/elevation.md)' });

export const LiveSourceStatusSchema = z
  .object({
    id: z.string().describe('faa:tfr-feed (the FAA TFR list and details), faa:charts (the ArcGIS sync)'),
    name: z.string(),
    fresh: z.boolean().describe('false while the source is past its freshness promise (or holds TFRs of unknown area): answers are CAUTION at most'),
    staleSince: z.string().optional().describe('RFC 3339: since when it is past its promise'),
    unknownTfrs: z.number().int().optional().describe('TFRs the list names whose area could not be read'),
    lastSuccess: z.string().optional().describe('RFC 3339: the last good read'),
    lastAttempt: z.string().optional().describe('RFC 3339: the last read, good or not'),
    nextRun: z.string().optional().describe('RFC 3339: when the next read is due'),
    lastResult: z.string().optional().describe('The last read in words ("83 listed, 0 unread", "failed")'),
    lastError: z.string().optional().describe('Why the last read failed'),
    ageSeconds: z.number().optional().describe('Seconds since the last good read'),
  })
  .meta({ id: 'LiveSourceStatus', description: 'A source the service follows live (docs/live-data.md)' });

export const StatusSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    profile: z.enum(['sandbox', 'production']),
    time: z.string(),
    store: z.object({ engine: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
    dataset: z.object({ version: z.string(), kind: z.enum(['sandbox', 'faa']), generatedAt: z.string(), features: z.number().int(), sources: z.array(SourceStatusSchema) }),
    elevation: ElevationStatusSchema.optional().describe('Always sent by this service'),
    liveSources: z.array(LiveSourceStatusSchema).optional().describe('The sources followed live, when any is configured (docs/live-data.md)'),
  })
  .meta({ id: 'Status' });
export type Status = z.infer<typeof StatusSchema>;
