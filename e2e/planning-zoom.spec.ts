/**
 * The map at planning zoom on the default (offline) basemap: among the facility-map ceilings, one in every
 * cell, a pilot still finds the town's name and the runways' designators (docs/portal.md, "The map at
 * planning zoom").
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// A fresh service's first tiles are cold: on a loaded 2-core machine its first map took over 30 s.
test.describe.configure({ timeout: 150_000 });

/** The text of the symbols MapLibre placed on screen for a layer, once the view's tiles are in. */
async function placed(page: Page, center: [number, number], zoom: number, layer: string): Promise<string[]> {
  await page.evaluate(([c, z]) => window.__skyplan!.map.jumpTo({ center: c as [number, number], zoom: z as number }), [center, zoom] as const);
  await page.waitForFunction(() => window.__skyplan!.map.areTilesLoaded() && !window.__skyplan!.map.isMoving(), undefined, { timeout: 60_000 });
  // Symbols are placed on the frames after the tiles arrive.
  await page.waitForTimeout(1000);
  return page.evaluate((id) => window.__skyplan!.map.queryRenderedFeatures({ layers: [id] }).map((f) => String(f.properties.name ?? f.properties.ref ?? f.properties.ceilingFt)), layer);
}

test('the town name and runway designators show among the facility-map ceilings', async ({ page }) => {
  await page.goto('/plan?e2e=1');
  await page.waitForFunction(() => window.__skyplan?.map.loaded() === true, undefined, { timeout: 120_000 });

  // Grand Island, NE (about 50,000 people) inside the GRI facility map at z12: the ceilings took its place.
  const gri: [number, number] = [-98.34, 40.92];
  await expect.poll(() => placed(page, gri, 12, 'place-village-town'), { timeout: 60_000 }).toContain('Grand Island');
  expect((await placed(page, gri, 12, 'airspace-uasfm-label')).length, 'the ceilings still show').toBeGreaterThan(5);

  // Boeing Field at z13: the runway ends' designators.
  const refs = await placed(page, [-122.302, 47.53], 13, 'aeroway-runway-ref');
  expect(refs).toEqual(expect.arrayContaining(['14R', '14L']));
});
