/**
 * The airspace dataset model: what the generator and the FAA importers produce and what the
 * briefing engine, the aviation/advisory/surface endpoints and the tiles read.
 * Pure types and tiny helpers; no I/O. See docs/dataset-sandbox.md (the generated dataset) and docs/data-import.md (FAA data).
 */
import type { LineString, MultiPolygon, Point, Polygon } from 'geojson';

/** One theme of airspace data. Each maps to one NoticeDataSource of the spec (see the engine). */
export type Layer =
  | 'class_airspace' // Class B, C, D and E surface areas (subtype CLASS_x)
  | 'uasfm' // UAS facility-map grid cell (ceilingFt, laancEnabled, facility)
  | 'sua' // special-use airspace (subtype PROHIBITED, RESTRICTED, MOA, ALERT, WARNING_AREA, DANGER, ADVISORY)
  | 'washington_frz'
  | 'washington_sfra'
  | 'satr' // special air traffic rules areas (14 CFR 93)
  | 'nsufr' // national-security UAS flight restriction (partTime true/false)
  | 'stadium' // Point; 3 NM / 3,000 ft restriction during events
  | 'tfr'
  | 'airport' // Point; subtype AIRPORT, HELIPORT or SEAPLANE_BASE
  | 'national_park'
  | 'recreational_flyer_fixed_site'
  | 'mtr' // LineString: military training route centre line (widthNm in props)
  | 'community_advisory'
  | 'notam';

export const LAYERS: readonly Layer[] = [
  'class_airspace', 'uasfm', 'sua', 'washington_frz', 'washington_sfra', 'satr', 'nsufr', 'stadium', 'tfr',
  'airport', 'national_park', 'recreational_flyer_fixed_site', 'mtr', 'community_advisory', 'notam',
];

export type Subtype =
  | 'CLASS_B' | 'CLASS_C' | 'CLASS_D' | 'CLASS_E'
  | 'PROHIBITED' | 'RESTRICTED' | 'MOA' | 'ALERT' | 'WARNING_AREA' | 'DANGER' | 'ADVISORY'
  | 'AIRPORT' | 'HELIPORT' | 'SEAPLANE_BASE'
  | 'EMERGENCY' | 'ADMIN' | 'RECREATIONAL';

/** An altitude limit in feet. SFC is the ground (value 0); AGL above ground; MSL above mean sea level. */
export interface AltitudeLimit {
  value: number;
  reference: 'SFC' | 'AGL' | 'MSL';
}

/** Times of use in the spec's Schedule/TimeOfUse shape (section 2.3), so notices can carry them verbatim. */
export interface TimeOfUse {
  daysActive?: Array<'SUN' | 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT'>;
  dailyStart?: string; // HH:MM local
  dailyEnd?: string; // HH:MM local
  startTime?: string;
  endTime?: string;
  timezone?: string;
}

export interface Schedule {
  startTime?: string; // RFC 3339; absent: in effect since forever
  endTime?: string; // RFC 3339; absent: until further notice
  timezone?: string; // IANA
  text?: string;
  timesOfUse?: TimeOfUse[];
}

export interface ScheduledEvent {
  name: string;
  type: string;
  startTime: string;
  endTime: string;
}

export interface Contact {
  text?: string;
  phoneNumber?: string;
  email?: string;
  url?: string;
}

export type FeatureGeometry = Polygon | MultiPolygon | Point | LineString;

export interface AirspaceFeature {
  /** Stable, unique within a dataset, e.g. "class:SEA:B:2" or "uasfm:BFI:47.55:-122.31". */
  id: string;
  layer: Layer;
  subtype?: Subtype;
  name: string;
  /** Airport identifier, area designator (P-56A), NOTAM number (4/2565)... */
  ident?: string;
  geometry: FeatureGeometry;
  lower?: AltitudeLimit;
  upper?: AltitudeLimit;
  /** class_airspace, uasfm: whether LAANC serves this airspace. */
  laancEnabled?: boolean;
  /** uasfm: the facility-map ceiling in feet AGL (0 to 400, 50 ft steps in FAA data). */
  ceilingFt?: number;
  /** class_airspace, uasfm: the ATC facility (airport identifier) that authorizes. */
  facility?: string;
  /** A plain-language sentence a pilot understands. */
  description?: string;
  schedule?: Schedule;
  events?: ScheduledEvent[];
  authority?: string;
  contact?: Contact;
  sourceUrl?: string;
  /** Which DatasetSource it came from. */
  sourceId: string;
  /** Anything else the source carries that is worth keeping (strings, numbers, booleans only). */
  props?: Record<string, string | number | boolean | null>;
}

/**
 * What kind of data a source is (docs/provenance.md): an FAA file or feed, data the sandbox generator
 * modelled, or third-party open data (OurAirports).
 */
export type SourceKind = 'faa' | 'generated' | 'open-data';

