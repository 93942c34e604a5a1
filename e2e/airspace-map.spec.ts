import { mkdirSync } from 'node:fs';
import { given, then } from './driver';
import { expect, test } from './fixtures';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

/** Source layers of the airspace tiles rendered in the current view. */
async function renderedAirspaceLayers(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() => {
    const map = window.__skyplan!.map;
    const layers = new Set<string>();
    for (const f of map.queryRenderedFeatures()) if (f.source === 'airspace' && f.sourceLayer) layers.add(f.sourceLayer);
    return [...layers].sort();
  });
}

async function jumpTo(page: import('@playwright/test').Page, center: [number, number], zoom: number): Promise<void> {
  await page.evaluate(([c, z]) => window.__skyplan!.map.jumpTo({ center: c as [number, number], zoom: z as number }), [center, zoom] as const);
  await page.waitForFunction(() => window.__skyplan!.map.loaded() && window.__skyplan!.map.areTilesLoaded(), undefined, { timeout: 30_000 });
  await page.waitForTimeout(300);
}

test('the airspace over Washington DC at zoom 9 is drawn from the service tiles', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page);
  await jumpTo(page, [-77.04, 38.9], 9);
  await then.mapNotBlank(page);
  const layers = await renderedAirspaceLayers(page);
  // Class B (DCA, BWI, IAD), the FRZ and SFRA and the prohibited areas are all there; airports are a
  // click away, not on by default (docs/portal.md, the readable default).
  for (const l of ['class_airspace', 'sua', 'washington_frz', 'washington_sfra']) expect(layers).toContain(l);
  expect(layers).not.toContain('airport');
  await page.getByTestId('map').screenshot({ path: 'test-results/screenshots/airspace-dc-z9.png' });
});

test('the offline basemap shows land, boundaries and place labels', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page);
  await jumpTo(page, [-98.5, 39.5], 4);
  const basemap = await page.evaluate(() => {
    const layers = new Set<string>();
    for (const f of window.__skyplan!.map.queryRenderedFeatures()) if (f.source === 'basemap' && f.sourceLayer) layers.add(f.sourceLayer);
    return [...layers].sort();
  });
  for (const l of ['boundary', 'land', 'place']) expect(basemap).toContain(l);
  await then.mapNotBlank(page);
  await page.screenshot({ path: 'test-results/screenshots/basemap-us-z4.png' });
});
