/**
 * Generate Route (POST /v2/route): a least-cost path over H3 cells from the first to the last
 * position through the via points, then string-pulled without breaking a constraint. Pure: the
 * dataset and the population density come in. Algorithm, resolution, weights and limits: docs/route.md.
 */
import type { Position } from 'geojson';
import { cellToLatLng, getHexagonAreaAvg, getHexagonEdgeLengthAvg, greatCircleDistance, gridDisk, gridPathCells, latLngToCell } from 'h3-js';
import type { BriefingResult } from '../../contract/briefing';
import { ROUTE_CLEARANCE_M, ROUTE_MAX_RESOLUTION, ROUTE_MAX_VIA_POINTS, ROUTE_MIN_RESOLUTION } from '../../contract/route';
import type { Dataset } from '../../data/dataset';
import type { FeatureGeometry } from '../../data/model';
import { briefArea, type BriefingOptions } from '../briefing';
import type { Budget } from '../budget';
import { bufferLineString } from '../operations/limits';
import { CellJudge } from './cells';
import { judge, type Blocker, type Verdict } from './constraints';
import { search } from './search';

/** Largest search region, in H3 cells: the same budget as the surface routes (20,000 cells). */
export const ROUTE_CELL_BUDGET = 20_000;
/** Finest and coarsest resolutions the service picks (finer than 10, ~75 m edges, buys nothing for a drone route). */
export const MIN_RESOLUTION = ROUTE_MIN_RESOLUTION;
export const MAX_RESOLUTION = ROUTE_MAX_RESOLUTION;
/** Most via points between the first and the last position. */
export const MAX_VIA_POINTS = ROUTE_MAX_VIA_POINTS;
/** The region searched: the positions' box widened by half its longest side, at least this many km. */
export const MIN_MARGIN_KM = 1.5;
/** Ground risk: entering a cell costs distance × (1 + weight × min(density / REF, CAP)). */
export const RISK = { weight: 0.25, avoidWeight: 2, referenceDensity: 1000, cap: 5 } as const;
/** Entering controlled airspace (when allowed) costs half as much again: a route prefers Class G. */
export const CONTROLLED_PENALTY = 0.5;
/**
 * Clearance kept between the route's centre line and anything it may not enter: half the width of the
 * service's default path, which also covers the portal's 100 ft each side. So the route, flown as a
 * path, does not graze what it goes around.
 */
export { ROUTE_CLEARANCE_M };

/**
 * Rings of cells around a blocked cell that are kept out too: enough that a cell outside them lies at least
 * the clearance away. A cell two rings away is at least a hexagon's width across its flats (√3 × edge) away,
 * taken at 80% of the average edge for H3's distortion (docs/route.md).
 */
export function clearanceRings(resolution: number, clearanceM = ROUTE_CLEARANCE_M): number {
  return Math.max(1, Math.ceil(clearanceM / (Math.sqrt(3) * 0.8 * getHexagonEdgeLengthAvg(resolution, 'm'))));
}

export class RouteInputError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}
export class RouteTooLargeError extends Error {}
export class RouteBlockedError extends Error {
  constructor(message: string, readonly blockers: Blocker[]) {
    super(message);
  }
}

export interface RouteRequest {
  positions: Position[];
  maxAltitudeFt: number;
  allowControlled?: boolean;
  avoidPopulation?: boolean;
  resolution?: number;
  briefing?: Omit<BriefingOptions, 'maxAltitudeFt'>;
  /** Residents per km² of an H3 cell. */
  density: (cell: string) => number;
  /** false: plain Dijkstra (the bench's baseline). */
  heuristic?: boolean;
  /** false: the engine judges every cell on its own, as before the bulk judgement (the bench's "before"). */
  bulk?: boolean;
  /** The request's time budget, checked before each engine call (server/domain/budget.ts). */
  budget?: Budget | undefined;
}

export interface RouteResult {
  coordinates: Position[];
  distanceM: number;
  resolution: number;
  /** H3 cells of the least-cost path before smoothing. */
  cells: number;
  expanded: number;
  /** Engine runs behind the cell verdicts (the bulk judgement's measure; smoothing's are not counted). */
  judged: number;
  laancFacilities: string[];
  briefing: BriefingResult;
}

const KM_PER_DEG = 111.2;
const latLng = (p: Position): [number, number] => [p[1]!, p[0]!];
const toPosition = (cell: string): Position => {
  const [lat, lon] = cellToLatLng(cell);
  return [Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7];
};
const metres = (a: Position, b: Position) => greatCircleDistance(latLng(a), latLng(b), 'm');
/** The line buffered by the clearance: the path it is flown as. null where turf cannot buffer it. */
const corridor = (coordinates: Position[]): FeatureGeometry | null => bufferLineString({ type: 'LineString', coordinates }, ROUTE_CLEARANCE_M);
/** The line judged as the path it is flown as; a line that cannot be buffered is judged bare and counts as blocked by nothing else. */
const judgeCorridor = (dataset: Dataset, coordinates: Position[], opts: Parameters<typeof judge>[2]) => {
  const c = corridor(coordinates);
  return { unbuffered: c === null, verdict: judge(dataset, c ?? { type: 'LineString', coordinates }, opts) };
};

