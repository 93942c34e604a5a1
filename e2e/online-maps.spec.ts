/**
 * The street and aerial maps under the airspace, served from fixtures on their configured hosts
 * (e2e/online-maps.ts), and the offline map the portal falls back to when those hosts cannot be
 * reached (docs/portal.md, "Maps under the airspace").
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { given, then } from './driver';
import { expect, test } from './fixtures';
import { serveOnlineMaps, tileOf } from './online-maps';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

/** Boeing Field, between its runways and the hangars on its west side. */
const KBFI: [number, number] = [-122.305, 47.532];

async function jumpTo(page: Page, center: [number, number], zoom: number): Promise<void> {
  await page.evaluate(([c, z]) => window.__skyplan!.map.jumpTo({ center: c as [number, number], zoom: z as number }), [center, zoom] as const);
  await page.waitForFunction(() => window.__skyplan!.map.loaded() && window.__skyplan!.map.areTilesLoaded(), undefined, { timeout: 30_000 });
}

/** The sources and source layers the map draws in view, e.g. "openmaptiles/building". */
async function renderedLayers(page: Page): Promise<string[]> {
  return page.evaluate(() => [...new Set(window.__skyplan!.map.queryRenderedFeatures().map((f) => `${f.source}/${f.sourceLayer ?? ''}`))].sort());
}

/** Index of the last layer of the map under the airspace and of the first airspace layer. */
async function layerOrder(page: Page, source: string): Promise<{ lastBase: number; firstAirspace: number }> {
  return page.evaluate((src) => {
    const layers = window.__skyplan!.map.getStyle().layers;
    const of = (l: (typeof layers)[number]) => ('source' in l ? l.source : undefined);
    return { lastBase: Math.max(...layers.map((l, i) => (of(l) === src ? i : -1))), firstAirspace: layers.findIndex((l) => of(l) === 'airspace') };
  }, source);
}

async function attribution(page: Page): Promise<string> {
  return (await page.locator('.maplibregl-ctrl-attrib-inner').textContent()) ?? '';
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a new person starts on streets and buildings; aerial imagery is a click away; both credited, airspace on top', async ({ page }) => {
      // The first of a run meets the service's cold tiles: two maps loaded twice each.
      test.setTimeout(180_000);
      const served = await serveOnlineMaps(page);
      await given.signedIn(page, 'pilot');
      await given.onPlanPage(page);
      await page.waitForFunction(() => !!window.__skyplan!.map.getSource('openmaptiles'), undefined, { timeout: 30_000 });
      await jumpTo(page, KBFI, 16);
      await expect.poll(() => renderedLayers(page)).toEqual(expect.arrayContaining(['openmaptiles/building', 'openmaptiles/transportation', 'airspace/uasfm']));
      const streets = await layerOrder(page, 'openmaptiles');
      expect(streets.firstAirspace).toBeGreaterThan(streets.lastBase);
      expect(await attribution(page)).toContain('© OpenStreetMap contributors, © OpenMapTiles');
      await then.mapNotBlank(page);
      await page.screenshot({ path: `test-results/screenshots/online-streets-kbfi-z16-${viewport.width}.png` });

      await page.getByRole('button', { name: /Layers/ }).click();
      await expect(page.getByRole('radio', { name: /Streets and buildings/ })).toBeChecked();
      await page.getByRole('radio', { name: /Aerial imagery/ }).check();
      await page.getByRole('button', { name: 'Close' }).click();
      await page.waitForFunction(() => !!window.__skyplan!.map.getSource('aerial'), undefined, { timeout: 30_000 });
      await jumpTo(page, KBFI, 16);
      // USGS's path is /tile/{z}/{y}/{x}: the tile under Boeing Field at z16 is asked for with y first.
      const t = tileOf(KBFI, 16);
      await expect.poll(() => served.aerialTiles).toContain(`16/${t.y}/${t.x}`);
      const aerial = await layerOrder(page, 'aerial');
      expect(aerial.firstAirspace).toBeGreaterThan(aerial.lastBase);
      expect(await attribution(page)).toContain('U.S. Geological Survey');
      expect(await attribution(page)).not.toContain('OpenMapTiles');
      await then.mapNotBlank(page);
      await page.screenshot({ path: `test-results/screenshots/online-aerial-kbfi-z16-${viewport.width}.png` });

      // Remembered: a reload stays on aerial.
      await given.onPlanPage(page);
      await page.waitForFunction(() => !!window.__skyplan!.map.getSource('aerial'), undefined, { timeout: 30_000 });
    });
  });
}

test('without a network the map falls back to the offline one by itself, and says so once', async ({ page }) => {
  test.setTimeout(150_000);
  // fixtures.ts leaves both hosts unreachable (the request fails as it does offline).
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page);
  const note = page.getByRole('status').filter({ hasText: 'could not be reached' });
  await expect(note).toHaveText(/The street map could not be reached from tiles\.openfreemap\.org \(no answer\): the offline map is shown\./);
  await jumpTo(page, [-122.27, 47.57], 12);
  expect(await renderedLayers(page)).toEqual(expect.arrayContaining(['basemap/water', 'airspace/uasfm']));
  expect(await page.evaluate(() => !!window.__skyplan!.map.getSource('openmaptiles'))).toBe(false);
  await page.screenshot({ path: 'test-results/screenshots/online-fallback-offline-1280.png' });
  await note.getByRole('button', { name: 'OK' }).click();
  await expect(note).toHaveCount(0);
  // Choosing aerial, also unreachable: not said again on this page.
  await page.getByRole('button', { name: /Layers/ }).click();
  await page.getByRole('radio', { name: /Aerial imagery/ }).check();
  await expect(page.getByRole('radio', { name: /Aerial imagery/ })).toBeChecked();
  await page.getByRole('button', { name: 'Close' }).click();
  await jumpTo(page, [-122.27, 47.57], 12.5);
  expect(await renderedLayers(page)).toEqual(expect.arrayContaining(['basemap/water']));
  await expect(note).toHaveCount(0);
});

test('the portal’s CSP lets it reach exactly the configured map hosts', async ({ page }) => {
  const res = await page.request.get('/plan');
  const csp = res.headers()['content-security-policy']!;
  const connect = csp.split('; ').find((d) => d.startsWith('connect-src'))!;
  expect(connect.split(' ').slice(1).sort()).toEqual(["'self'", 'https://basemap.nationalmap.gov', 'https://tiles.openfreemap.org']);
});
