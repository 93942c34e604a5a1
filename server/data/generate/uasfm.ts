/**
 * UAS facility-map grid cells over the whole lateral extent of every modelled class airspace. The FAA
 * publishes real maps per 56-day cycle (faa.gov/uas/commercial_operators/uas_facility_maps); the sandbox
 * models them, erring restrictive (docs/dataset-model-accuracy.md): ceilings from uasfm-ceiling.ts, cells
 * that reach past every modelled boundary, and the facility of the airport whose runways are nearest.
 *
 * Cells form a quadtree on a global grid: 4 arc-minute blocks, split down to 1 arc-minute (about
 * 1 NM by 0.75 NM at 40°N) wherever a ceiling below 400 ft or a boundary of the airspace passes, so
 * cells never overlap and are fine near runways and coarse under the far shelves. A cell's ceiling is the
 * lowest anywhere in it, so a coarser cell only lowers it. Consumers read each cell's polygon, never
 * assume a size.
 */
import type { AirspaceFeature } from '../model';
import type { AirportRecord } from './airports-db';
import type { AirspaceClass, SurfaceArea } from './class-airspace';
import { localProjector, round6 } from './geo';
import { rectSegmentDistance, rectSegmentFarthest, type Pt, type Rect } from './grid-geometry';
import { cellCeiling, lowersGrid, MAX_CEILING_FT, obstaclesFor, obstaclesOf, nearRunway, pointCeiling, REACH_NM } from './uasfm-ceiling';

/** The finest cell (arc-minutes) and the block the quadtree starts from. */
export const CELL_ARC_MINUTES = 1;
const BLOCK_ARC_MINUTES = 4;

/**
 * Cells on the outer boundary of an airspace stop splitting at this size: they reach up to 2 arc-minutes
 * past the modelled boundary, which is itself an approximation, so the grid ends beyond it, not inside.
 */
const BOUNDARY_ARC_MINUTES = 2;

/** Away from runways (uasfm-ceiling.ts nearRunway) cells stop at this size: their lowest ceiling holds for all of them. */
const COARSE_MIN_ARC_MINUTES = 2;

/** The corners and centre of a cell: where its ceiling is sampled to see whether it varies inside. */
function samples([x0, y0, x1, y1]: Rect): Pt[] {
  return [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [(x0 + x1) / 2, (y0 + y1) / 2]];
}

/** The FAA UAS Data Delivery System, where the real facility maps are published. */
export const FACILITY_MAP_URL = 'https://udds-faa.opendata.arcgis.com/';

/** UDDS cells list up to five airports (APT1..APT5). */
const MAX_LISTED = 5;

const CLASS_RANK: Record<AirspaceClass, number> = { B: 0, C: 1, D: 2, E: 3 };

interface Cell {
  s: number;
  w: number;
  n: number;
  e: number;
  ceiling: number;
  area: SurfaceArea;
  /** Every facility whose airspace the cell touches, the governing one first. */
  listed: string[];
}

/** An area in the projection of one block. */
interface Shape {
  area: SurfaceArea;
  centre: Pt;
  corridors: Array<{ a: Pt; b: Pt; halfWidthNm: number }>;
  runways: Array<[Pt, Pt]>;
}

function bucketIndex<T extends { lon: number; lat: number }>(items: readonly T[]): (lon: number, lat: number, nm: number) => T[] {
  const buckets = new Map<string, T[]>();
  const key = (x: number, y: number) => `${x}:${y}`;
  for (const it of items) {
    const k = key(Math.floor(it.lon * 4), Math.floor(it.lat * 4));
    buckets.set(k, [...(buckets.get(k) ?? []), it]);
  }
  return (lon, lat, nm) => {
    const dLat = nm / 60, dLon = nm / 60 / Math.cos((lat * Math.PI) / 180);
    const out: T[] = [];
    for (let x = Math.floor((lon - dLon) * 4); x <= Math.floor((lon + dLon) * 4); x++) {
      for (let y = Math.floor((lat - dLat) * 4); y <= Math.floor((lat + dLat) * 4); y++) out.push(...(buckets.get(key(x, y)) ?? []));
    }
    return out;
  };
}

