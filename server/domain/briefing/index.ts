/**
 * The briefing rules engine: pure functions over an in-memory Dataset, no I/O. Callers take
 * deps.datasets.current() once per request and pass it in.
 * Rules, time and altitude decisions: docs/briefing-rules.md.
 */
import type { BriefingResult } from '../../contract/briefing';
import type { Dataset } from '../../data/dataset';
import type { FeatureGeometry } from '../../data/model';
import type { Budget } from '../budget';
import { DEFAULT_MAX_ALTITUDE_FT, noteGround, type GroundProvider } from './altitude';
import { assess, NEARBY_NM, summarise } from './evaluate';
import { terrainOnce } from './terrain';
import { flightWindow, type FlightWindow } from './time';
import type { Evaluated } from './types';

export interface BriefingOptions {
  /** Start of the flight window; default `now`. */
  start?: Date;
  /** End of the flight window; default one hour after start. */
  end?: Date;
  /** The whole window, instead of start, end and now: an ObservedWindow tells how the answer used it (time.ts). */
  window?: FlightWindow;
  /** Top of the flight in ft AGL; default 400 (14 CFR 107.51(b)). */
  maxAltitudeFt?: number;
  /** The service's clock (deps.now()); default the system clock. */
  now?: Date;
  /** Whether notices carry their geometry; default true. */
  includeGeometry?: boolean;
  /** The request's time budget, checked in the engine's loop. */
  budget?: Budget | undefined;
  /** The highest DEM ground under an area (docs/elevation.md); without it MSL floors use the fixed 800 ft assumption. */
  groundMaxFt?: GroundProvider;
}

function assessNoted(dataset: Dataset, input: FeatureGeometry, opts: BriefingOptions, nearbyNm: number): Evaluated[] {
  // One object, written out: a spread of the context into the options was 4 % of a KBFI briefing.
  const ground = opts.groundMaxFt?.(input);
  const terrain = terrainOnce(dataset, input);
  const out = assess(dataset, input, {
    window: flightWindow(opts),
    maxAltitudeFt: opts.maxAltitudeFt ?? DEFAULT_MAX_ALTITUDE_FT,
    includeGeometry: opts.includeGeometry ?? true,
    budget: opts.budget,
    ground,
    terrain,
    nearbyNm,
  });
  noteGround(out, ground, terrain, opts.maxAltitudeFt ?? DEFAULT_MAX_ALTITUDE_FT);
  return out;
}

/** Area briefing (spec 4.1): every notice intersecting the area, all at distance 0. */
export function briefArea(dataset: Dataset, geometry: FeatureGeometry, opts: BriefingOptions = {}): BriefingResult {
  return summarise(assessArea(dataset, geometry, opts));
}

/** The area briefing's notices with the features and decisions behind them (advisories build on these). */
export function assessArea(dataset: Dataset, geometry: FeatureGeometry, opts: BriefingOptions = {}): Evaluated[] {
  return assessNoted(dataset, geometry, opts, 0);
}

/** Location briefing (spec 4.2): notices containing the point (distance 0) set the result; nearby ones within 2 NM carry their distance. */
export function briefLocation(dataset: Dataset, lat: number, lon: number, opts: BriefingOptions = {}): BriefingResult {
  return summarise(assessNoted(dataset, { type: 'Point', coordinates: [lon, lat] }, opts, NEARBY_NM));
}

export { briefingText } from './answer-json';
export { advisoriesFor, advisoryType, type AdvisoryCategory, type AdvisoryQuery, type AdvisorySource } from './advisories';
export { aviationFeatures, DEFAULT_AIRPORT_BUFFER_NM, type AviationOptions, type AviationType } from './aviation';
export { facilityMapCells, type FacilityMapCell } from './facility-map';
export { endedCycle } from './currency';
export { liveDataInDoubt, liveDataNotices, liveProblems } from './live-data';
export { restrictionsFor, type Restriction, type RestrictionKind, type RestrictionWindow } from './restrictions';
export { checkAirspace, type AirspaceCheck } from './check';
export { modelledNear, MODEL_MARGIN_NM } from './model-margin';
export { DEFAULT_MAX_ALTITUDE_FT, DEM_MARGIN_FT, type GroundMax, type GroundProvider } from './altitude';
export { circlePolygon, separationNm, STADIUM_RADIUS_NM } from './geometry';
export { activity, flightWindow, inEffectWithin, ObservedWindow, type Activity, type FlightWindow, type Interval } from './time';
export type { Evaluated } from './types';
