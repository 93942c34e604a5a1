/** A GET /v1/status answer for component tests. */
import type { Status } from '../../server/contract/system';

export function statusAnswer(over: { profile?: Status['profile']; kind?: Status['dataset']['kind'] } = {}): Status {
  return {
    status: 'ok',
    profile: over.profile ?? 'sandbox',
    time: '2026-07-01T00:00:00Z',
    store: { engine: 'pglite', ok: true },
    dataset: { version: 'v1', kind: over.kind ?? 'sandbox', generatedAt: '2026-07-01T00:00:00Z', features: 10, sources: [] },
  };
}
