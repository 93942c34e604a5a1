import { describe, expect, it } from 'vitest';
import { decodePlan, DEFAULT_PLAN, encodePlan, flightShapeOf, type Plan } from './plan-params';

describe('plan in the URL', () => {
  it('round-trips a polygon plan exactly', () => {
    const plan: Plan = {
      ...DEFAULT_PLAN,
      area: { kind: 'polygon', ring: [[-122.31, 47.525], [-122.3, 47.525], [-122.3, 47.535], [-122.31, 47.525]] },
      maxAltitude: 120,
      unit: 'm',
      start: '2025-07-01T16:00Z',
      durationMin: 90,
      flightType: 'recreational',
    };
    expect(decodePlan(encodePlan(plan))).toEqual(plan);
  });

  it('closes a shared ring that leaves out its closing corner', () => {
    const plan = decodePlan(new URLSearchParams('poly=-122.31,47.525;-122.3,47.525;-122.3,47.535'));
    expect(plan.area).toEqual({ kind: 'polygon', ring: [[-122.31, 47.525], [-122.3, 47.525], [-122.3, 47.535], [-122.31, 47.525]] });
  });

  it('keeps the width of a path and the radius of a point', () => {
    const path = decodePlan(new URLSearchParams('path=-122.3,47.5;-122.29,47.51&w=30'));
    expect(flightShapeOf(path)).toEqual({ kind: 'path', line: [[-122.3, 47.5], [-122.29, 47.51]], widthM: 30 });
    const pt = decodePlan(new URLSearchParams('pt=-122.3,47.5&r=500'));
    expect(flightShapeOf(pt)).toEqual({ kind: 'point', center: [-122.3, 47.5], radiusM: 500 });
  });

  it('rounds coordinates to six decimals', () => {
    const q = encodePlan({ ...DEFAULT_PLAN, area: { kind: 'point', center: [-122.123456789, 47.987654321] } });
    expect(q.get('pt')).toBe('-122.123457,47.987654');
  });

  it('ignores what it cannot read and falls back to defaults', () => {
    const p = decodePlan(new URLSearchParams('poly=1,2;x,y&alt=-5&start=yesterday&dur=abc&u=yards'));
    expect(p).toEqual(DEFAULT_PLAN);
  });
});

describe('the default unit of a new plan', () => {
  it('follows the setting when the link names no unit, and the link otherwise', () => {
    expect(decodePlan(new URLSearchParams(''), 'm')).toMatchObject({ unit: 'm', maxAltitude: 60 });
    expect(decodePlan(new URLSearchParams(''))).toMatchObject({ unit: 'ft', maxAltitude: 200 });
    expect(decodePlan(new URLSearchParams('u=ft&alt=150'), 'm')).toMatchObject({ unit: 'ft', maxAltitude: 150 });
  });
});