/** The box searched, and the resolution whose cells in it stay within the budget. */
export function searchRegion(positions: Position[], resolution?: number) {
  const lons = positions.map((p) => p[0]!), lats = positions.map((p) => p[1]!);
  const cos = Math.cos((((Math.min(...lats) + Math.max(...lats)) / 2) * Math.PI) / 180);
  const wKm = (Math.max(...lons) - Math.min(...lons)) * KM_PER_DEG * cos, hKm = (Math.max(...lats) - Math.min(...lats)) * KM_PER_DEG;
  const marginKm = Math.max(MIN_MARGIN_KM, Math.max(wKm, hKm) / 2);
  const box = [Math.min(...lons) - marginKm / (KM_PER_DEG * cos), Math.min(...lats) - marginKm / KM_PER_DEG, Math.max(...lons) + marginKm / (KM_PER_DEG * cos), Math.max(...lats) + marginKm / KM_PER_DEG] as const;
  const areaKm2 = (wKm + 2 * marginKm) * (hKm + 2 * marginKm);
  const cellsAt = (r: number) => areaKm2 / getHexagonAreaAvg(r, 'km2');
  let res = resolution;
  if (res === undefined) for (res = MAX_RESOLUTION; res > MIN_RESOLUTION && cellsAt(res) > ROUTE_CELL_BUDGET; res--);
  if (cellsAt(res) > ROUTE_CELL_BUDGET) throw new RouteTooLargeError(`about ${Math.round(cellsAt(res))} cells at resolution ${res}; at most ${ROUTE_CELL_BUDGET} are searched`);
  return { box, resolution: res };
}

function checkInput(req: Pick<RouteRequest, 'positions'>): void {
  const p = req.positions;
  if (p.length < 2) throw new RouteInputError('geometry.coordinates', 'a route needs a first and a last position');
  if (p.length - 2 > MAX_VIA_POINTS) throw new RouteInputError('geometry.coordinates', `at most ${MAX_VIA_POINTS} via points (${MAX_VIA_POINTS + 2} positions) are allowed; got ${p.length - 2}`);
  for (let i = 1; i < p.length; i++) {
    // Decided (docs/route.md): a route never crosses 180°; the search region would span the globe.
    if (Math.abs(p[i]![0]! - p[i - 1]![0]!) > 180) throw new RouteInputError('geometry.coordinates', `positions ${i - 1} and ${i} lie across the antimeridian (180°), which routes do not cross`);
  }
}

/**
 * The checked request's search region, as a polygon to fill with cells (the population model's, in
 * the worker pool), or throws RouteInputError (422) or RouteTooLargeError (408) as planRoute would.
 */
export function routeRegion(req: Pick<RouteRequest, 'positions' | 'resolution'>) {
  checkInput(req);
  const { box, resolution } = searchRegion(req.positions, req.resolution);
  const [w, s, e, n] = box;
  const polygon = { type: 'Polygon' as const, coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] };
  return { box, resolution, polygon };
}

