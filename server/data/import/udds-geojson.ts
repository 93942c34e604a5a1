/**
 * FAA UDDS/ADDS GeoJSON layers, as exported by ArcGIS Hub (udds.faa.gov, adds-faa.opendata.arcgis.com)
 * or returned by a FeatureServer query with f=geojson. Which layer a file holds is told from the
 * fields present (the layer names in the files are whatever the downloader chose), or given explicitly.
 * Hub exports carry an obsolete `crs` member and [lon, lat, 0] positions: both are accepted, z dropped.
 */
import type { MultiPolygon, Point, Polygon } from 'geojson';
import { FACILITY_MAP_CYCLE_DAYS, type AirspaceFeature, type Layer } from '../model';
import { FAA_LICENCE, ImportError, field, isoDate, plural, sha256, slug, str, uniqueIds, type ParseOptions, type ParseResult, type Props } from './common';
import { normalizeGeometry, parseCoordinate } from './geometry';
import { mapClassAirspace, mapSua, mapUasfm } from './udds-airspace';
import { hasPartTimeFields, mapAirport, mapNsufr, mapRecreationalSite, mapStadium } from './udds-points';

/** What a feature mapper gets besides the properties. */
export interface MapContext {
  index: number;
  sourceId: string;
  partTime?: boolean;
  area(): Polygon | MultiPolygon;
  areaOrPoint(): Polygon | MultiPolygon | Point;
  /** The geometry if it is a Point, else LATITUDE/LONGITUDE (DMS strings in ADDS point layers). */
  point(): Point;
  /** Centre of the geometry's bounding box, [lon, lat]. */
  centre(): [number, number];
  /** Leaves the feature out for a reason that is summarized in the warnings. */
  skip(reason: string): null;
  note(message: string): void;
}

type Mapper = (p: Props, ctx: MapContext) => AirspaceFeature | null;

export const UDDS_LAYERS = ['uasfm', 'class_airspace', 'sua', 'nsufr', 'stadium', 'recreational_flyer_fixed_site', 'airport'] as const satisfies readonly Layer[];
export type UddsLayer = (typeof UDDS_LAYERS)[number];

const MAPPERS: Record<UddsLayer, Mapper> = {
  uasfm: mapUasfm,
  class_airspace: mapClassAirspace,
  sua: mapSua,
  nsufr: mapNsufr,
  stadium: mapStadium,
  recreational_flyer_fixed_site: mapRecreationalSite,
  airport: mapAirport,
};

const LAYER_TITLES: Record<UddsLayer, string> = {
  uasfm: 'FAA UAS Facility Map Data',
  class_airspace: 'FAA Class Airspace',
  sua: 'FAA Special Use Airspace',
  nsufr: 'FAA National Security UAS Flight Restrictions',
  stadium: 'FAA Stadiums',
  recreational_flyer_fixed_site: 'FAA Recreational Flyer Fixed Sites',
  airport: 'FAA Airports',
};

/** Tells the layer from the (lower-cased) field names, then from a name such as "Prohibited_Areas". */
export function detectUddsLayer(keys: ReadonlySet<string>, ...names: Array<string | undefined>): UddsLayer | undefined {
  const has = (k: string) => keys.has(k);
  if (has('ceiling') && (has('apt1_faaid') || has('map_eff'))) return 'uasfm';
  if (has('class') && has('local_type') && has('upper_val') && !has('timesofuse')) return 'class_airspace';
  if (has('timesofuse') && has('type_code')) return 'sua';
  if (has('site_name') || has('site_id')) return 'recreational_flyer_fixed_site';
  if ((has('facility') || has('base') || has('reason')) && !has('ident') && !has('apt1_faaid')) return 'nsufr';
  if (has('ident') && has('type_code') && (has('elevation') || has('latitude'))) return 'airport';
  if (has('name') && has('latitude') && has('longitude') && (has('status_code') || has('opening_on'))) return 'stadium';
  const hint = names.filter(Boolean).join(' ');
  const byName: Array<[RegExp, UddsLayer]> = [
    [/uasfm|facility_?map/i, 'uasfm'], [/class_?airspace/i, 'class_airspace'], [/special_?use|prohibited|\bsua\b/i, 'sua'],
    [/national_?security|nsufr|dod_mar/i, 'nsufr'], [/stadium/i, 'stadium'], [/recreational|flyer/i, 'recreational_flyer_fixed_site'],
    [/airport/i, 'airport'],
  ];
  return byName.find(([re]) => re.test(hint))?.[1];
}

const WGS84_CRS = /CRS84|EPSG:+4326|EPSG\/0\/4326/i;
class Skip extends Error {}

