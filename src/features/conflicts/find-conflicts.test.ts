import { describe, expect, it } from 'vitest';
import { nearbyQueryString } from './api/list-nearby-operations';
import { areasOverlap } from '../../geo/areas-overlap';
import { findConflicts, nearbyQuery } from './find-conflicts';
import { operation as op, PLAN, square, WINDOW } from './test/conflict-fixtures';

describe('findConflicts', () => {
  it('keeps operations overlapping in both place and time, soonest first', () => {
    const ops = [
      op('later-same-place', square(-122.306, 47.524, 0.01), '2026-07-01T16:30:00Z', '2026-07-01T18:00:00Z'),
      op('same-time-elsewhere', square(-122.2, 47.6, 0.01), '2026-07-01T16:00:00Z', '2026-07-01T17:00:00Z'),
      op('ends-as-plan-starts', PLAN, '2026-07-01T15:00:00Z', '2026-07-01T16:00:00Z'),
      op('earlier-overlap', PLAN, '2026-07-01T15:30:00Z', '2026-07-01T16:10:00Z'),
    ];
    expect(findConflicts(ops, PLAN, WINDOW, areasOverlap).map((o) => o.id)).toEqual(['earlier-overlap', 'later-same-place']);
  });
});

describe('nearbyQuery', () => {
  it('asks for the plan’s box and window, in the list query the service accepts', () => {
    const q = nearbyQuery(PLAN, WINDOW);
    expect(q).toEqual({ bbox: [-122.31, 47.52, -122.302, 47.528], from: WINDOW.startTime, to: WINDOW.endTime });
    expect(nearbyQueryString(q)).toBe('bbox=-122.31%2C47.52%2C-122.302%2C47.528&from=2026-07-01T16%3A00%3A00Z&to=2026-07-01T17%3A00%3A00Z&limit=500&sort=startTime');
  });

  it('asks across 180° for the small box, west greater than east, as the service takes it', () => {
    const across = { type: 'Polygon' as const, coordinates: [[[179.99, 51.95], [-179.99, 51.95], [-179.99, 51.9635], [179.99, 51.9635], [179.99, 51.95]]] as [number, number][][] };
    expect(nearbyQuery(across, WINDOW).bbox).toEqual([179.99, 51.95, -179.99, 51.9635]);
  });
});
