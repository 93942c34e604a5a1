/**
 * Airports, heliports and seaplane bases of the current dataset, found by FAA identifier, ICAO code
 * and name. Built once per dataset version (a refresh swaps the Dataset object, so the cache follows).
 */
import type { Place, PlaceKind } from '../../contract/places';
import type { Dataset } from '../../data/dataset';
import type { AirspaceFeature } from '../../data/model';
import { nameKeys, normalize, type NameKeys } from './normalize';
import { nameTier, TIER, type Candidate, type Tier } from './rank';

interface AirportEntry {
  place: Place;
  ident: string;
  icao: string | null;
  keys: NameKeys;
  weight: number;
}

const KIND: Record<string, PlaceKind> = { AIRPORT: 'airport', HELIPORT: 'heliport', SEAPLANE_BASE: 'seaplane_base' };

/**
 * An airport's size as a population, so airports and cities share one order within a tier: a towered
 * airport with an ICAO code ranks like a city of 200,000, a small field like a town of 5,000. The
 * sandbox data (OurAirports) names the ICAO code `icao`, FAA imports `icaoId`.
 */
function weightOf(kind: PlaceKind, towered: boolean, icao: string | null): number {
  if (kind !== 'airport') return 1_000;
  return (towered ? 150_000 : 5_000) + (icao ? 50_000 : 0);
}

function entryOf(f: AirspaceFeature): AirportEntry | null {
  if (f.geometry.type !== 'Point' || !f.ident) return null;
  const kind = KIND[f.subtype ?? 'AIRPORT'] ?? 'airport';
  const icaoProp = f.props?.icao ?? f.props?.icaoId;
  const icao = typeof icaoProp === 'string' && icaoProp ? icaoProp.toUpperCase() : null;
  const state = f.props?.state;
  const [lon, lat] = f.geometry.coordinates as [number, number];
  const place: Place = {
    name: f.name,
    kind,
    ident: f.ident,
    ...(icao ? { icao } : {}),
    ...(typeof state === 'string' && state ? { region: state } : {}),
    country: 'US',
    lon,
    lat,
  };
  return { place, ident: f.ident.toUpperCase(), icao, keys: nameKeys(f.name), weight: weightOf(kind, f.props?.towered === true, icao) };
}

const cache = new WeakMap<Dataset, AirportEntry[]>();

function entries(ds: Dataset): AirportEntry[] {
  let list = cache.get(ds);
  if (!list) {
    list = ds.ofLayers(['airport']).map(entryOf).filter((e): e is AirportEntry => e !== null);
    cache.set(ds, list);
  }
  return list;
}

/** Every airport matching `raw` (trimmed query) with its tier. */
export function matchAirports(ds: Dataset, raw: string): Candidate[] {
  const code = raw.toUpperCase();
  const q = normalize(raw);
  const out: Candidate[] = [];
  for (const e of entries(ds)) {
    let tier: Tier | null = null;
    if (e.ident === code || e.icao === code) tier = TIER.ident;
    else if (code.length >= 2 && (e.ident.startsWith(code) || e.icao?.startsWith(code))) tier = TIER.prefix;
    const byName = nameTier(e.keys, q);
    if (byName !== null && (tier === null || byName < tier)) tier = byName;
    if (tier !== null) out.push({ place: e.place, tier, weight: e.weight });
  }
  return out;
}
