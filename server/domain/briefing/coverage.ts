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
import type { FeatureGeometry } from '../../data/model';
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
