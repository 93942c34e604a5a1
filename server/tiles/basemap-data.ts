/**
 * Land, inland water and administrative boundaries for the offline basemap, from open data shipped
 * in npm packages: Natural Earth through world-atlas (public domain) and the US Census Bureau's
 * cartographic boundaries through us-atlas (public domain). TopoJSON is turned into GeoJSON with
 * topojson-client; multi-geometries are split so the tile cutter's spatial index stays selective.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, LineString, MultiLineString, Polygon, Position } from 'geojson';
import { feature, merge, mesh } from 'topojson-client';
import { keptFeatures } from './basemap-files';
import { splitLineAtAntimeridian, splitPolygonAtAntimeridian } from './antimeridian';
import type { GeometryCollection, MultiPolygon as TopoMultiPolygon, Polygon as TopoPolygon, Topology } from 'topojson-specification';

const require = createRequire(import.meta.url);

/**
 * A package's TopoJSON file, parsed afresh on each call: the parts built from it own what they need, and
 * the parsed topology (up to 6 MB of heap for the 1:50m countries) goes with the garbage rather than
 * staying in require()'s cache for the life of the process (docs/perf.md, "The basemap off the heap").
 */
export function topology(file: string): Topology {
  return JSON.parse(readFileSync(require.resolve(file), 'utf8')) as Topology;
}

/** A named collection of a topology; the packages' features carry at most a name. */
export function collection(topo: Topology, name: string): GeometryCollection<{ name?: string }> {
  const obj = topo.objects[name];
  if (!obj || obj.type !== 'GeometryCollection') throw new Error(`TopoJSON object ${name} is missing`);
  return obj as GeometryCollection<{ name?: string }>;
}

/** ISO 3166 numeric code of the United States in Natural Earth: its land comes from us-atlas instead. */
const USA = '840';

/** topojson-client's merge takes an array of polygons (its types also allow a collection, which fails). */
function mergeable(geometries: GeometryCollection<{ name?: string }>['geometries']): Array<TopoPolygon | TopoMultiPolygon> {
  return geometries.filter((g): g is TopoPolygon | TopoMultiPolygon => g.type === 'Polygon' || g.type === 'MultiPolygon');
}

function lineFeatures(ml: MultiLineString, props: Record<string, string | number>): Feature<LineString>[] {
  return ml.coordinates.flatMap(splitLineAtAntimeridian).map((line) => ({ type: 'Feature', properties: props, geometry: { type: 'LineString', coordinates: line } }));
}

/**
 * Each polygon of each country, as land, cut at the antimeridian where needed. Countries are not
 * merged into one land mass: a merge joins shapes on both sides of the antimeridian into rings that
 * jump from 180 to -180 degrees. Adjacent fills of one opaque colour show no seam.
 */
function countryLand(topo: Topology, object: string, skip?: (id: string) => boolean): Feature<Polygon>[] {
  const out: Feature<Polygon>[] = [];
  const col = collection(topo, object);
  const fc = feature(topo, { ...col, geometries: col.geometries.filter((g) => !skip?.(String(g.id))) });
  for (const f of fc.features) {
    const g = f.geometry;
    const polys = g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' ? g.coordinates : [];
    for (const rings of polys) {
      for (const part of splitPolygonAtAntimeridian(rings)) out.push({ type: 'Feature', properties: { class: 'land' }, geometry: { type: 'Polygon', coordinates: part } });
    }
  }
  return out;
}

/**
 * Land at small scale: Natural Earth 1:110m countries, for zooms where detail cannot show. It counts
 * the Great Lakes as land, which is right at this scale.
 */
export function coarseLand(): Feature<Polygon>[] {
  return countryLand(topology('world-atlas/countries-110m.json'), 'countries');
}

/**
 * Land at medium scale: every country of Natural Earth 1:50m but the United States, plus the US
 * from the Census 1:10m nation outline, which is finer and leaves the US waters of the Great Lakes
 * and Puget Sound open.
 */
export function detailedLand(): Feature<Polygon>[] {
  return [
    ...countryLand(topology('world-atlas/countries-50m.json'), 'countries', (id) => id === USA),
    ...countryLand(topology('us-atlas/nation-10m.json'), 'nation'),
  ];
}