/** Plans the route, or throws RouteInputError (422), RouteTooLargeError (408) or RouteBlockedError (422). */
export function planRoute(dataset: Dataset, req: RouteRequest): RouteResult {
  checkInput(req);
  const { box, resolution } = searchRegion(req.positions, req.resolution);
  const opts = { ...req.briefing, maxAltitudeFt: req.maxAltitudeFt, allowControlled: req.allowControlled ?? false };
  const weight = req.avoidPopulation ? RISK.avoidWeight : RISK.weight;
  const verdicts = new Map<string, Verdict>();
  const cellJudge = new CellJudge(dataset, box, opts, req.bulk ?? true);
  const verdict = (cell: string): Verdict => {
    let v = verdicts.get(cell);
    if (!v) {
      req.budget?.check();
      v = cellJudge.verdict(cell);
      verdicts.set(cell, v);
    }
    return v;
  };
  const multipliers = new Map<string, number>();
  const multiplier = (cell: string): number => {
    let m = multipliers.get(cell);
    if (m === undefined) {
      m = 1 + weight * Math.min(req.density(cell) / RISK.referenceDensity, RISK.cap) + (verdict(cell).controlled ? CONTROLLED_PENALTY : 0);
      multipliers.set(cell, m);
    }
    return m;
  };
  // A cell is kept out when it, or a cell within the clearance rings around it, is blocked (docs/route.md).
  const rings = clearanceRings(resolution);
  const nearBlocker = (cell: string): Blocker | null => {
    for (const c of gridDisk(cell, rings)) {
      const b = verdict(c).blocker;
      if (b) return b;
    }
    return null;
  };
  const graph = {
    passable: (cell: string) => nearBlocker(cell) === null,
    multiplier,
    inRegion: (cell: string) => {
      const [lat, lon] = cellToLatLng(cell);
      return lon >= box[0] && lat >= box[1] && lon <= box[2] && lat <= box[3];
    },
  };

  const path: string[] = [];
  const coordinates: Position[] = [];
  let expanded = 0;
  req.positions.forEach((p, i) => {
    const own = judge(dataset, { type: 'Point', coordinates: p }, opts).blocker;
    const cell = latLngToCell(p[1]!, p[0]!, resolution);
    const blocker = own ?? nearBlocker(cell);
    if (blocker) throw new RouteBlockedError(`position ${i} of the route lies ${own ? 'in' : `within the route's ${ROUTE_CLEARANCE_M} m clearance (${rings} H3 cell${rings > 1 ? 's' : ''} at resolution ${resolution}) of`} ${blocker.name} (${blocker.id}), which the route may not enter`, [blocker]);
  });
  for (let i = 1; i < req.positions.length; i++) {
    const from = req.positions[i - 1]!, to = req.positions[i]!;
    const leg = search(graph, latLngToCell(from[1]!, from[0]!, resolution), latLngToCell(to[1]!, to[0]!, resolution), req.heuristic ?? true);
    expanded += leg.expanded;
    if (!leg.path) {
      const met = new Map<string, Blocker>();
      for (const v of verdicts.values()) if (v.blocker) met.set(v.blocker.id, v.blocker);
      const names = [...met.values()].map((x) => `${x.name} (${x.id})`).join(', ');
      throw new RouteBlockedError(`no legal route from position ${i - 1} to position ${i} within the region searched; blocked by ${names || 'the search region'}`, [...met.values()]);
    }
    path.push(...(path.length ? leg.path.slice(1) : leg.path));
    const legLine = smooth(dataset, leg.path, from, to, multiplier, opts, req.budget);
    coordinates.push(...(coordinates.length ? legLine.slice(1) : legLine));
  }
  // The search's clearance rings hold for every cell of the path, so an unbufferable line is judged bare.
  const whole = judgeCorridor(dataset, coordinates, opts).verdict;
  // Every segment was judged on its own; this only guards the joins (and any future change).
  if (whole.blocker) throw new RouteBlockedError(`the route would touch ${whole.blocker.name} (${whole.blocker.id}); no legal route at resolution ${resolution}`, [whole.blocker]);

  const briefing = briefArea(dataset, { type: 'LineString', coordinates }, { ...req.briefing, maxAltitudeFt: req.maxAltitudeFt });
  const laancFacilities = [...new Set(path.flatMap((c) => verdict(c).laancFacilities))].sort();
  let distanceM = 0;
  for (let i = 1; i < coordinates.length; i++) distanceM += metres(coordinates[i - 1]!, coordinates[i]!);
  return { coordinates, distanceM: Math.round(distanceM), resolution, cells: path.length, expanded, judged: cellJudge.engineRuns, laancFacilities, briefing };
}

/**
 * String-pulling of one leg: from each kept point, go as far along the cells as a straight segment
 * can reach while the engine finds nothing the route may not enter on it and it costs no more than
 * the cells it replaces. The exact positions replace the centres of their cells (each lies in its
 * judged cell, and a hexagon is convex). Falls back to the cell centres if a shortcut line fails.
 */
function smooth(dataset: Dataset, cells: string[], from: Position, to: Position, multiplier: (c: string) => number, opts: Parameters<typeof judge>[2], budget?: Budget): Position[] {
  const ends = (p: Position): Position => [p[0]!, p[1]!];
  if (cells.length === 1) return [ends(from), ends(to)];
  const pts: Position[] = cells.map(toPosition);
  pts[0] = ends(from);
  pts[pts.length - 1] = ends(to);
  const prefix = [0];
  for (let i = 1; i < cells.length; i++) prefix.push(prefix[i - 1]! + metres(pts[i - 1]!, pts[i]!) * multiplier(cells[i]!));
  const legal = (i: number, k: number): boolean => {
    budget?.check();
    // Judged as the path it will be flown as (buffered by the clearance), so smoothing keeps the clearance.
    const seg = judgeCorridor(dataset, [pts[i]!, pts[k]!], opts);
    if (seg.unbuffered || seg.verdict.blocker) return false;
    let line: string[];
    try {
      line = gridPathCells(cells[i]!, cells[k]!);
    } catch {
      return false;
    }
    // The straight segment's own cost, over the cells it crosses, must not exceed the path it replaces.
    const share = metres(pts[i]!, pts[k]!) / Math.max(1, line.length - 1);
    let cost = 0;
    for (const c of line.slice(1)) cost += share * multiplier(c);
    return cost <= prefix[k]! - prefix[i]! + 1e-6;
  };
  const out: Position[] = [pts[0]!];
  let i = 0;
  while (i < cells.length - 1) {
    let j = i + 1;
    while (j + 1 < cells.length && legal(i, j + 1)) j++;
    out.push(pts[j]!);
    i = j;
  }
  const all = judgeCorridor(dataset, out, opts);
  return all.unbuffered || all.verdict.blocker ? pts : out;
}
