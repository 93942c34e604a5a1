import { describe, expect, it } from 'vitest';
import { loadAirportDb } from '../../data/generate/airports-db';
import { crossValidate } from './cross-validation';

/** The figures documented in docs/elevation.md; the test fails when the model gets clearly worse. */
const DOCUMENTED = { medianFt: 42, p90Ft: 273 };
const MARGIN = { medianFt: 10, p90Ft: 40 };

describe('airport elevation model, cross-validated on the sandbox airports', () => {
  it('predicts a held-out tenth of the airports within the documented error', async () => {
    const db = await loadAirportDb();
    const cv = crossValidate(db.airports.map((a) => ({ lon: a.lon, lat: a.lat, elevationFt: a.elevationFt })));
    // Printed so docs/elevation.md can be refreshed from a run.
    console.log(`elevation cross-validation: ${JSON.stringify(cv)}`);
    expect(cv.heldOut).toBeGreaterThan(2000);
    expect(cv.uncovered).toBeLessThan(cv.heldOut / 100);
    expect(cv.medianFt).toBeLessThanOrEqual(DOCUMENTED.medianFt + MARGIN.medianFt);
    expect(cv.p90Ft).toBeLessThanOrEqual(DOCUMENTED.p90Ft + MARGIN.p90Ft);
  }, 60_000);
});
