/**
 * Facility-map grid cells merged into rectangles for shallow zooms. FAA grid cells are small
 * rectangles (30 by 30 arc-seconds) and ceilings come in rings around an airport, so neighbours often
 * share ceiling, LAANC flag and facility: one rectangle per block draws the same picture with a
 * fraction of the features, which keeps z9 to z11 tiles small. Deeper tiles carry the cells.
 */
import type { Feature, Polygon, Position } from 'geojson';

/** Tolerance in degrees when comparing cell edges (well under a metre). */
const EPS = 1e-7;

interface Rect {
  w: number;
  s: number;
  e: number;
  n: number;
}

/** The rectangle of an axis-aligned, hole-free polygon of four corners, else null. */
export function asRect(g: Feature['geometry']): Rect | null {
  if (!g || g.type !== 'Polygon' || g.coordinates.length !== 1) return null;
  const ring = g.coordinates[0]!;
  if (ring.length !== 5) return null;
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = ring[i] as [number, number], [x1, y1] = ring[i + 1] as [number, number];
    // Every edge runs along a meridian or a parallel.
    if (Math.abs(x0 - x1) > EPS && Math.abs(y0 - y1) > EPS) return null;
    if (x0 < w) w = x0;
    if (x0 > e) e = x0;
    if (y0 < s) s = y0;
    if (y0 > n) n = y0;
  }
  const [xl, yl] = ring[4] as [number, number], [xf, yf] = ring[0] as [number, number];
  if (Math.abs(xl - xf) > EPS || Math.abs(yl - yf) > EPS || e - w < EPS || n - s < EPS) return null;
  return { w, s, e, n };
}

function rectPolygon({ w, s, e, n }: Rect): Polygon {
  const ring: Position[] = [[w, s], [e, s], [e, n], [w, n], [w, s]];
  return { type: 'Polygon', coordinates: [ring] };
}

/**
 * Merges cells with equal properties (all of them: ceilingFt, laanc, facility) into rectangles: first
 * horizontally adjacent cells into runs, then runs of the same span in adjacent rows into blocks.
 * Cells that are not rectangles pass through as they are.
 */
export function mergeCellRuns(cells: readonly Feature[]): Feature[] {
  const out: Feature[] = [];
  // Cells grouped by their properties, then by row (south and north edges).
  const groups = new Map<string, { props: Feature['properties']; rows: Map<string, Rect[]> }>();
  for (const f of cells) {
    const rect = asRect(f.geometry);
    if (!rect) {
      out.push(f);
      continue;
    }
    const pk = propsKey(f.properties);
    let group = groups.get(pk);
    if (!group) groups.set(pk, (group = { props: f.properties, rows: new Map() }));
    const rk = `${Math.round(rect.s * 1e6)}|${Math.round(rect.n * 1e6)}`;
    let row = group.rows.get(rk);
    if (!row) group.rows.set(rk, (row = []));
    row.push(rect);
  }
  for (const { props, rows } of groups.values()) {
    const runs: Rect[] = [];
    for (const row of rows.values()) {
      row.sort((a, b) => a.w - b.w);
      let run: Rect | null = null;
      for (const rect of row) {
        if (run && Math.abs(rect.w - run.e) < EPS) run.e = rect.e;
        else runs.push((run = { ...rect }));
      }
    }
    for (const block of stackRuns(runs)) out.push({ type: 'Feature', properties: props, geometry: rectPolygon(block) });
  }
  return out;
}

/** A key equal for equal flat properties (cheaper than JSON for hundreds of thousands of cells). */
function propsKey(p: Feature['properties']): string {
  if (!p) return '';
  let k = '';
  for (const name in p) k += `${name}=${String(p[name])}\u0000`;
  return k;
}

/** Joins runs spanning the same longitudes in adjacent rows (south to north) into taller blocks. */
function stackRuns(list: Rect[]): Rect[] {
  list.sort((a, b) => a.w - b.w || a.e - b.e || a.s - b.s);
  const out: Rect[] = [];
  let block: Rect | null = null;
  for (const r of list) {
    if (block && Math.abs(r.w - block.w) < EPS && Math.abs(r.e - block.e) < EPS && Math.abs(r.s - block.n) < EPS) block.n = r.n;
    else out.push((block = { ...r }));
  }
  return out;
}