/** Parses one GeoJSON FeatureCollection (text or already-parsed JSON) of an FAA layer. */
export function parseUddsGeoJson(input: unknown, opts: ParseOptions): ParseResult {
  const file = opts.fileName;
  let doc: unknown = input;
  if (typeof input === 'string') {
    try {
      doc = JSON.parse(input.replace(/^\uFEFF/, ''));
    } catch (e) {
      throw new ImportError(file, `not valid JSON (${(e as Error).message})`);
    }
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new ImportError(file, 'not a GeoJSON object');
  const fc = doc as { type?: unknown; features?: unknown; crs?: unknown; name?: unknown; error?: { message?: unknown } };
  if (fc.error) throw new ImportError(file, `the ArcGIS service answered with an error: ${String(fc.error.message ?? 'no message')}`);
  if (fc.type !== 'FeatureCollection' || !Array.isArray(fc.features)) throw new ImportError(file, 'not a GeoJSON FeatureCollection');
  const crsName = (fc.crs as { properties?: { name?: unknown } } | undefined)?.properties?.name;
  if (crsName !== undefined && !WGS84_CRS.test(String(crsName))) {
    throw new ImportError(file, `coordinates are in ${String(crsName)}, not WGS84 longitude/latitude; export with CRS84 (EPSG:4326)`);
  }
  const raw = fc.features as unknown[];
  raw.forEach((f, i) => {
    const feat = f as { type?: unknown; properties?: unknown } | null;
    if (typeof feat !== 'object' || feat === null || feat.type !== 'Feature') throw new ImportError(file, `feature ${i + 1} is not a GeoJSON Feature`);
    if (feat.properties !== null && feat.properties !== undefined && (typeof feat.properties !== 'object' || Array.isArray(feat.properties))) {
      throw new ImportError(file, `feature ${i + 1} has properties that are not an object`);
    }
  });
  const features = raw as Array<{ properties?: Props | null; geometry?: unknown }>;
  const keys = new Set(features.flatMap((f) => Object.keys(f.properties ?? {}).map((k) => k.toLowerCase())));
  const collectionName = typeof fc.name === 'string' ? fc.name : undefined;
  const layer = (opts.layer as UddsLayer | undefined) ?? detectUddsLayer(keys, collectionName, file);
  if (!layer) {
    throw new ImportError(file, `cannot tell which FAA layer this is from its fields (${[...keys].slice(0, 12).join(', ') || 'none'}); pass --layer`);
  }
  if (!(UDDS_LAYERS as readonly string[]).includes(layer)) throw new ImportError(file, `layer ${layer} is not one of the GeoJSON layers (${UDDS_LAYERS.join(', ')})`);
  const partTime = layer === 'nsufr' ? (opts.partTime ?? (hasPartTimeFields(keys) || /part.?time/i.test(`${collectionName ?? ''} ${file}`))) : undefined;
  const sourceId = opts.sourceId ?? `faa:${layer}:${slug(file)}`;
  const skipped = new Map<string, number>();
  const notes = new Set<string>();
  const out: AirspaceFeature[] = [];

  features.forEach((f, index) => {
    const props = f.properties ?? {};
    const area = (allowPoint: boolean) => {
      if (f.geometry === null || f.geometry === undefined) throw new Skip('no geometry');
      return normalizeGeometry(f.geometry, allowPoint ? ['Polygon', 'MultiPolygon', 'Point'] : ['Polygon', 'MultiPolygon']);
    };
    const ctx: MapContext = {
      index,
      sourceId,
      ...(partTime !== undefined ? { partTime } : {}),
      area: () => area(false) as Polygon | MultiPolygon,
      areaOrPoint: () => area(true),
      point: () => {
        if (f.geometry !== null && f.geometry !== undefined) return normalizeGeometry(f.geometry, ['Point']) as Point;
        const lat = field(props, 'LATITUDE', 'LAT');
        const lon = field(props, 'LONGITUDE', 'LONG', 'LON');
        if (lat === undefined && lon === undefined) throw new Skip('no geometry and no LATITUDE/LONGITUDE');
        return { type: 'Point', coordinates: [parseCoordinate(lon, 'lon'), parseCoordinate(lat, 'lat')] };
      },
      centre: () => {
        const g = area(true);
        const pts = g.type === 'Point' ? [g.coordinates] : g.type === 'Polygon' ? g.coordinates[0]! : g.coordinates.flatMap((p) => p[0]!);
        const xs = pts.map((p) => p[0]!), ys = pts.map((p) => p[1]!);
        return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
      },
      skip: (reason) => {
        skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
        return null;
      },
      note: (message) => void notes.add(message),
    };
    try {
      const mapped = MAPPERS[layer](props, ctx);
      if (mapped) out.push(mapped);
    } catch (e) {
      if (e instanceof Skip) return void ctx.skip(e.message);
      const label = str(field(props, 'NAME', 'IDENT', 'SITE_NAME', 'Facility', 'APT1_FAAID', 'OBJECTID'));
      const what = e instanceof Error ? e.message : String(e);
      throw new ImportError(file, `feature ${index + 1}${label ? ` (${label})` : ''}: ${what}`);
    }
  });
  uniqueIds(out);

  const warnings = [...skipped].map(([reason, n]) => `skipped ${plural(n, 'feature')}: ${reason}`);
  warnings.push(...notes);
  if (raw.length === 0) warnings.push('the file holds no features');
  // The facility-map cycle date is the only effective date these exports carry; others date from retrieval.
  const mapEff = layer === 'uasfm' ? features.map((f) => isoDate(field(f.properties ?? {}, 'MAP_EFF'))).filter(Boolean).sort().pop() : undefined;
  return {
    layer,
    features: out,
    warnings,
    source: {
      id: sourceId,
      name: `${LAYER_TITLES[layer]}${partTime ? ' (part-time)' : ''} (${file})`,
      kind: 'faa',
      file,
      effectiveDateStated: mapEff !== undefined,
      version: mapEff ?? sha256(JSON.stringify(out)).slice(0, 12),
      effectiveDate: mapEff ? `${mapEff}T00:00:00Z` : opts.retrievedAt,
      retrievedAt: opts.retrievedAt,
      // The facility map is published on the 56-day chart cycle: it stops being current then (docs/provenance.md).
      ...(mapEff ? { cycleDays: FACILITY_MAP_CYCLE_DAYS } : {}),
      attribution: layer === 'uasfm' || layer === 'nsufr' || layer === 'recreational_flyer_fixed_site'
        ? 'FAA UAS Data Delivery System (UDDS)'
        : 'FAA Aeronautical Data Delivery Service (ADDS)',
      licence: FAA_LICENCE,
      ...(opts.url ? { url: opts.url } : {}),
      refreshMinutes: 1440,
    },
  };
}
