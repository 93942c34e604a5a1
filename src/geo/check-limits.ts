import { MAX_AREA_SQ_MI, MAX_SIDE_NM } from '../../server/contract/operation-limits';
import { continuousGeometry } from './antimeridian';
import { areaSqMi } from './area-sq-mi';
import { longestSideNm, type Side } from './longest-side-nm';
import { closeRing, isRingClosed } from './ring';
import { selfIntersections } from './self-intersections';
import type { PolygonGeometry, Position } from './types';

/** The spec's geometry limits for an operation (section 8, and 4.3's geometry rules). */
export const LIMITS = { maxAreaSqMi: MAX_AREA_SQ_MI, maxSideNm: MAX_SIDE_NM } as const;

export type LimitCode = 'too-few-points' | 'not-closed' | 'holes' | 'self-intersection' | 'area' | 'side';

export interface LimitViolation {
  code: LimitCode;
  message: string;
}

export interface LimitCheck {
  ok: boolean;
  areaSqMi: number;
  longestSide: Side | null;
  /** Where edges cross, to mark on the map. */
  crossings: Position[];
  violations: LimitViolation[];
}

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

/** Checks a flight boundary against every limit at once, so the pilot sees all that is wrong. */
export function checkLimits(polygon: PolygonGeometry): LimitCheck {
  const violations: LimitViolation[] = [];
  const outer = polygon.coordinates[0] ?? [];
  const closed = isRingClosed(outer);
  const distinct = new Set((closed ? outer.slice(0, -1) : outer).map((p) => `${p[0]},${p[1]}`)).size;
  if (distinct < 3) {
    violations.push({ code: 'too-few-points', message: 'A flight area needs at least three distinct corners.' });
    return { ok: false, areaSqMi: 0, longestSide: null, crossings: [], violations };
  }
  if (!closed) {
    violations.push({ code: 'not-closed', message: 'The boundary is not closed: its last position must repeat the first.' });
  }
  if (polygon.coordinates.length > 1) {
    violations.push({ code: 'holes', message: 'The boundary has holes (interior rings); only an outer boundary is accepted.' });
  }
  // Measure the ring as it would be once closed, so an unclosed ring still gets the other checks; on
  // continuous longitudes, so a shape across 180° is measured (and its problems marked) where it is.
  const measured: PolygonGeometry = continuousGeometry({ type: 'Polygon', coordinates: [closeRing(outer)] });
  const crossings = selfIntersections(measured);
  if (crossings.length > 0) {
    violations.push({
      code: 'self-intersection',
      message: `The boundary crosses itself (${crossings.length === 1 ? 'at one point' : `at ${crossings.length} points`}); move the corners so no edges cross.`,
    });
  }
  const sqMi = areaSqMi(measured);
  if (sqMi > LIMITS.maxAreaSqMi) {
    violations.push({ code: 'area', message: `The area is ${fmt(sqMi)} sq mi; at most ${LIMITS.maxAreaSqMi} sq mi is allowed.` });
  }
  const side = longestSideNm(measured);
  if (side && side.lengthNm > LIMITS.maxSideNm) {
    violations.push({ code: 'side', message: `The longest side is ${fmt(side.lengthNm)} NM; no side may be longer than ${LIMITS.maxSideNm} NM.` });
  }
  return { ok: violations.length === 0, areaSqMi: sqMi, longestSide: side, crossings, violations };
}
