import { mkdirSync } from 'node:fs';
import { given, KBFI_SQUARE, then, when } from './driver';
import { expect, test } from './fixtures';


test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

test('a pilot draws a polygon with the mouse and sees it on a rendered map', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  // The scripts of the plan page's first load (docs/portal-delivery.md): zod and the contract's schemas are
  // not among them, since the service's own answers are checked in the tests, not parsed in the browser.
  const firstLoad: Promise<{ url: string; zod: boolean }>[] = [];
  const onResponse = (r: import('@playwright/test').Response) => {
    if (r.request().resourceType() !== 'script') return;
    firstLoad.push(r.text().then((text) => ({ url: r.url(), zod: /[`"']\$ZodError[`"']/.test(text) }), () => ({ url: r.url(), zod: false })));
  };
  page.on('response', onResponse);
  await given.onPlanPage(page);
  await then.mapNotBlank(page);
  page.off('response', onResponse);
  const scripts = await Promise.all(firstLoad);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.zod).map((s) => s.url)).toEqual([]);

  await when.drawPolygon(page, KBFI_SQUARE);

  const features = await then.drawnFeatures(page);
  expect(features).toHaveLength(1);
  expect(features[0]!.geometry.type).toBe('Polygon');
  // The plan is in the URL, so the link reopens it.
  await expect(page).toHaveURL(/poly=-122\.31/);
  await expect(page.getByTestId('plan:limits')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('briefing:result')).toBeVisible({ timeout: 20_000 });
  await then.mapNotBlank(page);
  await page.screenshot({ path: 'test-results/screenshots/plan-desktop.png' });
});

test('the plan page works on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await given.signedIn(page, 'pilot');
  const ring = [...KBFI_SQUARE, KBFI_SQUARE[0]!].map(([x, y]) => `${x},${y}`).join(';');
  await given.onPlanPage(page, `poly=${ring}`);
  await then.mapNotBlank(page);
  await expect.poll(() => then.drawnFeatures(page)).toHaveLength(1);
  // Nothing sticks out sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/screenshots/plan-phone.png' });
});