function shapeOf(area: SurfaceArea, project: (lon: number, lat: number) => [number, number]): Shape {
  const ap = area.airport;
  const runways = ap.runways.map((r) => [project(r.ends[0].lon, r.ends[0].lat), project(r.ends[1].lon, r.ends[1].lat)] as [Pt, Pt]);
  return {
    area,
    centre: project(ap.lon, ap.lat),
    corridors: area.extensions.map((x) => ({ a: project(...x.from), b: project(...x.to), halfWidthNm: x.halfWidthNm })),
    runways: runways.length ? runways : [[project(ap.lon, ap.lat), project(ap.lon, ap.lat)]],
  };
}

const touches = (sh: Shape, r: Rect) =>
  rectSegmentDistance(r, sh.centre, sh.centre) <= sh.area.extentNm || sh.corridors.some((c) => rectSegmentDistance(r, c.a, c.b) <= c.halfWidthNm);
const contains = (sh: Shape, r: Rect) =>
  rectSegmentFarthest(r, sh.centre, sh.centre) <= sh.area.extentNm || sh.corridors.some((c) => rectSegmentFarthest(r, c.a, c.b) <= c.halfWidthNm);

/** The governing facility: the airport whose runways come nearest the cell's centre (then class, then identifier). */
function governing(shapes: Shape[], r: Rect): Shape[] {
  const mid: Pt = [(r[0] + r[2]) / 2, (r[1] + r[3]) / 2];
  const dist = (sh: Shape) => Math.min(...sh.runways.map(([a, b]) => rectSegmentDistance([mid[0], mid[1], mid[0], mid[1]], a, b)));
  return shapes
    .map((sh) => ({ sh, d: dist(sh) }))
    .sort((x, y) => x.d - y.d || CLASS_RANK[x.sh.area.cls] - CLASS_RANK[y.sh.area.cls] || x.sh.area.airport.ident.localeCompare(y.sh.area.airport.ident))
    .map((x) => x.sh);
}

/** The blocks each area's extent and extensions reach, with the areas in each. */
function blocksOf(areas: readonly SurfaceArea[]): Map<number, { row: number; col: number; areas: SurfaceArea[] }> {
  const perDegree = 60 / BLOCK_ARC_MINUTES;
  const blocks = new Map<number, { row: number; col: number; areas: SurfaceArea[] }>();
  for (const area of areas) {
    const { lon, lat } = area.airport;
    const pts: Array<[number, number, number]> = [[lon, lat, area.extentNm], ...area.extensions.flatMap((x) => [[...x.from, x.halfWidthNm], [...x.to, x.halfWidthNm]] as Array<[number, number, number]>)];
    let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
    for (const [x, y, r] of pts) {
      const dLat = r / 60, dLon = dLat / Math.cos((y * Math.PI) / 180);
      w = Math.min(w, x - dLon); e = Math.max(e, x + dLon); s = Math.min(s, y - dLat); n = Math.max(n, y + dLat);
    }
    for (let row = Math.floor(s * perDegree); row <= Math.floor(n * perDegree); row++) {
      for (let col = Math.floor(w * perDegree); col <= Math.floor(e * perDegree); col++) {
        const key = row * 100_000 + col;
        const b = blocks.get(key) ?? { row, col, areas: [] };
        b.areas.push(area);
        blocks.set(key, b);
      }
    }
  }
  return blocks;
}

/**
 * Computes the grid. The result does not depend on the order of the airport file: areas are sorted by
 * class and identifier, blocks by position.
 */
