/**
 * Flat-plane geometry for the facility-map grid, in nautical miles of a local projection (geo.ts
 * localProjector): how near a grid cell (an axis-aligned rectangle) comes to a runway, an airport or a
 * corridor. Each answer is the extreme over the whole cell, never its centre, so the ceiling a cell
 * takes is the lowest found anywhere in it.
 */
export type Pt = readonly [number, number];

/** [west, south, east, north] in projected NM. */
export type Rect = readonly [number, number, number, number];

function pointRectDistance(p: Pt, [x0, y0, x1, y1]: Rect): number {
  const dx = Math.max(x0 - p[0], 0, p[0] - x1);
  const dy = Math.max(y0 - p[1], 0, p[1] - y1);
  return Math.hypot(dx, dy);
}

function pointSegmentDistance(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Whether segment ab crosses or lies in the rectangle (Liang-Barsky clipping). */
function segmentHitsRect(a: Pt, b: Pt, r: Rect): boolean {
  let t0 = 0, t1 = 1;
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const ps = [-dx, dx, -dy, dy], qs = [a[0] - r[0], r[2] - a[0], a[1] - r[1], r[3] - a[1]];
  for (let i = 0; i < 4; i++) {
    const p = ps[i]!, q = qs[i]!;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

/** The smallest distance between segment ab (a point when a = b) and any point of the rectangle. */
export function rectSegmentDistance(rect: Rect, a: Pt, b: Pt): number {
  if (a[0] === b[0] && a[1] === b[1]) return pointRectDistance(a, rect);
  if (segmentHitsRect(a, b, rect)) return 0;
  const [x0, y0, x1, y1] = rect;
  return Math.min(
    pointRectDistance(a, rect), pointRectDistance(b, rect),
    pointSegmentDistance([x0, y0], a, b), pointSegmentDistance([x1, y0], a, b),
    pointSegmentDistance([x1, y1], a, b), pointSegmentDistance([x0, y1], a, b),
  );
}

/** The largest distance from segment ab to a point of the rectangle (its farthest corner). */
export function rectSegmentFarthest([x0, y0, x1, y1]: Rect, a: Pt, b: Pt): number {
  return Math.max(
    pointSegmentDistance([x0, y0], a, b), pointSegmentDistance([x1, y0], a, b),
    pointSegmentDistance([x1, y1], a, b), pointSegmentDistance([x0, y1], a, b),
  );
}

/** Whether a convex polygon (any winding) and the rectangle overlap: separating-axis test. */
export function rectHitsConvex([x0, y0, x1, y1]: Rect, poly: readonly Pt[]): boolean {
  let px0 = Infinity, py0 = Infinity, px1 = -Infinity, py1 = -Infinity;
  for (const p of poly) {
    px0 = Math.min(px0, p[0]); px1 = Math.max(px1, p[0]); py0 = Math.min(py0, p[1]); py1 = Math.max(py1, p[1]);
  }
  if (px1 < x0 || px0 > x1 || py1 < y0 || py0 > y1) return false;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!, q = poly[(i + 1) % poly.length]!;
    const ax = q[1] - p[1], ay = p[0] - q[0];
    let rMin = Infinity, rMax = -Infinity, sMin = Infinity, sMax = -Infinity;
    for (const v of [x0 * ax + y0 * ay, x1 * ax + y0 * ay, x1 * ax + y1 * ay, x0 * ax + y1 * ay]) {
      rMin = Math.min(rMin, v); rMax = Math.max(rMax, v);
    }
    for (const o of poly) {
      const v = o[0] * ax + o[1] * ay;
      sMin = Math.min(sMin, v); sMax = Math.max(sMax, v);
    }
    if (rMax < sMin || sMax < rMin) return false;
  }
  return true;
}
