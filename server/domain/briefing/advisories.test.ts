/**
 * advisoryType is a code of the spec where the spec has one: 4.6's type values, else 4.11's layer codes
 * (docs/briefing-rules.md, "Advisories"). National parks and MTRs went out as our own `national_parks`
 * and `mtr` where 4.11 names them `national_parks_simple` and `mtr_buffer`.
 */
import { describe, expect, it } from 'vitest';
import { AVIATION_TYPES } from '../../contract/aviation';
import { SURFACE_LAYER_CODES } from '../../contract/surface';
import { LAYERS, type AirspaceFeature } from '../../data/model';
import { advisoryType } from './advisories';

/** Our own codes, for layers the spec's lists do not name. */
const OURS = new Set(['washington_sfra']);
const SPEC = new Set<string>([...AVIATION_TYPES, ...SURFACE_LAYER_CODES]);

const feature = (layer: AirspaceFeature['layer'], subtype?: string): AirspaceFeature =>
  ({ id: `x:${layer}`, layer, name: layer, subtype, geometry: { type: 'Point', coordinates: [0, 0] } }) as AirspaceFeature;

describe('advisoryType', () => {
  it('names every layer (and airport subtype) with a code of spec 4.6 or 4.11, or one of our documented own', () => {
    const codes = [...LAYERS.map((l) => advisoryType(feature(l))), advisoryType(feature('airport', 'HELIPORT')), advisoryType(feature('airport', 'SEAPLANE_BASE'))];
    expect(codes.filter((c) => !SPEC.has(c) && !OURS.has(c))).toEqual([]);
  });

  it('national parks and military training routes carry 4.11 codes', () => {
    expect(advisoryType(feature('national_park'))).toBe('national_parks_simple');
    expect(advisoryType(feature('mtr'))).toBe('mtr_buffer');
  });
});
