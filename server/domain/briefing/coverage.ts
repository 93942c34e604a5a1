/**
 * Where the airspace data says nothing, the engine must not say "clear". The dataset (generated or
 * imported from the FAA) covers United States airspace: the states, DC and the territories, and the
 * territorial sea to 12 NM. Outside it (the open ocean, another country) an empty answer means "no
 * data", not "Class G", so the place gets a CAUTION notice that says so. docs/briefing-rules.md.
 */
import { bbox as turfBbox, booleanPointInPolygon, pointToPolygonDistance } from '@turf/turf';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Notice } from '../../contract/briefing';
import { coverageOf, uncoveredLayers } from '../../data/coverage';
import { geometryBBox, type Dataset } from '../../data/dataset';
import type { AirspaceFeature, CoverageLayer, FeatureGeometry } from '../../data/model';
import { provenanceOf } from './provenance';
import { classGNotice, type NoticeContext } from './notice';
import { CLASS_G_OUTCOME, type Outcome } from './rules';
import type { Evaluated } from './types';

/** The territorial sea (14 CFR 1.1 "United States": the states, DC, territories and their territorial waters). */
export const TERRITORIAL_SEA_NM = 12;
const NM_DEG = 1 / 60;

interface Part {
  polygon: Polygon;
  /** The part's box grown by the territorial sea (longitude scaled by latitude). */
  box: [number, number, number, number];
}

let parts: Part[] | null = null;

/** Every polygon of US land (us-atlas, US Census boundaries), read once per process. */
function usParts(): Part[] {
  if (parts) return parts;
  const require = createRequire(import.meta.url);
  const topo = require('us-atlas/states-10m.json') as Topology<{ states: GeometryCollection }>;
  const fc = feature(topo, topo.objects.states) as unknown as { features: Array<Feature<Polygon | MultiPolygon>> };
  const out: Part[] = [];
  for (const f of fc.features) {
    const polys = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const coordinates of polys) {
      const polygon: Polygon = { type: 'Polygon', coordinates };
      const [w, s, e, n] = turfBbox(polygon);
      const lat = Math.max(Math.abs(s), Math.abs(n));
      const dLon = (TERRITORIAL_SEA_NM * NM_DEG) / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
      out.push({ polygon, box: [w - dLon, s - TERRITORIAL_SEA_NM * NM_DEG, e + dLon, n + TERRITORIAL_SEA_NM * NM_DEG] });
    }
  }
  parts = out;
  return out;
}

/** Whether a position lies in US airspace: on US land or within the territorial sea of it. */
export function inUsAirspace([lon, lat]: Position): boolean {
  const near = usParts().filter(({ box: [w, s, e, n] }) => lon! >= w && lon! <= e && lat! >= s && lat! <= n);
  for (const p of near) if (booleanPointInPolygon([lon!, lat!], p.polygon)) return true;
  return near.some((p) => pointToPolygonDistance([lon!, lat!], p.polygon, { units: 'nauticalmiles' }) <= TERRITORIAL_SEA_NM);
}

/** Positions to test for an input: a point, or up to 64 of its vertices spread along it. */
function samples(g: FeatureGeometry): Position[] {
  const all: Position[] =
    g.type === 'Point' ? [g.coordinates] : g.type === 'LineString' ? g.coordinates : g.type === 'Polygon' ? g.coordinates.flat() : g.coordinates.flat(2);
  if (all.length <= 64) return all;
  const step = all.length / 64;
  return Array.from({ length: 64 }, (_, i) => all[Math.floor(i * step)]!);
}

const OUTSIDE: Outcome = { ...CLASS_G_OUTCOME, status: 'NOTICE_STATUS_CAUTION', code: 'NOTICE_CODE_INFORMATIONAL', authorization: 'AUTHORIZATION_TYPE_UNSPECIFIED' };

/** The CAUTION result for an input wholly outside US airspace, or null when any part of it is inside. */
export function outsideCoverage(input: FeatureGeometry, ctx: NoticeContext): Evaluated | null {
  if (samples(input).some(inUsAirspace)) return null;
  const notice: Notice = {
    ...classGNotice(ctx),
    status: OUTSIDE.status,
    code: OUTSIDE.code,
    title: 'Outside United States airspace data',
    description:
      `This place is more than ${TERRITORIAL_SEA_NM} NM from US land, outside the airspace this service holds data for. It cannot tell ` +
      'whether the airspace is controlled or restricted, so it does not say "clear". Check the charts and NOTAMs of the authority for this place before flying.',
  };
  return { notice, outcome: OUTSIDE, authorization: OUTSIDE.authorization, controlled: false, features: [] };
}