export interface DatasetSource {
  id: string;
  name: string;
  /** Absent in datasets written before it existed: see sourceKind(). */
  kind?: SourceKind;
  /** The FAA file (or feed) the data was read from, by name. */
  file?: string;
  /** false when the publisher states no effective date: effectiveDate then is the retrieval time. */
  effectiveDateStated?: boolean;
  /** Version of this source's data, e.g. the facility-map cycle "2025-10-30" or a generator version. */
  version: string;
  /** When this data took effect (RFC 3339). */
  effectiveDate: string;
  /** When it was generated or fetched (RFC 3339): the age of the data is measured from here. */
  retrievedAt: string;
  attribution: string;
  licence: string;
  url?: string;
  /** How often the publisher refreshes it, in minutes (spec section 8: 10 minutes to 24 hours). */
  refreshMinutes?: number;
  /**
   * The publisher's cycle in days, for data published on one: 56 for a UDDS facility map (the chart
   * cycle, MAP_EFF), 28 for the NASR subscription. The data stops being current effectiveDate + cycleDays
   * (validUntil). Absent: no cycle (ADDS layers state no date; a TFR's own schedule ends it; generated data).
   */
  cycleDays?: number;
  /** A live source's state (docs/live-data.md): laid over the dataset by the service, never written to a file. */
  live?: LiveSourceState;
  /** Where this source's data of some layers is complete (docs/briefing-rules.md "Coverage"); see coverageOf() for sources without it. */
  coverage?: SourceCoverage;
  /** A file imported from disk: its modification time (RFC 3339), the file's own date when it states no effective date. */
  fileDate?: string;
}

/** What the briefing engine is told of a live source (the TFR feed, the chart sync): it errs restrictive on it. */
export interface LiveSourceState {
  /** The data in words, for notices: "FAA temporary flight restrictions (tfr.faa.gov)". */
  what: string;
  /** The last good read (RFC 3339); absent: none yet. */
  lastSuccess?: string;
  /** Past its freshness promise since then (RFC 3339); absent: fresh. */
  staleSince?: string;
  /** TFRs the list names whose area could not be read (no good detail yet): where they are is unknown. */
  unknown?: Array<{ id: string; state?: string; type?: string; description?: string }>;
  /** How many there are in all when `unknown` lists only the first ones. */
  unknownCount?: number;
}

/** The layers whose absence a briefing would otherwise read as "clear": outside their coverage it says there is no data. */
export type CoverageLayer = 'class_airspace' | 'uasfm' | 'sua' | 'tfr';
export const COVERAGE_LAYERS: readonly CoverageLayer[] = ['class_airspace', 'uasfm', 'sua', 'tfr'];

/**
 * Where a source is complete: for these layers, every feature of the area is in the source (what is not
 * there does not exist). `national`: all US airspace (a national sync, the live TFR feed, the sandbox's
 * nationwide model); otherwise a region, the file's extent (the convex hull of its features) or one
 * declared at import.
 */
export interface SourceCoverage {
  layers: CoverageLayer[];
  area: 'national' | Polygon | MultiPolygon;
  basis: 'sync' | 'feed' | 'declared' | 'file-extent' | 'model';
}

/** The serialized dataset: one JSON file under DATA_DIR/datasets/. */
export interface DatasetFile {
  format: 'skyplan-airspace-dataset';
  formatVersion: 1;
  /** Unique version id of this whole dataset (changes whenever any feature does). */
  version: string;
  generatedAt: string;
  /** 'sandbox' (generated) or 'faa' (imported from FAA files). */
  kind: 'sandbox' | 'faa';
  sources: DatasetSource[];
  features: AirspaceFeature[];
}

/** The kind of a source, also for datasets written before sources carried one. */
export function sourceKind(s: DatasetSource, datasetKind: DatasetFile['kind']): SourceKind {
  if (s.kind) return s.kind;
  if (datasetKind === 'faa' || s.id.startsWith('faa:')) return 'faa';
  return s.id === 'ourairports' ? 'open-data' : 'generated';
}

/**
 * Whether a source's effectiveDate is one its publisher states. Older datasets do not say: the
 * importers' convention applies (an unstated date is the retrieval time).
 */
export function effectiveDateStated(s: DatasetSource, datasetKind: DatasetFile['kind']): boolean {
  if (s.effectiveDateStated !== undefined) return s.effectiveDateStated;
  return sourceKind(s, datasetKind) === 'faa' ? s.effectiveDate !== s.retrievedAt : true;
}

/** The 56-day aeronautical chart cycle of a UDDS facility map (domain.md: "Facility-map data comes out on the 56-day cycle"). */
export const FACILITY_MAP_CYCLE_DAYS = 56;
/** The NASR subscription's cycle ("28 Day NASR Subscription"). */
export const NASR_CYCLE_DAYS = 28;

/**
 * The cycle of a source: the one it carries, else, for datasets written before sources carried one, the
 * importers' own (an FAA facility map whose MAP_EFF was read: 56 days; a NASR file with EFF_DATE: 28).
 * Only FAA data with a stated effective date has one: generated data models a cycle, it is not published
 * on one (docs/provenance.md).
 */
export function cycleDays(s: DatasetSource, datasetKind: DatasetFile['kind']): number | undefined {
  if (sourceKind(s, datasetKind) !== 'faa' || !effectiveDateStated(s, datasetKind)) return undefined;
  if (s.cycleDays !== undefined) return s.cycleDays > 0 ? s.cycleDays : undefined;
  if (s.id.startsWith('faa:uasfm:') || /\(UDDS\)/.test(s.attribution)) return FACILITY_MAP_CYCLE_DAYS;
  if (s.id.startsWith('faa:nasr:') || /\bNASR\b/.test(s.attribution)) return NASR_CYCLE_DAYS;
  return undefined;
}

/** When a cycle-published FAA source stops being current (RFC 3339): its effective date plus its cycle; undefined without a cycle. */
export function validUntil(s: DatasetSource, datasetKind: DatasetFile['kind']): string | undefined {
  const days = cycleDays(s, datasetKind);
  const from = Date.parse(s.effectiveDate);
  if (days === undefined || Number.isNaN(from)) return undefined;
  return new Date(from + days * 86_400_000).toISOString().replace('.000Z', 'Z');
}
