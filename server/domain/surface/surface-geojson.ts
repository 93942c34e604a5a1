/**
 * Spec 4.11: the features of the selected layers that intersect a geometry, each with a `layer`
 * property naming its code and only the fields asked for ("*", or no `fields` at all, as the spec's
 * washington_frz sample is sent: every field). A field the layer cannot carry is an invalid value.
 */
import { booleanIntersects } from '@turf/turf';
import type { Geometry as GeoJsonGeometry } from 'geojson';
import type { Feature, Geometry } from '../../contract/common';
import { MAX_CELLS, SURFACE_LAYER_CODES, type SurfaceLayerCode } from '../../contract/surface';
import type { Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import type { Budget } from '../budget';
import { checkGeometry, estimateCells, TOO_LARGE_MESSAGE } from './cells';
import { InvalidSurfaceValueError, RequestTooLargeError } from './errors';
import { flatten, LAYER_SPECS, type LayerSpec } from './layers';

/** Features one answer may carry before it counts as too large (408). */
export const MAX_FEATURES = 20_000;

export interface LayerRequest {
  code: SurfaceLayerCode;
  fields?: string[] | undefined;
}

export interface LayerInfo {
  code: SurfaceLayerCode;
  description: string;
  geometryType: string;
  source: LayerSpec['source'];
  fields: string[];
}

const fieldCache = new WeakMap<Dataset, Map<SurfaceLayerCode, string[]>>();

/** The layer's named fields plus every props key its features carry in this dataset. */
export function availableFields(ds: Dataset, code: SurfaceLayerCode): string[] {
  let perCode = fieldCache.get(ds);
  if (!perCode) fieldCache.set(ds, (perCode = new Map()));
  let fields = perCode.get(code);
  if (!fields) {
    const spec = LAYER_SPECS[code];
    const set = new Set(spec.fields);
    for (const f of ds.ofLayers([spec.source.layer])) if (spec.match(f)) for (const k of Object.keys(f.props ?? {})) set.add(k);
    fields = [...set].sort();
    perCode.set(code, fields);
  }
  return fields;
}

export function listLayers(ds: Dataset): LayerInfo[] {
  return SURFACE_LAYER_CODES.map((code) => {
    const s = LAYER_SPECS[code];
    return { code, description: s.description, geometryType: s.geometryType, source: s.source, fields: availableFields(ds, code) };
  });
}

function checkLayers(ds: Dataset, layers: readonly LayerRequest[]): void {
  const seen = new Set<string>();
  layers.forEach((l, i) => {
    if (seen.has(l.code)) throw new InvalidSurfaceValueError(`layers[${i}].code: layer "${l.code}" is listed twice`, `layers.${i}.code`);
    seen.add(l.code);
    if (!l.fields || l.fields.includes('*')) return;
    const known = new Set(availableFields(ds, l.code));
    const unknown = l.fields.filter((f) => !known.has(f));
    if (unknown.length > 0) {
      throw new InvalidSurfaceValueError(
        `layers[${i}].fields: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')} for layer "${l.code}"; available: ${[...known].join(', ')}`,
        `layers.${i}.fields`,
      );
    }
  });
}

function select(all: Record<string, unknown>, fields: string[] | undefined): Record<string, unknown> {
  if (!fields || fields.includes('*')) return all;
  const out: Record<string, unknown> = {};
  for (const k of fields) out[k] = all[k] ?? null;
  return out;
}

/** The dataset features of one code near a geometry, each with the geometry the code serves; `budget` is checked once per feature. */
export function layerFeaturesIntersecting(ds: Dataset, code: SurfaceLayerCode, geometry: Geometry, budget?: Budget): Array<{ feature: AirspaceFeature; geometry: FeatureGeometry }> {
  const spec = LAYER_SPECS[code];
  const out: Array<{ feature: AirspaceFeature; geometry: FeatureGeometry }> = [];
  for (const f of ds.searchNear(geometry as FeatureGeometry, spec.reachNm, [spec.source.layer])) {
    budget?.check();
    if (!spec.match(f)) continue;
    const g = spec.geometry(f);
    if (booleanIntersects(g as GeoJsonGeometry, geometry as GeoJsonGeometry)) out.push({ feature: f, geometry: g });
  }
  return out;
}

export function surfaceGeojson(ds: Dataset, geometry: Geometry, layers: readonly LayerRequest[], resolution: number, budget?: Budget): Feature[] {
  checkGeometry(geometry);
  // The request's size is measured in cells of its resolution, as for the other surface operations.
  if (estimateCells(geometry, resolution) > 2 * MAX_CELLS) throw new RequestTooLargeError(TOO_LARGE_MESSAGE);
  checkLayers(ds, layers);
  const out: Feature[] = [];
  for (const l of layers) {
    const spec = LAYER_SPECS[l.code];
    for (const { feature, geometry: g } of layerFeaturesIntersecting(ds, l.code, geometry, budget)) {
      const properties: Record<string, unknown> = { layer: l.code, ...select(flatten(feature, spec), l.fields) };
      properties.layer = l.code; // a source prop named "layer" must not hide the code
      out.push({ type: 'Feature', id: feature.id, geometry: g as Feature['geometry'], properties });
      if (out.length > MAX_FEATURES) throw new RequestTooLargeError(TOO_LARGE_MESSAGE);
    }
  }
  return out;
}
