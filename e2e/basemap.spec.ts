import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { given, then } from './driver';
import { expect, test } from './fixtures';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

/** King County International (Boeing Field), between its two runways. */
const KBFI: [number, number] = [-122.302, 47.53];

async function jumpTo(page: Page, center: [number, number], zoom: number): Promise<void> {
  await page.evaluate(([c, z]) => window.__skyplan!.map.jumpTo({ center: c as [number, number], zoom: z as number }), [center, zoom] as const);
  await page.waitForFunction(() => window.__skyplan!.map.loaded() && window.__skyplan!.map.areTilesLoaded(), undefined, { timeout: 30_000 });
  await page.waitForTimeout(300);
}

/** What the basemap's airfield layer draws in the view: classes and runway designators. */
async function renderedAeroway(page: Page): Promise<{ classes: string[]; refs: string[] }> {
  return page.evaluate(() => {
    const classes = new Set<string>(), refs = new Set<string>();
    for (const f of window.__skyplan!.map.queryRenderedFeatures()) {
      if (f.source !== 'basemap' || f.sourceLayer !== 'aeroway') continue;
      classes.add(String(f.properties.class));
      if (f.properties.ref) refs.add(String(f.properties.ref));
    }
    return { classes: [...classes].sort(), refs: [...refs].sort() };
  });
}

/**
 * Index of the first airspace layer and of the last basemap layer that draws ground (fills, lines):
 * place names are deliberately drawn over the airspace fills, under the airspace symbols.
 */
async function layerOrder(page: Page): Promise<{ lastBasemap: number; firstAirspace: number }> {
  return page.evaluate(() => {
    const layers = window.__skyplan!.map.getStyle().layers;
    const src = (l: (typeof layers)[number]) => ('source' in l ? l.source : undefined);
    return { lastBasemap: Math.max(...layers.map((l, i) => (src(l) === 'basemap' && l.type !== 'symbol' ? i : -1))), firstAirspace: layers.findIndex((l) => src(l) === 'airspace') };
  });
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('zoomed in on Boeing Field, the offline basemap draws its runways with their designators under the airspace', async ({ page }) => {
      await given.signedIn(page, 'pilot');
      await given.onPlanPage(page);
      await jumpTo(page, KBFI, 14.5);
      const z14 = await renderedAeroway(page);
      expect(z14.classes).toEqual(expect.arrayContaining(['aerodrome', 'runway', 'runway_end']));
      expect(z14.refs).toEqual(expect.arrayContaining(['14R/32L', '14L/32R']));
      const order = await layerOrder(page);
      expect(order.firstAirspace).toBeGreaterThan(order.lastBasemap);
      await then.mapNotBlank(page);
      await page.screenshot({ path: `test-results/screenshots/basemap-kbfi-z14.5-${viewport.width}.png` });

      // City zoom: Lake Washington is water, and the airfields (Boeing Field, Renton) outlines and runways.
      await jumpTo(page, [-122.27, 47.57], 11.5);
      const z11 = await renderedAeroway(page);
      expect(z11.classes).toEqual(expect.arrayContaining(['aerodrome', 'runway']));
      const lake = await page.evaluate(() => {
        const map = window.__skyplan!.map;
        return map.queryRenderedFeatures(map.project([-122.255, 47.62])).some((f) => f.source === 'basemap' && f.sourceLayer === 'water' && f.properties.class === 'lake');
      });
      expect(lake, 'Lake Washington drawn as water').toBe(true);
      await page.screenshot({ path: `test-results/screenshots/basemap-seattle-z11.5-${viewport.width}.png` });
    });
  });
}

test.describe('Locate me', () => {
  test.use({ geolocation: { latitude: 47.5301, longitude: -122.3008 }, permissions: ['geolocation'] });

  test("moves the map to the browser's position and marks it", async ({ page }) => {
    await given.signedIn(page, 'pilot');
    await given.onPlanPage(page);
    await jumpTo(page, [-98.5, 39.5], 4);
    await page.getByRole('button', { name: 'Locate me' }).click();
    await expect(page.locator('.maplibregl-user-location-dot')).toBeVisible();
    await page.waitForFunction(() => window.__skyplan!.map.getZoom() > 12 && !window.__skyplan!.map.isMoving(), undefined, { timeout: 20_000 });
    const c = await page.evaluate(() => window.__skyplan!.map.getCenter().toArray());
    expect(c[0]).toBeCloseTo(-122.3008, 2);
    expect(c[1]).toBeCloseTo(47.5301, 2);
  });
});
