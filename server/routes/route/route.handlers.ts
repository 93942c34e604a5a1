/**
 * Generate Route: takes the current dataset once, calls the planner (server/domain/route) with the
 * population model, and turns its errors into 408 / 422 naming the field or what blocks the route.
 */
import type { AppDeps } from '../../deps';
import type { RouteFeature, RouteRequest } from '../../contract/route';
import { timeout, unprocessable } from '../../http/errors';
import type { HandlerResult } from '../../http/route';
import { limitResponseSize } from '../../http/response-size';
import { mainThread } from '../../http/main-thread';
import { Budget } from '../../domain/budget';
import { planRoute, RouteBlockedError, RouteInputError, RouteTooLargeError, type RouteRequest as PlanRequest } from '../../domain/route/plan';
import { populationModel } from '../../domain/surface/population-model';
import { flightOptions } from '../briefing/briefing.handlers';

type Density = PlanRequest['density'];

/**
 * The planner judges each cell with the briefing engine on the main thread (it reads the in-memory
 * dataset), so it runs through the main-thread gate, one at a time, under ROUTE_BUDGET_MS: a route that
 * needs more answers 408 instead of holding every other request (docs/route.md, "Time budget").
 */
export function generateRoute(deps: AppDeps, body: RouteRequest, density: Density = (cell) => populationModel().cellDensity(cell)): Promise<HandlerResult> {
  const start = Date.now();
  // A route is many briefings: it gets its own, larger run (ROUTE_BUDGET_MS), one at a time through the gate.
  return mainThread.run((budget) => planned(deps, body, density, budget), start, (cfg) => new Budget('route', cfg.routeBudgetMs));
}

function planned(deps: AppDeps, body: RouteRequest, density: Density, budget: Budget): HandlerResult {
  const opts = flightOptions(deps, body, true);
  const ds = deps.datasets.current();
  try {
    const r = planRoute(ds, {
      budget,
      positions: body.geometry.coordinates,
      maxAltitudeFt: body.maxAltitude,
      allowControlled: body.allowControlledAirspace ?? false,
      avoidPopulation: body.avoid?.includes('population') ?? false,
      ...(body.resolution !== undefined ? { resolution: body.resolution } : {}),
      briefing: { now: opts.now!, start: opts.start!, end: opts.end!, includeGeometry: true },
      density,
    });
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
  } catch (e) {
    if (e instanceof RouteTooLargeError) throw timeout(`request timed out; reduce the size of the request (${e.message})`);
    if (e instanceof RouteInputError) throw unprocessable(`body.${e.field}: ${e.message}`, [{ field: `body.${e.field}`, rule: 'custom', message: e.message }]);
    if (e instanceof RouteBlockedError) throw unprocessable(e.message, { blockers: e.blockers });
    throw e;
  }
}
