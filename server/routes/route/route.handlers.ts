/**
 * Generate Route: the population density of the search region's cells comes from the worker pool (the
 * population model lives there, not on the main thread), then the planner (server/domain/route) runs
 * on the main thread with the dataset, and its errors become 408 / 422 naming the field or what blocks
 * the route.
 */
import type { AppDeps } from '../../deps';
import type { RouteFeature, RouteRequest } from '../../contract/route';
import { timeout, unprocessable } from '../../http/errors';
import type { HandlerResult } from '../../http/route';
import { limitResponseSize } from '../../http/response-size';
import { mainThread } from '../../http/main-thread';
import { Budget } from '../../domain/budget';
import type { BriefingOptions, GroundProvider } from '../../domain/briefing';
import { judgedArea } from '../../domain/route/cells';
import { demGround } from '../../services/elevation/dem-ground';
import { planRoute, RouteBlockedError, RouteInputError, routeRegion, RouteTooLargeError, ROUTE_CELL_BUDGET, type RouteRequest as PlanRequest } from '../../domain/route/plan';
import { runInPool } from '../../workers/surface-pool';
import { unpackCells } from '../../workers/surface-tasks';
import { flightOptions } from '../briefing/briefing.handlers';

type Density = PlanRequest['density'];

/**
 * The region's cells the pool fills: the region's own estimate may be off by some percent (the
 * rectangle's true area on the sphere), so the pool is allowed half as many again before it refuses.
 */
const REGION_CELLS = Math.round(ROUTE_CELL_BUDGET * 1.5);

/** The densities of the region's cells, from the pool; a cell the pool did not list counts as the densest (a cost, never a permission). */
async function regionDensity(body: RouteRequest, start: number): Promise<{ density: Density; start: number }> {
  const region = errorsMapped(() => routeRegion({ positions: body.geometry.coordinates, ...(body.resolution !== undefined ? { resolution: body.resolution } : {}) }));
  const out = await runInPool({ kind: 'cellDensities', geometry: region.polygon, resolution: region.resolution, start, maxCells: REGION_CELLS });
  if (!('cells' in out)) throw new Error('the worker answered a cellDensities task without cells');
  const cells = unpackCells(out.cells);
  const values = out.cells.densities ?? new Float64Array(cells.length);
  const byCell = new Map<string, number>();
  cells.forEach((c, i) => byCell.set(c, values[i]!));
  return { density: (cell) => byCell.get(cell) ?? Number.POSITIVE_INFINITY, start: Math.max(start, out.started ?? start) };
}

/**
 * The planner judges cells with the briefing engine on the main thread (it reads the in-memory
 * dataset), so it runs through the main-thread gate, one at a time, under ROUTE_BUDGET_MS: a route that
 * needs more answers 408 instead of holding every other request (docs/route.md, "Time budget").
 * `density` replaces the pool's (tests).
 */
export async function generateRoute(deps: AppDeps, body: RouteRequest, density?: Density): Promise<HandlerResult> {
  let start = Date.now();
  const opts = flightOptions(deps, body, true);
  if (!density) ({ density, start } = await regionDensity(body, start));
  const d = density;
  const ground = await routeGround(deps, body);
  // A route is many briefings: it gets its own, larger run (ROUTE_BUDGET_MS), one at a time through the gate.
  return mainThread.run((budget) => planned(deps, body, { ...opts, groundMaxFt: ground }, d, budget), start, (cfg) => new Budget('route', cfg.routeBudgetMs));
}

/**
 * The imported DEMs' ground over everything the planner judges (the search region and the cells at its
 * edge, `judgedArea`), read before the planner runs, as the briefings, the check, the advisories and LAANC
 * read it: an MSL floor the briefing counts over high ground is counted by the route too (docs/briefing-rules.md,
 * "Audit 2026-11-28, third pass"). Before, the planner kept the 800 ft assumption (raised by the airports' bound).
 */
async function routeGround(deps: AppDeps, body: RouteRequest): Promise<GroundProvider> {
  const { box } = errorsMapped(() => routeRegion({ positions: body.geometry.coordinates, ...(body.resolution !== undefined ? { resolution: body.resolution } : {}) }));
  const [w, s, e, n] = judgedArea(box);
  return demGround(deps, { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] });
}

/** The planner's errors as the API answers them. */
function errorsMapped<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (e instanceof RouteTooLargeError) throw timeout(`request timed out; reduce the size of the request (${e.message})`);
    if (e instanceof RouteInputError) throw unprocessable(`body.${e.field}: ${e.message}`, [{ field: `body.${e.field}`, rule: 'custom', message: e.message }]);
    if (e instanceof RouteBlockedError) throw unprocessable(e.message, { blockers: e.blockers });
    throw e;
  }
}

function planned(deps: AppDeps, body: RouteRequest, opts: BriefingOptions, density: Density, budget: Budget): HandlerResult {
  const ds = deps.datasets.current();
  const r = errorsMapped(() =>
    planRoute(ds, {
      budget,
      positions: body.geometry.coordinates,
      maxAltitudeFt: body.maxAltitude,
      allowControlled: body.allowControlledAirspace ?? false,
      avoidPopulation: body.avoid?.includes('population') ?? false,
      ...(body.resolution !== undefined ? { resolution: body.resolution } : {}),
      briefing: { now: opts.now!, start: opts.start!, end: opts.end!, includeGeometry: true, ...(opts.groundMaxFt ? { groundMaxFt: opts.groundMaxFt } : {}) },
      density,
    }),
  );
  const data: RouteFeature = {
    type: 'Feature',
    geometry: { type: 'LineString', coordinates: r.coordinates },
    properties: {
      distanceM: r.distanceM,
      cells: r.cells,
      resolution: r.resolution,
      ...(r.briefing.status ? { status: r.briefing.status } : {}),
      ...(r.briefing.authorizationType ? { authorizationType: r.briefing.authorizationType } : {}),
      laancFacilities: r.laancFacilities,
      notices: r.briefing.notices ?? [],
    },
  };
  return { body: limitResponseSize({ statusCode: 200, message: 'success', data }, 408), headers: { 'X-Dataset-Version': ds.version } };
}
