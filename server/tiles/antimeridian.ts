/**
 * Natural Earth keeps some shapes that cross the antimeridian (eastern Russia, Fiji) as single rings
 * whose longitudes jump from 180 to -180. Drawn as they are, those jumps become edges across the
 * whole world. These helpers cut such shapes at 180 degrees into two proper halves.
 */
import type { Position } from 'geojson';

/** How many times consecutive positions jump across the antimeridian (a longitude step over 180°). */
export const jumps = (ring: readonly Position[]): number => {
  let n = 0;
  for (let i = 1; i < ring.length; i++) if (Math.abs(ring[i]![0]! - ring[i - 1]![0]!) > 180) n++;
  return n;
};

/** The ring with longitudes made continuous (a jump adds or removes 360), starting where it starts. */
export function unwrap(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  let shift = 0;
  ring.forEach((p, i) => {
    if (i > 0) {
      const d = p[0]! - ring[i - 1]![0]!;
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    out.push([p[0]! + shift, p[1]!]);
  });
  return out;
}

/** Sutherland–Hodgman clip of a closed ring to the half-plane lon <= at (keepWest) or lon >= at. */
function clipRing(ring: readonly Position[], at: number, keepWest: boolean): Position[] {
  const inside = (p: Position) => (keepWest ? p[0]! <= at : p[0]! >= at);
  const cross = (a: Position, b: Position): Position => {
    const t = (at - a[0]!) / (b[0]! - a[0]!);
    return [at, a[1]! + t * (b[1]! - a[1]!)];
  };
  const out: Position[] = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i]!, b = ring[i + 1]!;
    if (inside(a)) {
      out.push(a);
      if (!inside(b)) out.push(cross(a, b));
    } else if (inside(b)) {
      out.push(cross(a, b));
    }
  }
  if (out.length > 0) out.push(out[0]!);
  return out;
}

/**
 * A polygon cut at the antimeridian: itself when no ring crosses it, or when its outer ring crosses
 * it an odd number of times (a ring around a pole, like Antarctica's, is drawn right as it is).
 */
export function splitPolygonAtAntimeridian(rings: readonly Position[][]): Position[][][] {
  const outer = rings[0];
  if (!outer) return [];
  const n = jumps(outer);
  if (n === 0 || n % 2 === 1) return [rings as Position[][]];
  // Continuous longitudes, then moved so the shape straddles +180.
  let unwrapped = rings.map(unwrap);
  const minLon = Math.min(...unwrapped[0]!.map((p) => p[0]!));
  if (minLon < -180) unwrapped = unwrapped.map((r) => r.map(([x, y]) => [x! + 360, y!]));
  const half = (keepWest: boolean): Position[][] | null => {
    const clipped = unwrapped.map((r) => clipRing(r, 180, keepWest).map(([x, y]) => [keepWest ? x! : x! - 360, y!]));
    // Without its outer ring a half has nothing to draw (its holes cannot stand alone).
    if (clipped[0]!.length < 4) return null;
    return [clipped[0]!, ...clipped.slice(1).filter((r) => r.length >= 4)];
  };
  return [half(true), half(false)].filter((h): h is Position[][] => h !== null);
}

/** A line cut where it jumps across the antimeridian (the gap is one segment at 180 degrees). */
export function splitLineAtAntimeridian(line: readonly Position[]): Position[][] {
  const out: Position[][] = [[]];
  line.forEach((p, i) => {
    if (i > 0 && Math.abs(p[0]! - line[i - 1]![0]!) > 180) out.push([]);
    out[out.length - 1]!.push(p);
  });
  return out.filter((l) => l.length >= 2);
}