const MERCATOR_LIMIT = 85;

/**
 * Inland water that no country covers (the Caspian Sea and the like): the holes of all the land
 * merged into one. Holes are safe from the antimeridian problem above; those reaching the poles are
 * artefacts of Antarctica's outline, not water.
 */
export function inlandWater(): Feature<Polygon>[] {
  const world = topology('world-atlas/countries-50m.json');
  const land = merge(world, mergeable(collection(world, 'countries').geometries));
  const out: Feature<Polygon>[] = [];
  for (const rings of land.coordinates) {
    for (const hole of rings.slice(1)) {
      if (hole.some((p: Position) => Math.abs(p[1]!) > MERCATOR_LIMIT)) continue;
      // Holes wind the other way from their outer ring; as a polygon of its own it is outer again.
      out.push({ type: 'Feature', properties: { class: 'lake' }, geometry: { type: 'Polygon', coordinates: [[...hole].reverse()] } });
    }
  }
  return out;
}

/** Country borders (admin_level 2): only arcs shared by two countries, so coastlines are not drawn. */
export function countryBorders(scale: '110m' | '50m'): Feature<LineString>[] {
  const world = topology(`world-atlas/countries-${scale}.json`);
  return lineFeatures(mesh(world, collection(world, 'countries'), (a, b) => a !== b), { admin_level: 2 });
}

/** US state borders (admin_level 4). */
export function stateBorders(): Feature<LineString>[] {
  const us = topology('us-atlas/states-10m.json');
  return lineFeatures(mesh(us, collection(us, 'states'), (a, b) => a !== b), { admin_level: 4 });
}

/**
 * US county borders (admin_level 6). Arcs between counties of two states are already state borders;
 * county FIPS codes start with the state's two digits.
 */
export function countyBorders(): Feature<LineString>[] {
  const us = topology('us-atlas/counties-10m.json');
  const sameState = (a: { id?: string | number }, b: { id?: string | number }) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2);
  return lineFeatures(mesh(us, collection(us, 'counties'), sameState), { admin_level: 6 });
}

/** The US and its territories with lakes worth drawing: contiguous states, Alaska, Hawaii, Puerto Rico. */
const US_REGIONS: ReadonlyArray<readonly [number, number, number, number]> = [
  [-125, 24, -66, 50],
  [-170, 51, -129, 72],
  [-161, 18.5, -154, 22.5],
  [-68, 17.5, -64.5, 18.6],
];

/**
 * Lakes over the US (Lake Washington, the Great Lakes on both sides of the border, reservoirs), from
 * @geo-maps/earth-lakes-1km: OpenStreetMap water polygons (ODbL) simplified to about 1 km. The file
 * holds the world's 131,000 lakes as one MultiPolygon (12 MB); only the 25,000 that touch the US are
 * kept (about 15 MB of heap), the rest is dropped with the parsed file. Kept in the data directory once
 * picked out (basemap-files.ts): a later start reads those alone.
 */
export function usLakes(): Feature<Polygon>[] {
  return keptFeatures('lakes', `lakes:${JSON.stringify(US_REGIONS)}`, usLakesFromPackage);
}

function usLakesFromPackage(): Feature<Polygon>[] {
  const raw = JSON.parse(readFileSync(require.resolve('@geo-maps/earth-lakes-1km/map.geo.json'), 'utf8')) as { geometries: Array<{ type: string; coordinates: Position[][][] }> };
  const out: Feature<Polygon>[] = [];
  for (const g of raw.geometries) {
    if (g.type !== 'MultiPolygon') continue;
    for (const rings of g.coordinates) {
      const outer = rings[0];
      if (!outer || outer.length < 4) continue;
      let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
      for (const p of outer) {
        const x = p[0]!, y = p[1]!;
        if (x < w) w = x;
        if (x > e) e = x;
        if (y < s) s = y;
        if (y > n) n = y;
      }
      if (!US_REGIONS.some(([rw, rs, re, rn]) => w < re && e > rw && s < rn && n > rs)) continue;
      out.push({ type: 'Feature', properties: { class: 'lake' }, geometry: { type: 'Polygon', coordinates: rings } });
    }
  }
  return out;
}
