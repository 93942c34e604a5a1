/**
 * UAS facility-map grid cells over every controlled surface area. The FAA publishes real maps per
 * 56-day cycle (faa.gov/uas/commercial_operators/uas_facility_maps); the sandbox models them: a ceiling
 * of 0 ft over the runways and the airport reference point, 0–100 ft along the approach paths, rising
 * with distance to 400 ft near the edge of the surface area (50 ft steps, as in FAA data).
 *
 * Cell size: 1 arc-minute square (about 1 NM by 0.75 NM in the contiguous states), like the FAA grids.
 * Measured for the whole US: 83,000 cells and 43 MB of JSON; 30 arc-seconds gives 298,000 cells and
 * 155 MB (docs/dataset-sandbox.md). Consumers read each cell's polygon, never assume a size.
 */
import type { AirspaceFeature } from '../model';
import type { AirportRecord } from './airports-db';
import type { AirspaceClass, SurfaceArea } from './class-airspace';
import { localProjector, round6, segmentDistance } from './geo';

export const CELL_ARC_MINUTES = 1;

/** Within this distance (NM) of a runway or the reference point the ceiling is 0. */
const ZERO_NM = 0.6;
/** Approach paths: 0 ft up to this far beyond a threshold, 100 ft a bit farther (NM along, NM across). */
const APPROACH_ZERO = { along: 2, across: 0.5 };
const APPROACH_LOW = { along: 3.5, across: 0.8, ceiling: 100 };
/** The ceiling reaches 400 ft at this share of the surface-area radius. */
const FULL_AT_SHARE = 0.8;

/** The FAA UAS Data Delivery System, where the real facility maps are published. */
export const FACILITY_MAP_URL = 'https://udds-faa.opendata.arcgis.com/';

const CLASS_RANK: Record<AirspaceClass, number> = { B: 0, C: 1, D: 2, E: 3 };

interface Obstacle {
  a: [number, number];
  b: [number, number];
  approach: boolean;
}

interface Cell {
  row: number;
  col: number;
  ceiling: number;
  area: SurfaceArea;
}

/** A coarse bucket index so each surface area finds the airports inside it without a full scan. */
function bucketIndex(airports: readonly AirportRecord[]): (lon: number, lat: number, nm: number) => AirportRecord[] {
  const buckets = new Map<string, AirportRecord[]>();
  const key = (x: number, y: number) => `${x}:${y}`;
  for (const a of airports) {
    if (a.type === 'heliport' || a.type === 'seaplane_base') continue;
    const k = key(Math.floor(a.lon * 4), Math.floor(a.lat * 4));
    const list = buckets.get(k) ?? [];
    list.push(a);
    buckets.set(k, list);
  }
  return (lon, lat, nm) => {
    const dLat = nm / 60, dLon = nm / 60 / Math.cos((lat * Math.PI) / 180);
    const out: AirportRecord[] = [];
    for (let x = Math.floor((lon - dLon) * 4); x <= Math.floor((lon + dLon) * 4); x++) {
      for (let y = Math.floor((lat - dLat) * 4); y <= Math.floor((lat + dLat) * 4); y++) out.push(...(buckets.get(key(x, y)) ?? []));
    }
    return out;
  };
}

function obstaclesFor(area: SurfaceArea, nearby: readonly AirportRecord[], project: (lon: number, lat: number) => [number, number]): Obstacle[] {
  const out: Obstacle[] = [];
  const arp = project(area.airport.lon, area.airport.lat);
  out.push({ a: arp, b: arp, approach: false });
  for (const ap of nearby) {
    const own = ap === area.airport;
    // Our choice: only fields with regular traffic (medium, large or towered) lower the sandbox grid;
    // counting the thousands of small private strips would zero out whole suburbs.
    if (!own && ap.type === 'small_airport' && !ap.towered) continue;
    if (ap.runways.length === 0 && !own) {
      const p = project(ap.lon, ap.lat);
      out.push({ a: p, b: p, approach: false });
    }
    for (const r of ap.runways) {
      out.push({ a: project(r.ends[0].lon, r.ends[0].lat), b: project(r.ends[1].lon, r.ends[1].lat), approach: own });
    }
  }
  return out;
}

