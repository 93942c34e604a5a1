/**
 * UAS facility-map grid cells (domain.md: ceiling 0 to 400 ft AGL; read the polygons from the data,
 * never assume a cell size). A briefing folds the cells of one facility into one notice that carries
 * the lowest ceiling in the area (the portal highlights it); the LAANC module needs every cell, so
 * facilityMapCells() gives them one by one.
 */
import type { MultiPolygon, Polygon } from 'geojson';
import type { Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import { endedCycleText, type EndedCycle } from './currency';
import { intersects } from './geometry';
import { buildNotice, type NoticeContext } from './notice';
import { classify } from './rules';
import type { Evaluated } from './types';

export interface FacilityMapCell {
  id: string;
  /** The ATC facility (airport identifier) whose map the cell belongs to. */
  facility: string;
  ceilingFt: number;
  laancEnabled: boolean;
  geometry: Polygon | MultiPolygon;
  /** Effective date of the facility-map data the cell came from (its source), when known. */
  effectiveDate?: string;
  /** Last edit of the cell (FAA LAST_EDIT), when the data carries it. */
  lastEditDate?: string;
  feature: AirspaceFeature;
}

export function facilityOf(f: AirspaceFeature): string {
  return f.facility ?? f.ident ?? 'unknown facility';
}

/** cellFacilities per cell, read once: a briefing near a facility map asks for ~300 cells' twice (a split, a Set, two arrays each). */
const facilitiesOf = new WeakMap<AirspaceFeature, readonly string[]>();

/** Every facility a cell serves: its own and those the data lists in props.airports (UDDS APT1..5). */
export function cellFacilities(f: AirspaceFeature): readonly string[] {
  let known = facilitiesOf.get(f);
  if (known) return known;
  const listed = typeof f.props?.airports === 'string' ? f.props.airports.split(/[,;\s]+/).filter(Boolean) : [];
  known = Object.freeze([...new Set([facilityOf(f), ...listed])]);
  facilitiesOf.set(f, known);
  return known;
}

/** A cell is served by LAANC unless the data says otherwise (FAA UDDS APTn_LAANC). */
export function cellLaanc(f: AirspaceFeature): boolean {
  return f.laancEnabled !== false;
}

function isCell(f: AirspaceFeature): f is AirspaceFeature & { geometry: Polygon | MultiPolygon } {
  return f.layer === 'uasfm' && (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon');
}

export function toCell(f: AirspaceFeature & { geometry: Polygon | MultiPolygon }, dataset: Dataset): FacilityMapCell {
  const source = dataset.sources.find((s) => s.id === f.sourceId);
  const lastEdit = f.props?.lastEditDate ?? f.props?.LAST_EDIT;
  return {
    id: f.id,
    facility: facilityOf(f),
    ceilingFt: typeof f.ceilingFt === 'number' ? f.ceilingFt : 0,
    laancEnabled: cellLaanc(f),
    geometry: f.geometry,
    ...(source ? { effectiveDate: source.effectiveDate } : {}),
    ...(typeof lastEdit === 'string' ? { lastEditDate: lastEdit } : {}),
    feature: f,
  };
}

/** Every facility-map cell that intersects the geometry, with its ceiling, lowest ceiling first. */
export function facilityMapCells(dataset: Dataset, geometry: FeatureGeometry): FacilityMapCell[] {
  return dataset
    .searchNear(geometry, 0, ['uasfm'])
    .filter(isCell)
    .filter((f) => intersects(geometry, f.geometry))
    .map((f) => toCell(f, dataset))
    .sort((a, b) => a.ceilingFt - b.ceilingFt || a.id.localeCompare(b.id));
}

export interface CellHit {
  feature: AirspaceFeature;
  distanceNm: number;
}

/** Cells named in a description: enough to find them, not a wall of ids. */
const CELLS_NAMED = 5;

function ceilingSentence(min: number, lowCells: number, maxAltitudeFt: number, ended: boolean): string {
  if (min === 0) return `A 0 ft cell cannot be auto-authorized: only further coordination (Part 107) can approve a flight there.`;
  if (min < maxAltitudeFt) {
    return `Your planned ${maxAltitudeFt} ft AGL is above the ${min} ft ceiling of ${lowCells} cell(s): LAANC cannot auto-authorize it there; Part 107 pilots may request further coordination, recreational flyers must stay at or below the ceiling.`;
  }
  if (ended) {
    return `Your planned ${maxAltitudeFt} ft AGL is at or below every ceiling of this map, but the map's cycle ended before your flight starts: LAANC does not auto-authorize from it; Part 107 pilots may request further coordination, and the FAA's current facility map decides.`;
  }
  return `Your planned ${maxAltitudeFt} ft AGL is at or below every ceiling here: LAANC can auto-authorize it.`;
}

/** Whether a facility-map cell's FAA cycle ended at or before the flight starts (currency.ts); absent: never. */
export type CycleEnded = (f: AirspaceFeature) => EndedCycle | undefined;

/**
 * One notice per facility (and LAANC availability): the lowest ceiling among the cells hit, those
 * cells as the geometry, the nearest cell's distance.
 */
export function facilityNotices(hits: CellHit[], ctx: NoticeContext, verb: 'intersect' | 'lie within 2 NM of', cycleEnded?: CycleEnded): Evaluated[] {
  const groups = new Map<string, CellHit[]>();
  for (const h of hits) {
    const key = `${facilityOf(h.feature)}|${cellLaanc(h.feature)}`;
    const list = groups.get(key) ?? [];
    list.push(h);
    groups.set(key, list);
  }
  const out: Evaluated[] = [];
  for (const cells of groups.values()) {
    const first = cells[0]!.feature;
    const outcome = classify(first, 'active', cellLaanc(first))!;
    const ceilings = cells.map((c) => c.feature.ceilingFt ?? 0);
    const min = Math.min(...ceilings), max = Math.max(...ceilings);
    const low = cells.filter((c) => (c.feature.ceilingFt ?? 0) === min).sort((a, b) => a.distanceNm - b.distanceNm || a.feature.id.localeCompare(b.feature.id));
    const rep = low[0]!.feature;
    const named = low.slice(0, CELLS_NAMED).map((c) => c.feature.id).join(', ');
    const more = low.length > CELLS_NAMED ? ` and ${low.length - CELLS_NAMED} more` : '';
    const facility = facilityOf(first);
    // A cell can lie in the facility maps of several airports (UDDS APT1..5): name the others too.
    // A loop into a Set (first seen first), not flatMap, a Set, a spread and a filter (81 cells near KBFI).
    const others = new Set<string>();
    for (const c of cells) for (const x of cellFacilities(c.feature)) if (x !== facility) others.add(x);
    const shared = [...others];
    const alsoOf = shared.length ? ` Some of these cells also lie in the facility map of ${shared.join(', ')}.` : '';
    const klass = first.subtype?.startsWith('CLASS_') ? ` (Class ${first.subtype.slice(6)} airspace)` : '';
    const service = cellLaanc(first) ? '' : ' LAANC does not serve this facility: apply through FAA DroneZone.';
    const range = min === max ? `${min} ft AGL` : `${min} to ${max} ft AGL`;
    // The oldest ended cycle among the cells (one source per facility in practice), said once.
    let ended: EndedCycle | undefined;
    if (cycleEnded) for (const c of cells) {
      const e = cycleEnded(c.feature);
      if (e && (!ended || e.validUntil < ended.validUntil)) ended = e;
    }
    const currency = ended ? ` ${endedCycleText(ended)}` : '';
    const description =
      `${cells.length} facility-map grid cell(s) of ${facility}${klass} ${verb} your flight, with ceilings of ${range}.${alsoOf} ` +
      `Lowest ceiling ${min} ft AGL in ${low.length} cell(s): ${named}${more}. ${ceilingSentence(min, low.length, ctx.maxAltitudeFt, ended !== undefined)}${service}${currency}`;
    const polys = low.flatMap((c) => (c.feature.geometry.type === 'Polygon' ? [c.feature.geometry.coordinates] : c.feature.geometry.type === 'MultiPolygon' ? c.feature.geometry.coordinates : []));
    const geometry: FeatureGeometry = polys.length === 1 ? { type: 'Polygon', coordinates: polys[0]! } : { type: 'MultiPolygon', coordinates: polys };
    const distanceNm = Math.min(...cells.map((c) => c.distanceNm));
    const notice = buildNotice({
      // The lowest cell with the group's ceiling: an override, not a copy of the cell (a spread read its lazy geometry and every field).
      feature: rep,
      ceilingFt: min,
      outcome,
      distanceNm,
      ctx,
      title: `Facility map ${facility}: ceiling ${min} ft AGL`,
      description,
      geometry,
    });
    out.push({ notice, outcome, authorization: outcome.authorization, controlled: outcome.controlled && distanceNm === 0, features: cells.map((c) => c.feature) });
  }
  return out;
}