/** Where a pilot checks what the service does not hold. */
const WHERE_TO_CHECK: Record<CoverageLayer, string> = {
  class_airspace: 'https://www.faa.gov/uas/getting_started/b4ufly',
  uasfm: 'https://udds-faa.opendata.arcgis.com/',
  sua: 'https://sua.faa.gov/',
  tfr: 'https://tfr.faa.gov/',
};

const NO_DATA: Outcome = { ...OUTSIDE, dataSource: 'NOTICE_DATA_SOURCE_UNSPECIFIED', dataSubtype: 'NOTICE_DATA_SUBTYPE_UNSPECIFIED', ruleCode: 'RULE_CODE_UNSPECIFIED' };

/** The title and the sentence of a "no data here" notice, per layer; the sandbox words its sample of special-use airspace. */
function noDataText(layer: CoverageLayer, sandbox: boolean): { title: string; description: string } {
  switch (layer) {
    case 'class_airspace':
      return {
        title: 'No FAA class airspace data here',
        description:
          'The airspace data this service holds does not cover this place, so it cannot tell whether Class B, C, D or E airspace is here. It does not call the ' +
          'place Class G or "clear": check the sectional chart (or B4UFLY) for controlled airspace before flying.',
      };
    case 'uasfm':
      return {
        title: 'No FAA facility-map data here',
        description:
          "This service holds no UAS facility map for this place, so it cannot tell the grid's ceilings or whether LAANC serves it. Check the FAA's UAS facility map before flying.",
      };
    case 'sua':
      return sandbox
        ? {
            title: 'Special-use airspace not modelled here',
            description:
              "The sandbox holds the FAA's special-use airspace only where it ships the FAA's file (Washington State) and the prohibited areas nationwide; elsewhere its " +
              'restricted areas, MOAs, warning and alert areas are a small sample. A restricted area or MOA may be here: check the sectional chart before flying.',
          }
        : {
            title: 'No FAA special-use airspace data here',
            description:
              'The special-use airspace data this service holds (restricted areas, MOAs, warning and alert areas) does not cover this place. One may be here: check the sectional chart before flying.',
          };
    case 'tfr':
      return sandbox
        ? {
            title: 'No FAA TFR data here',
            description: 'The TFRs this sandbox holds are generated cases, not the FAA\'s list. Check tfr.faa.gov and the NOTAMs for temporary flight restrictions before flying.',
          }
        : {
            title: 'No FAA TFR data here',
            description: 'No list of temporary flight restrictions that this service holds covers this place. Check tfr.faa.gov and the NOTAMs before flying.',
          };
  }
}

/** The sources that hold the layer somewhere (and do not reach here): what the service has of it. */
function holders(dataset: Dataset, layer: CoverageLayer): ReturnType<typeof provenanceOf> {
  const ids = new Set<string>();
  for (const [id, c] of coverageOf(dataset)) if (c.layers.includes(layer)) ids.add(id);
  const first = new Map<string, AirspaceFeature>();
  for (const id of ids) first.set(id, { id: `source:${id}`, layer, name: id, geometry: { type: 'Point', coordinates: [0, 0] }, sourceId: id });
  return provenanceOf(dataset, [...first.values()]);
}

/**
 * One CAUTION notice per coverage layer whose data does not take in the input (docs/briefing-rules.md,
 * "Coverage"): absence of data there is not absence of airspace. Empty where every layer covers it.
 */
export function coverageGaps(dataset: Dataset, input: FeatureGeometry, ctx: NoticeContext): { layers: CoverageLayer[]; evaluated: Evaluated[] } {
  const layers = uncoveredLayers(dataset, geometryBBox(input));
  const evaluated = layers.map((layer): Evaluated => {
    // The Class G notice's shape (altitudes, authority), without its rule: no rule is known to apply here.
    const { ruleDescription: _rule, ...base } = classGNotice(ctx);
    const notice: Notice = {
      ...base,
      ...noDataText(layer, dataset.kind === 'sandbox'),
      ruleCode: 'RULE_CODE_UNSPECIFIED',
      sourceUrl: WHERE_TO_CHECK[layer],
      dataSource: NO_DATA.dataSource,
      dataSubtype: NO_DATA.dataSubtype,
      status: NO_DATA.status,
      code: NO_DATA.code,
      provenance: holders(dataset, layer),
    };
    return { notice, outcome: NO_DATA, authorization: NO_DATA.authorization, controlled: false, features: [] };
  });
  return { layers, evaluated };
}
