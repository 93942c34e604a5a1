/**
 * The basemap's modelled urban areas at city zoom (docs/map-tiles.md "Urban areas"): drawn in both
 * styles over the land and under the water and the airspace. Screenshots of Seattle and Atlanta.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { BASEMAP_LAYER } from '../server/contract/map-layers';
import { given } from './driver';
import { expect, test } from './fixtures';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

async function jumpTo(page: Page, center: [number, number], zoom: number): Promise<void> {
  await page.evaluate(([c, z]) => window.__skyplan!.map.jumpTo({ center: c as [number, number], zoom: z as number }), [center, zoom] as const);
  await page.waitForFunction(() => window.__skyplan!.map.loaded() && window.__skyplan!.map.areTilesLoaded(), undefined, { timeout: 60_000 });
  await page.waitForTimeout(300);
}

/** Whether the urban layer draws at a point, and where it sits among the style's layers. */
async function urbanAt(page: Page, at: [number, number]) {
  return page.evaluate(
    ([lonlat, id]) => {
      const map = window.__skyplan!.map;
      const layers = map.getStyle().layers.map((l) => l.id);
      const drawn = map.queryRenderedFeatures(map.project(lonlat as [number, number]), { layers: [id as string] }).length > 0;
      return { drawn, index: layers.indexOf(id as string), water: layers.indexOf('water'), firstAirspace: layers.findIndex((l) => l.startsWith('airspace-')) };
    },
    [at, BASEMAP_LAYER.urban] as const,
  );
}

for (const theme of ['light', 'dark'] as const) {
  test(`Seattle and Atlanta at city zoom show their built-up areas (${theme})`, async ({ page }) => {
    test.setTimeout(180_000);
    // The theme chosen in Settings (kept in localStorage), as e2e/dark-theme.spec.ts does.
    await page.addInitScript((t) => localStorage.setItem('skyplan.settings', JSON.stringify({ theme: t, units: 'ft', remote: null })), theme);
    await given.signedIn(page, 'pilot');
    await given.onPlanPage(page);
    await jumpTo(page, [-122.33, 47.6], 10);
    const seattle = await urbanAt(page, [-122.32, 47.62]);
    expect(seattle.drawn, 'Capitol Hill is built up').toBe(true);
    expect(seattle.index).toBeGreaterThan(0);
    expect(seattle.index).toBeLessThan(seattle.water);
    expect(seattle.index).toBeLessThan(seattle.firstAirspace);
    expect((await urbanAt(page, [-122.43, 47.62])).drawn, 'Puget Sound is not').toBe(false);
    await page.screenshot({ path: `test-results/screenshots/urban-seattle-z10-${theme}.png` });
    await jumpTo(page, [-84.39, 33.76], 11);
    expect((await urbanAt(page, [-84.39, 33.76])).drawn, 'Midtown Atlanta is built up').toBe(true);
    await page.screenshot({ path: `test-results/screenshots/urban-atlanta-z11-${theme}.png` });
  });
}
