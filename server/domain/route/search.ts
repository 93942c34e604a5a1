/**
 * Least-cost search over H3 cells: A* with a great-circle heuristic, and plain Dijkstra (the same
 * search with a zero heuristic) for the bench. Edge cost = great-circle distance between centres
 * times the entered cell's multiplier (>= 1), so the heuristic never overestimates (admissible).
 */
import { cellToLatLng, greatCircleDistance, gridDisk } from 'h3-js';

export interface SearchGraph {
  /** Whether the cell may be entered (the route's constraints), evaluated lazily and cached by the caller. */
  passable(cell: string): boolean;
  /** Cost multiplier of entering the cell, >= 1 (ground risk, controlled airspace). */
  multiplier(cell: string): number;
  /** Whether the cell lies in the bounded search region. */
  inRegion(cell: string): boolean;
}

export interface SearchResult {
  /** Cells from start to goal, or null when the region holds no path. */
  path: string[] | null;
  /** Cells taken off the open list (the work done). */
  expanded: number;
}

const cellCentre = (cell: string): [number, number] => cellToLatLng(cell) as [number, number];
const metres = (a: [number, number], b: [number, number]) => greatCircleDistance(a, b, 'm');

/** A tiny binary heap of [priority, cell]: no library in the tree offers one. */
class Heap {
  private items: { p: number; cell: string }[] = [];
  get size() {
    return this.items.length;
  }
  push(p: number, cell: string) {
    const a = this.items;
    a.push({ p, cell });
    let i = a.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (a[up]!.p <= a[i]!.p) break;
      [a[up], a[i]] = [a[i]!, a[up]!];
      i = up;
    }
  }
  pop(): { p: number; cell: string } {
    const a = this.items;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && a[l]!.p < a[m]!.p) m = l;
        if (r < a.length && a[r]!.p < a[m]!.p) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
}

/** A* when `heuristic` is true (the default), Dijkstra otherwise; both return a least-cost path. */
export function search(graph: SearchGraph, start: string, goal: string, heuristic = true): SearchResult {
  // Each cell's centre is asked for by every neighbour it has: computed once.
  const centres = new Map<string, [number, number]>();
  const centre = (cell: string): [number, number] => {
    let c = centres.get(cell);
    if (!c) centres.set(cell, (c = cellCentre(cell)));
    return c;
  };
  const goalLatLng = centre(goal);
  const h = (cell: string) => (heuristic ? metres(centre(cell), goalLatLng) : 0);
  const g = new Map<string, number>([[start, 0]]);
  const from = new Map<string, string>();
  const closed = new Set<string>();
  const open = new Heap();
  open.push(h(start), start);
  let expanded = 0;
  while (open.size > 0) {
    const { cell } = open.pop();
    if (closed.has(cell)) continue;
    closed.add(cell);
    expanded++;
    if (cell === goal) {
      const path = [cell];
      for (let c = from.get(cell); c !== undefined; c = from.get(c)) path.push(c);
      return { path: path.reverse(), expanded };
    }
    const here = centre(cell);
    const base = g.get(cell)!;
    for (const next of gridDisk(cell, 1)) {
      if (next === cell || closed.has(next) || !graph.inRegion(next) || !graph.passable(next)) continue;
      const cost = base + metres(here, centre(next)) * graph.multiplier(next);
      if (cost < (g.get(next) ?? Infinity)) {
        g.set(next, cost);
        from.set(next, cell);
        open.push(cost + h(next), next);
      }
    }
  }
  return { path: null, expanded };
}
