import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { distanceText, refusalOf, widthNote } from './route-text';

describe('refusalOf', () => {
  it('names each blocker and what kind of airspace it is', () => {
    const r = refusalOf(new ApiError(422, 'position 0 of the route lies in P-56A (sua:P-56A), which the route may not enter', 'http', { blockers: [{ id: 'sua:P-56A', name: 'P-56A', kind: 'restricted' }] }));
    expect(r.title).toMatch(/No legal route/);
    expect(r.message).toMatch(/position 0 of the route lies in P-56A/);
    expect(r.blockers).toEqual([{ id: 'sua:P-56A', name: 'P-56A', why: expect.stringMatching(/restricted airspace/) }]);
    expect(r.hint).toBe('Move the start or the end away from it.');
  });

  it('points at the controlled-airspace checkbox when controlled airspace blocks the route', () => {
    const r = refusalOf(new ApiError(422, 'blocked', 'http', { blockers: [{ id: 'uasfm:BFI:1:2', name: 'Facility map BFI: ceiling 0 ft AGL', kind: 'controlled' }] }));
    expect(r.blockers[0]!.why).toMatch(/controlled airspace/);
    expect(r.hint).toMatch(/allow controlled airspace/);
  });

  it('says a 408 ran out of time, and passes any other error through', () => {
    expect(refusalOf(new ApiError(408, 'request timed out; reduce the size of the request')).title).toMatch(/ran out of time/);
    const other = refusalOf(new ApiError(422, 'body.maxAltitude: must be at most 400', 'http', [{ field: 'body.maxAltitude' }]));
    expect(other).toEqual({ title: 'No route could be planned.', message: 'body.maxAltitude: must be at most 400', blockers: [], hint: null });
  });

  it('lists no blockers from details that are not the list of blockers', () => {
    for (const details of [null, { blockers: 'P-56A' }, { blockers: [{ id: 'sua:P-56A', name: 'P-56A', kind: 'closed' }] }, { blockers: [null] }]) {
      expect(refusalOf(new ApiError(422, 'blocked', 'http', details)).blockers).toEqual([]);
    }
  });
});

describe('distanceText', () => {
  it('gives kilometres and nautical miles', () => {
    expect(distanceText(14_903)).toBe('14.9 km (8.0 NM)');
  });
});

describe('widthNote', () => {
  it('says a path within twice the route clearance stays clear, and warns for a wider one', () => {
    expect(widthNote(60.96, 'ft')).toBe(
      'The route keeps 164 ft clear of what it may not enter on each side. As the flight’s path it is 200 ft wide, within that clearance; read its briefing after you use it, which judges the whole width.',
    );
    expect(widthNote(100, 'm')).toMatch(/keeps 50 m clear .* it is 100 m wide, within that clearance;/);
    expect(widthNote(150, 'm')).toMatch(/it is 150 m wide, wider than that clearance covers: its edges may enter what the route goes around;/);
  });
});
