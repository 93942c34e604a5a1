import { describe, expect, it } from 'vitest';
import { LAYER_GROUPS } from '../../../src/features/map-layers/layer-groups';
import { AIRSPACE_LAYER, AIRSPACE_LAYER_GROUPS } from '../../contract/map-layers';
import { airspaceAreaLayers } from './airspace-areas';
import { airspaceSymbolLayers } from './airspace-symbols';
import { DARK, LIGHT } from './palette';

describe('the airspace layers of the styles and the portal’s layer groups', () => {
  for (const [name, palette] of [
    ['light', LIGHT],
    ['dark', DARK],
  ] as const) {
    it(`puts every airspace layer of the ${name} style in exactly one group, and names no layer the style lacks`, () => {
      const styleIds = [...airspaceAreaLayers(palette), ...airspaceSymbolLayers(palette)].map((l) => l.id);
      expect(new Set(styleIds).size, 'no id twice').toBe(styleIds.length);
      const grouped = Object.values(AIRSPACE_LAYER_GROUPS).flat();
      for (const id of styleIds) expect(grouped.filter((g) => g === id), `${id} in one group`).toHaveLength(1);
      for (const id of grouped) expect(styleIds, `${id} is a style layer`).toContain(id);
      expect(styleIds.sort()).toEqual(Object.values(AIRSPACE_LAYER).sort());
    });
  }

  it('gives every group of the contract a switch and a legend in the portal', () => {
    expect(LAYER_GROUPS.map((g) => g.id).sort()).toEqual(Object.keys(AIRSPACE_LAYER_GROUPS).sort());
    for (const g of LAYER_GROUPS) {
      expect(g.layers).toBe(AIRSPACE_LAYER_GROUPS[g.id]);
      expect(g.legend(LIGHT).length, `${g.id} has a legend entry`).toBeGreaterThan(0);
    }
  });
});
