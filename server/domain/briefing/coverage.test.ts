/** No data is not "clear": outside US airspace the briefing says CAUTION (coverage.ts). */
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import { briefArea, briefLocation } from '.';
import { inUsAirspace } from './coverage';

const NOW = new Date('2025-07-04T18:00:00Z');
const empty = new Dataset({ format: 'skyplan-airspace-dataset', formatVersion: 1, version: 'empty', generatedAt: NOW.toISOString(), kind: 'sandbox', sources: [], features: [] });

describe('US airspace', () => {
  it.each([
    ['Lebanon, KS', 39.8283, -98.5795],
    ['Seattle', 47.6, -122.33],
    ['Honolulu', 21.3, -157.85],
    ['San Juan, PR', 18.45, -66.1],
    ['Guam', 13.47, 144.75],
    ['5 NM off Santa Monica', 33.95, -118.6],
  ])('takes in %s', (_, lat, lon) => expect(inUsAirspace([lon, lat])).toBe(true));

  it.each([
    ['the middle of the Pacific', 20, -150],
    ['100 NM off San Francisco', 37.5, -124.6],
    ['Mexico City', 19.43, -99.13],
    ['Paris', 48.86, 2.35],
    ['the North Pacific south of the Aleutians, across 180°', 50.0, 179.99],
  ])('leaves out %s', (_, lat, lon) => expect(inUsAirspace([lon, lat])).toBe(false));
});

describe('a briefing outside the data', () => {
  it('is CAUTION with a notice that says why, never CLEAR_TO_FLY', () => {
    const r = briefLocation(empty, 20, -150, { now: NOW });
    expect(r.status).toBe('NOTICE_STATUS_CAUTION');
    expect(r.notices!.map((n) => n.title)).toEqual(['Outside United States airspace data']);
    const square = { type: 'Polygon' as const, coordinates: [[[-150, 20], [-149.99, 20], [-149.99, 20.01], [-150, 20.01], [-150, 20]]] };
    expect(briefArea(empty, square, { now: NOW }).status).toBe('NOTICE_STATUS_CAUTION');
  });

  it('leaves Class G where the data covers the place', () => {
    expect(briefLocation(empty, 39.8283, -98.5795, { now: NOW }).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
  });
});
