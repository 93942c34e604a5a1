/**
 * Airspace features of a dataset as tile features: one source-layer per dataset layer (same names),
 * properties trimmed to what a map draws and a click needs, and the zoom each kind appears from so
 * shallow tiles stay small (facility-map grid cells only from z9, small airports only from z8...).
 */
import type { Feature, Geometry } from 'geojson';
import { peekGeometry } from '../data/lazy-geometry';
import type { AirspaceFeature, AltitudeLimit, Layer } from '../data/model';

type Props = Record<string, string | number | boolean>;

/** Zooms of each source-layer: [first zoom, first zoom no longer drawn (undefined: all)]. */
export const AIRSPACE_ZOOMS: Record<Layer, readonly [number, number?]> = {
  class_airspace: [5],
  uasfm: [9],
  sua: [5],
  washington_frz: [5],
  washington_sfra: [5],
  satr: [5],
  nsufr: [7],
  stadium: [8],
  tfr: [4],
  airport: [6],
  national_park: [6],
  recreational_flyer_fixed_site: [9],
  mtr: [7],
  community_advisory: [8],
  notam: [6],
};

/** Class D and E surface areas are small and many: drawn from z7, B and C from z5. */
export const CLASS_MINZOOM: Record<string, number> = { B: 5, C: 5, D: 7, E: 7 };

/** Airports: towered ones (a Class B, C or D names them) from z6, other public ones from z8, the rest from z10. */
export const AIRPORT_MINZOOM = { towered: 6, public: 8, other: 10 } as const;

function altitude(props: Props, key: 'lower' | 'upper', a: AltitudeLimit | undefined): void {
  if (!a) return;
  props[key] = a.value;
  props[`${key}Ref`] = a.reference;
}

/** Sectional-chart label of a ceiling over a floor in hundreds of feet: "100/SFC", "40/15". */
export function altitudeLabel(lower?: AltitudeLimit, upper?: AltitudeLimit): string {
  const hundreds = (a: AltitudeLimit) => String(Math.round(a.value / 100));
  const floor = !lower || lower.reference === 'SFC' || lower.value === 0 ? 'SFC' : hundreds(lower);
  return `${upper ? hundreds(upper) : 'UNL'}/${floor}`;
}

/** Properties shared by every layer: the dataset id for look-ups and the name for labels. */
function baseProps(f: AirspaceFeature): Props {
  const p: Props = { fid: f.id, name: f.name };
  if (f.ident) p.ident = f.ident;
  if (f.subtype) p.subtype = f.subtype;
  return p;
}

export interface TileFeatureContext {
  /** Airport identifiers that a Class B, C or D airspace names (towered airports). */
  towered: ReadonlySet<string>;
}

export function toweredAirports(features: readonly AirspaceFeature[]): Set<string> {
  const out = new Set<string>();
  for (const f of features) {
    if (f.layer === 'class_airspace' && f.subtype !== 'CLASS_E' && f.facility) out.add(f.facility);
  }
  return out;
}

/**
 * The tile feature of one dataset feature (TFRs are not handled here: their properties depend on
 * the time, see tfrTileFeature). Numeric ids (the dataset index + 1) let the portal use feature state.
 */
export function tileFeature(f: AirspaceFeature, index: number, ctx: TileFeatureContext): Feature {
  // Peeked: a tile part packs the geometry it cuts from, so a geometry still in the dataset's file stays
  // there (lazy-geometry.ts; the warm-up's parts alone made ~13 MB of the national sandbox's).
  return { type: 'Feature', id: index + 1, properties: tileProperties(f, ctx), geometry: peekGeometry(f) as Geometry };
}

/** The properties of a dataset feature's tile feature (tileFeature), without its geometry. */
export function tileProperties(f: AirspaceFeature, ctx: TileFeatureContext): Props {
  let props: Props;
  switch (f.layer) {
    case 'uasfm':
      // Grid cells are thousands per airport: no ids or names, only what colours and labels a cell.
      props = { ceilingFt: f.ceilingFt ?? 0, laanc: f.laancEnabled ?? false };
      if (f.facility) props.facility = f.facility;
      break;
    case 'class_airspace': {
      props = baseProps(f);
      props.class = (f.subtype ?? 'CLASS_E').replace('CLASS_', '');
      props.laanc = f.laancEnabled ?? false;
      props.surface = !f.lower || f.lower.reference === 'SFC' || f.lower.value === 0;
      props.label = altitudeLabel(f.lower, f.upper);
      altitude(props, 'lower', f.lower);
      altitude(props, 'upper', f.upper);
      props.minzoom = CLASS_MINZOOM[props.class as string] ?? 7;
      break;
    }
    case 'airport': {
      props = baseProps(f);
      const towered = !!f.ident && ctx.towered.has(f.ident);
      const isPublic = f.subtype === 'AIRPORT' && f.props?.privateUse !== true;
      props.towered = towered;
      props.minzoom = towered ? AIRPORT_MINZOOM.towered : isPublic ? AIRPORT_MINZOOM.public : AIRPORT_MINZOOM.other;
      break;
    }
    case 'nsufr':
      props = baseProps(f);
      props.partTime = f.props?.partTime === true;
      break;
    case 'mtr':
      props = baseProps(f);
      if (typeof f.props?.widthNm === 'number') props.widthNm = f.props.widthNm;
      break;
    default:
      props = baseProps(f);
      altitude(props, 'lower', f.lower);
      altitude(props, 'upper', f.upper);
      if (f.lower || f.upper) props.label = altitudeLabel(f.lower, f.upper);
  }
  return props;
}

export type TfrStatus = 'active' | 'scheduled' | 'expired';

function ms(iso: string | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

/** A TFR's status at a time: in effect between its start (or always) and its end (or until further notice). */
export function tfrStatus(f: AirspaceFeature, now: number): TfrStatus {
  const start = ms(f.schedule?.startTime), end = ms(f.schedule?.endTime);
  if (end !== null && end <= now) return 'expired';
  if (start !== null && start > now) return 'scheduled';
  return 'active';
}

/** The instants at which some TFR starts or ends: between two of them every TFR keeps its status. */
export function tfrChangeTimes(tfrs: readonly AirspaceFeature[]): number[] {
  const times = new Set<number>();
  for (const f of tfrs) {
    for (const t of [ms(f.schedule?.startTime), ms(f.schedule?.endTime)]) if (t !== null) times.add(t);
  }
  return [...times].sort((a, b) => a - b);
}

/** A TFR as a tile feature at a time, or null once it has expired (the map no longer shows it). */
export function tfrTileFeature(f: AirspaceFeature, index: number, now: number): Feature | null {
  const status = tfrStatus(f, now);
  if (status === 'expired') return null;
  const props = baseProps(f);
  props.active = status === 'active';
  props.status = status;
  if (f.schedule?.startTime) props.start = f.schedule.startTime;
  if (f.schedule?.endTime) props.end = f.schedule.endTime;
  altitude(props, 'lower', f.lower);
  altitude(props, 'upper', f.upper);
  props.label = altitudeLabel(f.lower, f.upper);
  return { type: 'Feature', id: index + 1, properties: props, geometry: f.geometry as Geometry };
}
