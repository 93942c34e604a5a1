// @isolated-modules: measures the heap, which the modules other files left would change.
/**
 * The runways are read from the airport package's SQLite file in a worker thread that exits: sql.js's
 * WebAssembly memory (the 23 MB database and the query's sort) never stays in the service's thread.
 */
import { describe, expect, it } from 'vitest';
import { readRunways, queryInWorker } from './basemap-airfields';

describe('reading the runways', () => {
  it('brings back the rows and leaves no sql.js memory in this thread', async () => {
    const external = () => process.memoryUsage().external;
    const before = external();
    const rows = await readRunways();
    // The US runways with both ends located: thousands, each with two ends.
    expect(rows.length).toBeGreaterThan(5_000);
    expect(rows.every((r) => r.ends.length === 2)).toBe(true);
    expect(rows.find((r) => r.airportIdent === 'BFI')?.lengthFt).toBeGreaterThan(9_000);
    // Read on this thread, sql.js's memory (~25 MB, counted as external) stayed here for good.
    expect(external() - before).toBeLessThan(8 * 1024 * 1024);
  }, 60_000);

  it('rejects when the query fails, naming the error', async () => {
    const file = (await import('node:path')).join(process.cwd(), 'package.json');
    await expect(queryInWorker(file, 'SELECT 1')).rejects.toThrow(/not a database|file is/i);
  }, 60_000);
});