export function buildFacilityMapCells(
  surfaces: readonly SurfaceArea[], airports: readonly AirportRecord[], cellArcMinutes = CELL_ARC_MINUTES,
): AirspaceFeature[] {
  const near = bucketIndex(airports.filter(lowersGrid));
  const ordered = surfaces.slice().sort((x, y) => CLASS_RANK[x.cls] - CLASS_RANK[y.cls] || x.airport.ident.localeCompare(y.airport.ident));
  const blocks = [...blocksOf(ordered).entries()].sort((x, y) => x[0] - y[0]).map(([, b]) => b);
  const cells: Cell[] = [];
  for (const block of blocks) {
    const size = BLOCK_ARC_MINUTES / 60;
    const s0 = block.row * size, w0 = block.col * size;
    const project = localProjector(s0 + size / 2);
    const [bx0, by0] = project(w0, s0), [bx1, by1] = project(w0 + size, s0 + size);
    const obstacles = obstaclesFor([bx0, by0, bx1, by1], obstaclesOf(near(w0 + size / 2, s0 + size / 2, REACH_NM + BLOCK_ARC_MINUTES), project));
    const shapes = block.areas.map((a) => shapeOf(a, project));
    const visit = (s: number, w: number, deg: number): Cell[] => {
      const [x0, y0] = project(w, s), [x1, y1] = project(w + deg, s + deg);
      const rect: Rect = [x0, y0, x1, y1];
      const touching = shapes.filter((sh) => touches(sh, rect));
      if (touching.length === 0) return [];
      const ceiling = cellCeiling(rect, obstacles);
      const minutes = deg * 60;
      const varies = ceiling < MAX_CEILING_FT && samples(rect).some((p) => pointCeiling(p, obstacles) !== ceiling);
      const edge = minutes > BOUNDARY_ARC_MINUTES + 1e-9 && !touching.some((sh) => contains(sh, rect));
      const smallest = nearRunway(rect, obstacles) ? cellArcMinutes : COARSE_MIN_ARC_MINUTES;
      if (minutes > smallest + 1e-9 && (varies || edge)) {
        const h = deg / 2;
        const parts = ([[0, 0], [0, h], [h, 0], [h, h]] as const).flatMap(([ds, dw]) => visit(s + ds, w + dw, h));
        // Four quarters that came out alike (the split was for a boundary that passes elsewhere) are one cell again.
        const first = parts[0];
        const alike = parts.length === 4 && parts.every((c) => Math.abs(c.e - c.w - h) < 1e-9 && c.ceiling === first!.ceiling && c.listed.join() === first!.listed.join());
        return alike ? [{ ...first!, s, w, n: s + deg, e: w + deg }] : parts;
      }
      const order = governing(touching, rect);
      return [{ s, w, n: s + deg, e: w + deg, ceiling, area: order[0]!.area, listed: order.slice(0, MAX_LISTED).map((sh) => sh.area.airport.ident) }];
    };
    cells.push(...visit(s0, w0, size));
  }
  return cells.map(toFeature);
}

/** Kept short: there are tens of thousands of cells and each sentence is repeated in the file. */
function describe(ceiling: number, laanc: boolean): string {
  if (!laanc) return `Grid ceiling ${ceiling} ft AGL. No LAANC here: apply via FAA DroneZone.`;
  if (ceiling === 0) return '0 ft grid: no LAANC auto-approval; needs further coordination.';
  return `LAANC can approve up to ${ceiling} ft AGL here.`;
}

function toFeature(c: Cell): AirspaceFeature {
  const w = round6(c.w), e = round6(c.e), s = round6(c.s), n = round6(c.n);
  const facility = c.area.airport.ident;
  return {
    id: `uasfm:${facility}:${s.toFixed(4)}:${w.toFixed(4)}`,
    layer: 'uasfm',
    name: `${facility} grid ${c.ceiling} ft`,
    geometry: { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] },
    lower: { value: 0, reference: 'SFC' },
    upper: { value: c.ceiling, reference: 'AGL' },
    laancEnabled: c.area.laancEnabled,
    ceilingFt: c.ceiling,
    facility,
    description: describe(c.ceiling, c.area.laancEnabled),
    authority: 'FAA',
    sourceUrl: FACILITY_MAP_URL,
    sourceId: 'sandbox-uasfm',
    ...(c.listed.length > 1 ? { props: { airports: c.listed.join(',') } } : {}),
  };
}
