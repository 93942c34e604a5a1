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
});

export const StatusSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    profile: z.enum(['sandbox', 'production']),
    time: z.string(),
    store: z.object({ engine: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
    dataset: z.object({ version: z.string(), kind: z.enum(['sandbox', 'faa']), generatedAt: z.string(), features: z.number().int(), sources: z.array(SourceStatusSchema) }),
  })
  .meta({ id: 'Status' });
export type Status = z.infer<typeof StatusSchema>;
