import type { PlacesQuery, PlacesResponse } from '../../contract/places';
import type { AppDeps } from '../../deps';
import { cityIndex } from '../../domain/places/cities';
import { searchPlaces } from '../../domain/places/search';
import { mainThread } from '../../http/main-thread';

/**
 * Through the main-thread gate: a one-letter search scans over 10,000 places (tens of ms), and twenty at
 * once held the event loop for seconds; the gate lets other requests through between searches and
 * answers 503 when its queue is full (docs/security.md, "Resource exhaustion, probed 2026-11-24").
 */
export function searchPlacesHandler(deps: AppDeps, query: PlacesQuery): Promise<PlacesResponse> {
  return mainThread.run(() => ({ places: searchPlaces(deps.datasets.current(), cityIndex(), query.q, query.limit) }));
}
