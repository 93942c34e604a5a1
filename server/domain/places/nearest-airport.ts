/**
 * The landing facility nearest a point, for telling a person where a place is ("2.1 NM SE of Boeing
 * Field/King County International (BFI)"). Pure: it reads the dataset's airport layer through its index.
 */
import { bearing, distance } from '@turf/turf';
import type { Position } from 'geojson';
import { expandBBox, type Dataset } from '../../data/dataset';

export interface NearestAirport {
  ident: string;
  name: string;
  /** Great-circle distance from the point, nautical miles, one decimal. */
  distanceNm: number;
  /** Where the point lies seen from the airport: N, NE, E … (null when on the field). */
  direction: string | null;
  state: string | null;
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
/** Below this the point is "at" the airport and a direction means nothing. */
const ON_FIELD_NM = 0.3;

/**
 * The nearest airport within `maxNm`, or null. Heliports and seaplane bases are left out by default:
 * a hospital pad is rarely how a person knows where a place is.
 */
export function nearestAirport(ds: Dataset, at: Position, maxNm = 30, subtypes: readonly string[] = ['AIRPORT']): NearestAirport | null {
  const [lon, lat] = at as [number, number];
  let best: { f: ReturnType<Dataset['search']>[number]; nm: number } | null = null;
  for (const f of ds.search(expandBBox([lon, lat, lon, lat], maxNm), ['airport'])) {
    if (f.geometry.type !== 'Point' || !subtypes.includes(f.subtype ?? '')) continue;
    const nm = distance(f.geometry.coordinates, at, { units: 'nauticalmiles' });
    if (nm <= maxNm && (!best || nm < best.nm)) best = { f, nm };
  }
  if (!best || best.f.geometry.type !== 'Point') return null;
  const from = best.f.geometry.coordinates;
  const direction = best.nm < ON_FIELD_NM ? null : COMPASS[Math.round((((bearing(from, at) % 360) + 360) % 360) / 45) % 8]!;
  const state = best.f.props?.state;
  return {
    ident: best.f.ident ?? best.f.id,
    name: best.f.name,
    distanceNm: Math.round(best.nm * 10) / 10,
    direction,
    state: typeof state === 'string' ? state : null,
  };
}
