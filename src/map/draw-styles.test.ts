/**
 * The drawn area reads over every layer and map (issue 32): its outline is a colour no airspace layer
 * uses, on a white casing drawn under it, and its fill is light.
 */
import { describe, expect, it } from 'vitest';
import { DARK, LIGHT } from '../../server/contract/map-palette';
import { DRAW_STYLES } from './draw-styles';
import { AREA_COLOUR } from './ids';

const colours = (p: object): string[] => JSON.stringify(p).match(/#[0-9a-fA-F]{6}\b/g)?.map((c) => c.toLowerCase()) ?? [];

describe('the drawn area’s style', () => {
  it('outlines in a colour of its own on a white casing under the line, with a light fill', () => {
    const ids = DRAW_STYLES.map((s) => s.id);
    const casing = ids.indexOf('gl-draw-lines-casing');
    expect(casing).toBeGreaterThanOrEqual(0);
    expect(casing).toBeLessThan(ids.indexOf('gl-draw-lines-inactive'));
    expect(DRAW_STYLES[casing]!.paint).toMatchObject({ 'line-color': '#ffffff' });
    const line = DRAW_STYLES.find((s) => s.id === 'gl-draw-lines-inactive')!;
    expect(line.paint).toMatchObject({ 'line-color': AREA_COLOUR });
    const fill = DRAW_STYLES.find((s) => s.id === 'gl-draw-polygon-fill')!;
    expect(fill.paint['fill-opacity']).toBeLessThanOrEqual(0.12);
    for (const palette of [LIGHT, DARK]) expect(colours(palette)).not.toContain(AREA_COLOUR.toLowerCase());
  });
});
