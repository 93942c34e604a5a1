/**
 * The Risk operations of endpoints.md: ground risk per cell and over an area (SORA 2.5 intrinsic
 * ground risk from the modelled density), the airspace hazards of an area, and a classification
 * (iGRC, initial air risk class, SAIL without mitigations). docs/ground-risk.md explains each step.
 */
import { booleanIntersects, circle } from '@turf/turf';
import type { Geometry as GeoJsonGeometry } from 'geojson';
import type { Geometry } from '../../contract/common';
import { SURFACE_LAYER_CODES, type Arc, type DensityClass, type PopulationBand, type SurfaceLayerCode, type Uav } from '../../contract/surface';
import type { Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import type { Budget } from '../budget';
import { cellsFor } from './cells';
import { densityClass, roundDensity } from './density';
import { cellDensities, type CellDensity } from './ground-type';
import type { PopulationModel } from './population-model';
import { intrinsicGrc, populationBand } from './sora';
import { layerFeaturesIntersecting } from './surface-geojson';

export interface GroundSummary {
  igrc: number | null;
  band: PopulationBand;
  density: DensityClass;
  maxPopPerSqKm: number;
  meanPopPerSqKm: number;
  cells: number;
}

/** SORA takes the highest density in the footprint, so the area's class is its densest cell's. */
export function groundSummary(cells: readonly CellDensity[], uav?: Uav): GroundSummary {
  const max = cells.reduce((m, c) => Math.max(m, c.popPerSqKm), 0);
  const mean = cells.length ? cells.reduce((s, c) => s + c.popPerSqKm, 0) / cells.length : 0;
  return { igrc: intrinsicGrc(max, uav), band: populationBand(max), density: densityClass(max), maxPopPerSqKm: roundDensity(max), meanPopPerSqKm: roundDensity(mean), cells: cells.length };
}

export function groundRiskCells(geometry: Geometry, resolution: number, model?: PopulationModel): CellDensity[] {
  return cellDensities(cellsFor(geometry, resolution), model);
}

export interface HazardCount {
  code: SurfaceLayerCode;
  count: number;
  names: string[];
}

/** The airspace layers present over the area, by code, with the names of their features. */
export function hazardsOver(ds: Dataset, geometry: Geometry, codes: readonly SurfaceLayerCode[] = SURFACE_LAYER_CODES, budget?: Budget): HazardCount[] {
  const out: HazardCount[] = [];
  for (const code of codes) {
    const found = layerFeaturesIntersecting(ds, code, geometry, budget);
    if (found.length > 0) out.push({ code, count: found.length, names: [...new Set(found.map((f) => f.feature.name))].slice(0, 50) });
  }
  return out;
}

/** Spec 8: airports are looked at within 3 NM; a heliport's environment we take as 1 NM (our choice). */
const AIRPORT_ENVIRONMENT_NM = 3;
const HELIPORT_ENVIRONMENT_NM = 1;
/** 14 CFR 91.215(b)(2): the Mode C veil reaches 30 NM from the primary airports of Class B airspace. */
const MODE_C_VEIL_NM = 30;

function touches(g: FeatureGeometry | GeoJsonGeometry, area: Geometry): boolean {
  return booleanIntersects(g as GeoJsonGeometry, area as GeoJsonGeometry);
}

function within(area: Geometry, f: AirspaceFeature, nm: number): boolean {
  if (f.geometry.type !== 'Point') return touches(f.geometry, area);
  return touches(circle(f.geometry.coordinates, nm, { steps: 32, units: 'nauticalmiles' }).geometry, area);
}

/** Whether controlled airspace reaches down to the flight: a surface floor or an AGL floor at or below it. */
function reachesDown(f: AirspaceFeature, maxAltitudeFt: number): boolean {
  const lower = f.lower;
  if (!lower || lower.reference === 'SFC' || lower.value === 0) return true;
  return lower.reference === 'AGL' && lower.value <= maxAltitudeFt;
}

export interface AirRisk {
  arc: Arc;
  aec: number;
  reason: string;
}

/**
 * Initial air risk class by SORA's airspace encounter categories for flights below 500 ft AGL
 * (SORA 2.0 Figure 4 / 2.5 Annex C): AEC 1 airport environment in Class B, C, D → ARC-d; AEC 6
 * airport environment elsewhere, AEC 7 Mode C veil, AEC 8 controlled airspace, AEC 9 uncontrolled
 * over urban land → ARC-c; AEC 10 uncontrolled over rural land → ARC-b. "Urban" here means the
 * densest cell is Suburban or denser (500 people/km², our choice). Segregated airspace (ARC-a) needs
 * an authority's decision and is never inferred.
 */
export function initialAirRisk(ds: Dataset, area: Geometry, maxAltitudeFt: number, maxPopPerSqKm: number, budget?: Budget): AirRisk {
  const classes = layerFeaturesIntersecting(ds, 'class_airspace_schedule', area, budget).map((x) => x.feature).filter((f) => reachesDown(f, maxAltitudeFt));
  const surfaceBcd = classes.find((f) => f.subtype === 'CLASS_B' || f.subtype === 'CLASS_C' || f.subtype === 'CLASS_D');
  if (surfaceBcd) return { arc: 'ARC-d', aec: 1, reason: `airport environment in ${surfaceBcd.subtype!.replace('_', ' ')} airspace (${surfaceBcd.name})` };

  const airports = ds.searchNear(area as FeatureGeometry, AIRPORT_ENVIRONMENT_NM + 1, ['airport']).filter(
    (f) => f.subtype !== 'SEAPLANE_BASE' && within(area, f, f.subtype === 'HELIPORT' ? HELIPORT_ENVIRONMENT_NM : AIRPORT_ENVIRONMENT_NM),
  );
  if (airports.length > 0) return { arc: 'ARC-c', aec: 6, reason: `airport or heliport environment outside Class B, C, D (${airports[0]!.name})` };

  const classB = new Set(ds.searchNear(area as FeatureGeometry, MODE_C_VEIL_NM + 10, ['class_airspace']).filter((f) => f.subtype === 'CLASS_B' && f.facility).map((f) => f.facility!));
  if (classB.size > 0) {
    const primary = ds.searchNear(area as FeatureGeometry, MODE_C_VEIL_NM + 1, ['airport']).find((f) => f.ident && classB.has(f.ident) && within(area, f, MODE_C_VEIL_NM));
    if (primary) return { arc: 'ARC-c', aec: 7, reason: `inside the Mode C veil of ${primary.ident} (30 NM, 14 CFR 91.215)` };
  }
  if (classes.length > 0) return { arc: 'ARC-c', aec: 8, reason: `controlled airspace (${classes[0]!.name})` };
  if (maxPopPerSqKm >= 500) return { arc: 'ARC-c', aec: 9, reason: 'uncontrolled airspace over suburban or urban land' };
  return { arc: 'ARC-b', aec: 10, reason: 'uncontrolled airspace over rural land' };
}

export function groundRiskFeatureProperties(c: CellDensity, uav?: Uav) {
  return { density: c.density, popPerSqKm: roundDensity(c.popPerSqKm), band: populationBand(c.popPerSqKm), igrc: intrinsicGrc(c.popPerSqKm, uav) };
}
