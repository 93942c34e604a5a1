/**
 * Issue 12 on the plan page: the page never scrolls as a whole, the map keeps its place while a
 * pilot draws, a click reads what is at a point, and a sandbox says it is one on every page.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { given, KBFI_SQUARE, squareParam, when } from './driver';
import { expect, test } from './fixtures';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

const PHONE = { width: 390, height: 844 };
// About 1.5 by 2.2 km over Boeing Field: controlled airspace, many facility-map cells, many notices.
const KBFI_WIDE = squareParam(-122.32, 47.515, 0.02);

async function pageDoesNotScroll(page: Page): Promise<void> {
  const { height, inner, width, innerW } = await page.evaluate(() => ({
    height: document.scrollingElement!.scrollHeight,
    inner: window.innerHeight,
    width: document.scrollingElement!.scrollWidth,
    innerW: window.innerWidth,
  }));
  expect(height, 'the page is no taller than the window').toBeLessThanOrEqual(inner);
  expect(width, 'nothing sticks out sideways').toBeLessThanOrEqual(innerW);
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test(`the plan page never scrolls as a whole on a ${name}, with a briefing of many notices`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await given.signedIn(page, 'pilot');
    await given.onPlanPage(page, KBFI_WIDE);
    await expect(page.getByTestId('briefing:result')).toBeVisible({ timeout: 20_000 });
    expect(await page.getByTestId('briefing:notice').count()).toBeGreaterThanOrEqual(4);
    await pageDoesNotScroll(page);
    // The wheel over the panel scrolls the panel; the top bar stays.
    await page.getByTestId('briefing:result').hover();
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => document.querySelector('.plan-panel')!.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('banner')).toBeInViewport();
    await page.screenshot({ path: `test-results/screenshots/plan-kbfi-${name}.png` });
  });
}

test('a drawn area leaves the map where the pilot put it, every time', async ({ page }) => {
  // Two areas drawn by mouse: about a minute on this shared machine.
  test.slow();
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page);
  // The driver puts the square in view (padding 80) before drawing: that is the zoom the pilot had.
  const pilotZoom = await page.evaluate(
    ([w, s, e, n]) => window.__skyplan!.map.cameraForBounds([w, s, e, n] as [number, number, number, number], { padding: 80 })!.zoom!,
    [KBFI_SQUARE[0]![0], KBFI_SQUARE[0]![1], KBFI_SQUARE[2]![0], KBFI_SQUARE[2]![1]],
  );
  for (let i = 0; i < 2; i++) {
    await when.drawPolygon(page, KBFI_SQUARE);
    await page.waitForTimeout(300);
    // The click that closes the ring (on its first corner) finishes the shape; it does not also open
    // the reading popup over the area just drawn.
    await expect(page.locator('.maplibregl-popup'), `no popup after drawing area ${i + 1}`).toHaveCount(0);
    expect(await page.evaluate(() => window.__skyplan!.map.getZoom()), `zoom after drawing area ${i + 1}`).toBeCloseTo(pilotZoom, 5);
    await page.getByTestId('plan:delete').click();
  }

});

test('a tiny shared area is framed at the planning zoom, not closer', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  // About 30 m a side.
  await given.onPlanPage(page, squareParam(-122.305, 47.53, 0.0003));
  await expect.poll(() => page.evaluate(() => window.__skyplan!.map.getZoom())).toBeLessThanOrEqual(15);
  expect(await page.evaluate(() => window.__skyplan!.map.getZoom())).toBeGreaterThan(14);
});

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test(`a click on the map at Boeing Field tells the ceiling and the airspace there (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await given.signedIn(page, 'pilot');
    await given.onPlanPage(page, squareParam(-122.312, 47.528, 0.008));
    await page.evaluate(() => window.__skyplan!.map.jumpTo({ center: [-122.302, 47.52], zoom: 14 }));
    // A point south of the area, on the field: not on the drawn shape.
    const box = (await page.getByTestId('map').boundingBox())!;
    const p = await page.evaluate(() => window.__skyplan!.map.project([-122.302, 47.52]));
    await page.mouse.click(box.x + p.x, box.y + p.y);
    const popup = page.getByTestId('location:readout');
    await expect(popup.getByTestId('location:notices')).toBeVisible({ timeout: 20_000 });
    await expect(popup).toContainText('What is here');
    await expect(popup.locator('[data-source="NOTICE_DATA_SOURCE_UASFM_CEILING"]')).toContainText(/Ceiling \d+ ft AGL/);
    await expect(popup.locator('[data-source="NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE"]').first()).toContainText(/Class [BCDE]/i);
    await page.screenshot({ path: `test-results/screenshots/plan-click-popup-${name}.png` });
    // The whole popup stays on the map (it scrolls within it on a short phone map), never past its edge.
    const card = (await page.locator('.maplibregl-popup').boundingBox())!;
    expect(card.y, 'popup top').toBeGreaterThanOrEqual(box.y - 1);
    expect(card.y + card.height, 'popup bottom').toBeLessThanOrEqual(box.y + box.height + 1);
    // Its close button takes it away; drawing does not open it.
    await page.locator('.maplibregl-popup-close-button').click();
    await expect(popup).toHaveCount(0);
    // Near a side of the map it opens towards the middle: nothing of it is cut off by the map's edge.
    for (const x of [box.x + 24, box.x + box.width - 24]) {
      await page.mouse.click(x, box.y + box.height * 0.45);
      await expect(popup.getByTestId('location:notices')).toBeVisible({ timeout: 20_000 });
      const side = (await page.locator('.maplibregl-popup').boundingBox())!;
      expect(side.x, 'popup left').toBeGreaterThanOrEqual(box.x - 1);
      expect(side.x + side.width, 'popup right').toBeLessThanOrEqual(box.x + box.width + 1);
    }
  });
}

for (const signedIn of [false, true]) {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', PHONE],
  ] as const) {
    test(`the sandbox says so on every page, ${signedIn ? 'signed in' : 'signed out'}, on a ${name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      if (signedIn) await given.signedIn(page, 'pilot');
      for (const path of ['/plan', '/operations', '/sign-in']) {
        await page.goto(path);
        const label = page.getByTestId('sandbox-label');
        await expect(label).toContainText('airspace outside the real FAA files is generated for testing. Not for flight.');
        await expect(label).toBeInViewport();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `nothing sticks out sideways on ${path}`).toBeLessThanOrEqual(0);
      }
      // The map loaded (its attribution folded), so the screenshot shows the page as a pilot sees it.
      await given.onPlanPage(page);
      await expect(page.getByTestId('sandbox-label')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/sandbox-label-${signedIn ? 'signed-in' : 'signed-out'}-${name}.png` });
      await page.getByRole('link', { name: 'How to import FAA data' }).click();
      await expect(page.getByTestId('data-import:doc')).toContainText('Importing FAA data');
    });
  }
}
