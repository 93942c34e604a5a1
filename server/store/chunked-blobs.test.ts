/**
 * The chunked blobs both the dataset and the DEM tables use (embedded, or PostgreSQL with
 * TEST_DATABASE_URL): split at the chunk size, joined back in order, and checked against their SHA-256.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/helpers/service';
import type { DemEntry } from '../data/import/dem-index';
import { readChunks, sha256Hex, verifySha256 } from './chunked-blobs';
import { demStore } from './dems';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const entry = (name: string) => ({ name }) as DemEntry;

describe('chunked blobs', () => {
  it('stores a blob as chunks of at most the chunk size and reads it back byte for byte', async () => {
    const data = randomBytes(2500);
    await demStore.put(svc.deps.db, [{ entry: entry('chunks-a'), sha256: sha256Hex(data), data }], 1000);
    const rows = await svc.deps.db.query<{ seq: number; n: number }>('SELECT seq, octet_length(data) AS n FROM dem_chunks WHERE name = $1 ORDER BY seq', ['chunks-a']);
    expect(rows.map((r) => [r.seq, Number(r.n)])).toEqual([[0, 1000], [1, 1000], [2, 500]]);
    const back = await readChunks(svc.deps.db, { table: 'dem_chunks', key: 'name', what: 'DEM' }, 'chunks-a');
    expect(back.equals(data)).toBe(true);
    expect(() => verifySha256(back, sha256Hex(data), 'DEM chunks-a')).not.toThrow();
  });

  it('a changed chunk no longer matches the SHA-256, and a missing blob is an error, not empty bytes', async () => {
    const data = randomBytes(300);
    await demStore.put(svc.deps.db, [{ entry: entry('chunks-b'), sha256: sha256Hex(data), data }], 100);
    await svc.deps.db.query('UPDATE dem_chunks SET data = $1 WHERE name = $2 AND seq = 1', [Buffer.alloc(100), 'chunks-b']);
    const back = await demStore.content(svc.deps.db, 'chunks-b');
    expect(back).toHaveLength(300);
    expect(() => verifySha256(back, sha256Hex(data), 'DEM chunks-b')).toThrow(/DEM chunks-b does not match its sha-256/);
    await expect(demStore.content(svc.deps.db, 'no-such-dem')).rejects.toThrow(/no stored content for DEM no-such-dem/);
  });
});
