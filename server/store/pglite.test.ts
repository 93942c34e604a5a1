/** The embedded store runs with a bounded buffer pool (docs/perf.md), on top of PGlite's own start parameters. */
import { describe, expect, it } from 'vitest';
import { openPglite, PGLITE_SHARED_BUFFERS } from './pglite';

describe('openPglite', () => {
  it('sets shared_buffers to 16 MB and keeps PGlite single-user settings', async () => {
    const db = await openPglite(':memory:');
    try {
      const [sb] = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(sb!.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      expect(PGLITE_SHARED_BUFFERS).toBe('16MB');
      const [sp] = await db.query<{ search_path: string }>('SHOW search_path');
      expect(sp!.search_path).toBe('public');
    } finally {
      await db.close();
    }
    // Opening a fresh in-memory PGlite (initdb) takes seconds on a loaded machine.
  }, 120_000);
});
