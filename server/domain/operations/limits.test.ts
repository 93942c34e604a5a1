import { describe, expect, it } from 'vitest';
import { lineString, point, pointToLineDistance } from '@turf/turf';
import { areaSqMi, bufferLineString, checkPolygonLimits, longestSideNm, operationPolygon } from './limits';
import { parseIsoInZone } from './time';

/** A square of `nm` nautical miles a side near Seattle (1 NM = 1/60° of latitude). */
function squareNm(nm: number) {
  const lat = 47.5, dLat = nm / 60, dLon = nm / 60 / Math.cos((lat * Math.PI) / 180);
  return { type: 'Polygon' as const, coordinates: [[[-122.3, lat], [-122.3 + dLon, lat], [-122.3 + dLon, lat + dLat], [-122.3, lat + dLat], [-122.3, lat]]] };
}

describe('operation geometry limits (spec 4.3, section 8)', () => {
  it('measures area in square statute miles and sides in NM', () => {
    const sq = squareNm(1);
    expect(areaSqMi(sq)).toBeCloseTo(1.324, 2); // 1 NM² = 1.3243 sq mi
    expect(longestSideNm(sq)).toBeCloseTo(1, 2);
  });

  it('accepts a 2 NM square', () => {
    expect(checkPolygonLimits(squareNm(2))).toEqual([]);
  });

  it('refuses over 10 square miles, naming the limit', () => {
    const v = checkPolygonLimits(squareNm(3));
    expect(v.map((x) => x.rule)).toEqual(['max_area']);
    expect(v[0]!.message).toMatch(/10 square miles/);
  });

  it('refuses a side over 10 NM even when the area is small', () => {
    const lat = 47.5;
    const thin = { type: 'Polygon' as const, coordinates: [[[-122.3, lat], [-122.3 + 11 / 60 / Math.cos((lat * Math.PI) / 180), lat], [-122.3, lat + 0.001], [-122.3, lat]]] };
    const v = checkPolygonLimits(thin);
    expect(v.map((x) => x.rule)).toEqual(['max_side']);
    expect(v[0]!.message).toMatch(/10 nautical miles/);
  });

  it('refuses interior rings, open rings and self-intersection', () => {
    const sq = squareNm(1);
    const hole = [[-122.299, 47.501], [-122.298, 47.501], [-122.298, 47.502], [-122.299, 47.501]];
    expect(checkPolygonLimits({ type: 'Polygon', coordinates: [sq.coordinates[0]!, hole] }).map((v) => v.rule)).toEqual(['interior_rings']);
    const open = { type: 'Polygon' as const, coordinates: [sq.coordinates[0]!.slice(0, 4).concat([[-122.3, 47.6]])] };
    expect(checkPolygonLimits(open).map((v) => v.rule)).toEqual(['closed_ring']);
    const bow = { type: 'Polygon' as const, coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]].map(([x, y]) => [-122.3 + x! * 0.01, 47.5 + y! * 0.01])] };
    expect(checkPolygonLimits(bow).map((v) => v.rule)).toContain('self_intersection');
  });

  it('buffers a LineString 50 m each side into a closed polygon without holes', () => {
    const line = { type: 'LineString' as const, coordinates: [[-122.3, 47.5], [-122.29, 47.5]] };
    const p = bufferLineString(line)!;
    expect(p.type).toBe('Polygon');
    expect(p.coordinates).toHaveLength(1);
    // ~0.75 km long, 100 m wide: about 0.075 km² plus the round caps.
    expect(areaSqMi(p) * 2.59).toBeGreaterThan(0.07);
    expect(operationPolygon(line).violations).toEqual([]);
  });

  it('buffers at least 50 m everywhere, caps and bends included (chords of the arcs widened; audit 2026-11-25)', () => {
    const coordinates = [[-122.3, 47.5], [-122.29, 47.505], [-122.28, 47.5], [-122.285, 47.49]];
    const ring = bufferLineString({ type: 'LineString', coordinates })!.coordinates[0]!;
    let min = Infinity;
    for (let i = 0; i + 1 < ring.length; i++) {
      const [a, b] = [ring[i]!, ring[i + 1]!];
      for (const t of [0, 0.25, 0.5, 0.75]) {
        const q = point([a[0]! + (b[0]! - a[0]!) * t, a[1]! + (b[1]! - a[1]!) * t]);
        min = Math.min(min, pointToLineDistance(q, lineString(coordinates), { units: 'meters' }));
      }
    }
    // Unwidened, the chords came within 49.72 m of the line.
    expect(min).toBeGreaterThanOrEqual(50);
    expect(min).toBeLessThan(50.5);
  });

  it('a LineString longer than 10 NM in one segment breaks the side limit once buffered', () => {
    const line = { type: 'LineString' as const, coordinates: [[-122.3, 47.5], [-122.3, 47.5 + 11 / 60]] };
    expect(operationPolygon(line).violations.map((v) => v.rule)).toEqual(['max_side']);
  });
});

describe('4.3 start time', () => {
  it('takes an offset as given and reads a local time in timezoneName', () => {
    expect(parseIsoInZone('2026-07-01T10:00:00Z', 'America/Los_Angeles')!.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(parseIsoInZone('2026-07-01T10:00:00', 'America/Los_Angeles')!.toISOString()).toBe('2026-07-01T17:00:00.000Z');
    expect(parseIsoInZone('2026-01-15T10:00', 'America/New_York')!.toISOString()).toBe('2026-01-15T15:00:00.000Z');
    // Where clocks change, as the pilot meant it (and as the portal reads it): the skipped hour forward, a repeated hour's first.
    expect(parseIsoInZone('2026-03-08T02:30', 'America/Los_Angeles')!.toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(parseIsoInZone('2026-11-01T01:30', 'America/Los_Angeles')!.toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(parseIsoInZone('tomorrow', 'UTC')).toBeNull();
  });
});
