import { describe, expect, it } from 'vitest';
import { parseCoordinates } from './parse-coordinates';

describe('parseCoordinates', () => {
  it('reads latitude-first lines into [lon, lat]', () => {
    expect(parseCoordinates('47.53, -122.31\n47.54 -122.30\n')).toEqual({ ok: true, positions: [[-122.31, 47.53], [-122.3, 47.54]] });
  });

  it('reads hemisphere letters', () => {
    expect(parseCoordinates('47.53N 122.31W\nS33.9 E151.2')).toEqual({ ok: true, positions: [[-122.31, 47.53], [151.2, -33.9]] });
  });

  it('says which line is wrong', () => {
    const r = parseCoordinates('47.53, -122.31\nSeattle');
    expect(r).toEqual({ ok: false, error: expect.stringContaining('Line 2') });
  });

  it('catches longitude typed first', () => {
    const r = parseCoordinates('-122.31, 47.53');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/Latitude comes first/);
  });
});
