/**
 * The legacy airspace check (spec 4.4): three booleans derived from the briefing engine.
 * The spec documents four combinations; restricted airspace is reported as the spec's
 * "controlled false, enabled false, restricted true" (flights not allowed) even where it lies inside
 * controlled airspace, so a client reading the documented combinations stops there.
 */
import type { Dataset } from '../../data/dataset';
import type { FeatureGeometry } from '../../data/model';
import { DEFAULT_MAX_ALTITUDE_FT, type GroundProvider } from './altitude';
import { assess } from './evaluate';
import { liveDataInDoubt } from './live-data';
import type { FlightWindow } from './time';
import type { Budget } from '../budget';

export interface AirspaceCheck {
  controlled: boolean;
  enabled: boolean;
  restricted: boolean;
}

/** `groundMaxFt`: the imported DEM's ground, as the briefings get it (docs/elevation.md), so the check counts every floor the briefing of the same place counts. */
export function checkAirspace(dataset: Dataset, geometry: FeatureGeometry, window: FlightWindow & { maxAltitudeFt?: number }, budget?: Budget, groundMaxFt?: GroundProvider): AirspaceCheck {
  const evaluated = assess(dataset, geometry, { window, maxAltitudeFt: window.maxAltitudeFt ?? DEFAULT_MAX_ALTITUDE_FT, includeGeometry: false, nearbyNm: 0, budget, ground: groundMaxFt?.(geometry) });
  if (evaluated.some((e) => e.authorization === 'AUTHORIZATION_TYPE_RESTRICTED')) return { controlled: false, enabled: false, restricted: true };
  // A stale TFR feed or a TFR of unknown area (docs/live-data.md): three booleans cannot say CAUTION, and
  // "nothing controlled, nothing restricted" would read as clear; a TFR may restrict the flight unseen.
  if (liveDataInDoubt(dataset)) return { controlled: false, enabled: false, restricted: true };
  const controlled = evaluated.filter((e) => e.controlled);
  // enabled: "controlled grids with altitude ceilings" are in effect, i.e. facility-map cells and LAANC throughout.
  const grids = controlled.some((e) => e.notice.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING');
  const enabled = controlled.length > 0 && grids && controlled.every((e) => e.authorization === 'AUTHORIZATION_TYPE_LAANC');
  return { controlled: controlled.length > 0, enabled, restricted: false };
}
