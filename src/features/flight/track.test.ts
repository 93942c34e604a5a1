import { describe, expect, it } from 'vitest';
import type { StoredPosition } from '../../../server/contract/positions';
import { ENDED_POLL_MS, FLIGHT_POLL_MS, pollInterval } from './api/positions';
import { boxContains, trackBounds, trackCollection, unionBox } from '../../map/track-layers';
import { FLIGHT_QUIET_S, flightOver, flightTrack } from './track';

const pos = (t: string, lon: number, lat: number): StoredPosition => ({ operationId: 'o', time: t, latitude: lat, longitude: lon, altitude: 100, altitudeReference: 'AGL', receivedDate: t });
const P = [pos('2026-07-01T16:00:00Z', -122.3, 47.5), pos('2026-07-01T16:00:02Z', -122.29, 47.51), pos('2026-07-01T16:00:04Z', -122.28, 47.52)];

describe('flightTrack', () => {
  it('draws the whole line; the marker is the last position, or the replayed one (clamped)', () => {
    expect(flightTrack([], null)).toBeNull();
    expect(flightTrack(P, null)).toEqual({ line: [[-122.3, 47.5], [-122.29, 47.51], [-122.28, 47.52]], marker: [-122.28, 47.52] });
    expect(flightTrack(P, 0)!.marker).toEqual([-122.3, 47.5]);
    expect(flightTrack(P, 9)!.marker).toEqual([-122.28, 47.52]);
  });

  it('becomes GeoJSON for the map: a line from two positions on, and the marker point', () => {
    expect(trackCollection(null).features).toEqual([]);
    expect(trackCollection(flightTrack(P.slice(0, 1), null)).features.map((f) => f.geometry.type)).toEqual(['Point']);
    const fc = trackCollection(flightTrack(P, 1));
    expect(fc.features.map((f) => [f.properties!.part, f.geometry.type])).toEqual([['line', 'LineString'], ['marker', 'Point']]);
    expect(fc.features[1]!.geometry).toEqual({ type: 'Point', coordinates: [-122.29, 47.51] });
  });
});

describe('flightOver', () => {
  const last = Date.parse(P[2]!.time);
  it('is over when the window has ended, or nothing came for a while; never with fewer than two positions', () => {
    expect(flightOver('2099-01-01T00:00:00Z', P, last + 1000)).toBe(false);
    expect(flightOver('2099-01-01T00:00:00Z', P, last + (FLIGHT_QUIET_S + 1) * 1000)).toBe(true);
    expect(flightOver('2026-07-01T16:00:03Z', P, last + 1000)).toBe(true);
    expect(flightOver('2020-01-01T00:00:00Z', P.slice(0, 1), last + 1000)).toBe(false);
  });
});

describe('the map frame and the track', () => {
  it('bounds the track, unions boxes and tells when the track leaves the framed box', () => {
    expect(trackBounds(null)).toBeNull();
    const t = trackBounds(flightTrack(P, null))!;
    expect(t).toEqual([-122.3, 47.5, -122.28, 47.52]);
    expect(unionBox(null, t)).toEqual(t);
    expect(unionBox([-122.31, 47.49, -122.29, 47.505], t)).toEqual([-122.31, 47.49, -122.28, 47.52]);
    expect(boxContains([-122.31, 47.49, -122.27, 47.53], t)).toBe(true);
    expect(boxContains([-122.31, 47.49, -122.29, 47.53], t)).toBe(false);
  });
});

describe('pollInterval', () => {
  it('polls every few seconds until a quarter of an hour after the end, then once a minute', () => {
    const end = Date.parse('2026-07-01T17:00:00Z');
    expect(pollInterval(undefined, end)).toBe(FLIGHT_POLL_MS);
    expect(pollInterval('2026-07-01T17:00:00Z', end - 60_000)).toBe(FLIGHT_POLL_MS);
    expect(pollInterval('2026-07-01T17:00:00Z', end + 14 * 60_000)).toBe(FLIGHT_POLL_MS);
    expect(pollInterval('2026-07-01T17:00:00Z', end + 16 * 60_000)).toBe(ENDED_POLL_MS);
  });
});