function ceilingAt(p: [number, number], obstacles: readonly Obstacle[], radiusNm: number): number {
  let nearest = Infinity;
  let cap = 400;
  for (const o of obstacles) {
    const { cross, beyond, dist } = segmentDistance(p, o.a, o.b);
    if (dist < nearest) nearest = dist;
    if (o.approach && beyond > 0) {
      if (cross <= APPROACH_ZERO.across && beyond <= APPROACH_ZERO.along) cap = 0;
      else if (cross <= APPROACH_LOW.across && beyond <= APPROACH_LOW.along) cap = Math.min(cap, APPROACH_LOW.ceiling);
    }
  }
  if (nearest <= ZERO_NM) return 0;
  const full = Math.max(FULL_AT_SHARE * radiusNm, ZERO_NM + 0.5);
  const share = Math.min(1, (nearest - ZERO_NM) / (full - ZERO_NM));
  return Math.min(cap, Math.floor((400 * share) / 50) * 50);
}

/**
 * Computes the grid. Areas are visited B, C, D, E, then by identifier; where two overlap, a cell keeps
 * the lower ceiling and the facility of the first (higher-class) area, so the result never depends on
 * the order of the airport file.
 */
export function buildFacilityMapCells(
  surfaces: readonly SurfaceArea[], airports: readonly AirportRecord[], cellArcMinutes = CELL_ARC_MINUTES,
): AirspaceFeature[] {
  const perDegree = 60 / cellArcMinutes;
  const near = bucketIndex(airports);
  const ordered = surfaces.slice().sort((x, y) => CLASS_RANK[x.cls] - CLASS_RANK[y.cls] || x.airport.ident.localeCompare(y.airport.ident));
  const cells = new Map<number, Cell>();
  for (const area of ordered) {
    const { lon, lat } = area.airport;
    const project = localProjector(lat);
    const obstacles = obstaclesFor(area, near(lon, lat, area.radiusNm + 0.5), project);
    const center = project(lon, lat);
    const dLat = area.radiusNm / 60, dLon = dLat / Math.cos((lat * Math.PI) / 180);
    for (let row = Math.floor((lat - dLat) * perDegree); row <= Math.floor((lat + dLat) * perDegree); row++) {
      for (let col = Math.floor((lon - dLon) * perDegree); col <= Math.floor((lon + dLon) * perDegree); col++) {
        const sw = project(col / perDegree, row / perDegree);
        const ne = project((col + 1) / perDegree, (row + 1) / perDegree);
        // A cell belongs to the area when any part of it lies inside the circle, so the grid covers it.
        const nx = Math.min(Math.max(center[0], sw[0]), ne[0]), ny = Math.min(Math.max(center[1], sw[1]), ne[1]);
        if (Math.hypot(nx - center[0], ny - center[1]) > area.radiusNm) continue;
        const ceiling = ceilingAt([(sw[0] + ne[0]) / 2, (sw[1] + ne[1]) / 2], obstacles, area.radiusNm);
        const key = row * 1_000_000 + col;
        const prev = cells.get(key);
        if (!prev) cells.set(key, { row, col, ceiling, area });
        else if (ceiling < prev.ceiling) prev.ceiling = ceiling;
      }
    }
  }
  return [...cells.values()].map((c) => toFeature(c, perDegree));
}

/** Kept short: there are tens of thousands of cells and each sentence is repeated in the file. */
function describe(ceiling: number, laanc: boolean): string {
  if (!laanc) return `Grid ceiling ${ceiling} ft AGL. No LAANC here: apply via FAA DroneZone.`;
  if (ceiling === 0) return '0 ft grid: no LAANC auto-approval; needs further coordination.';
  return `LAANC can approve up to ${ceiling} ft AGL here.`;
}

function toFeature(c: Cell, perDegree: number): AirspaceFeature {
  const w = round6(c.col / perDegree), e = round6((c.col + 1) / perDegree);
  const s = round6(c.row / perDegree), n = round6((c.row + 1) / perDegree);
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
  };
}
