import { mkdirSync } from 'node:fs';
import { given, KBFI_SQUARE, then, when } from './driver';
import { expect, test } from './fixtures';


test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

test('a pilot draws a polygon with the mouse and sees it on a rendered map', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  // The scripts of the plan page's first load (docs/portal-delivery.md): zod and the contract's schemas are
  // not among them, since the service's own answers are checked in the tests, not parsed in the browser.
  const firstLoad: Promise<{ url: string; zod: boolean; start: number; text: string }>[] = [];
  const onResponse = (r: import('@playwright/test').Response) => {
    if (r.request().resourceType() !== 'script') return;
    const start = r.request().timing().startTime;
    firstLoad.push(r.text().then((text) => ({ url: r.url(), zod: /[`"']\$ZodError[`"']/.test(text), start, text }), () => ({ url: r.url(), zod: false, start, text: '' })));
  };
  page.on('response', onResponse);
  await given.onPlanPage(page);
  await then.mapNotBlank(page);
  page.off('response', onResponse);
  const scripts = await Promise.all(firstLoad);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.zod).map((s) => s.url)).toEqual([]);
  // Nor is any code /plan loads on first use (docs/portal-delivery.md, "What /plan loads") among the scripts
  // asked for before the map's first idle: neither its chunk (by name) nor its code bundled into another
  // chunk (by a string only it has): drawing, a path's union, the zone table, the typed shape's form, the
  // downloads, the terrain, the map's popup, the briefing, advisories, ground risk and conflicts panels.
  const idleAt = await page.evaluate(() => performance.timeOrigin + performance.getEntriesByName('map-idle')[0]!.startTime);
  const LATER = /\/assets\/(draw-control|union-rings|tz|schemas|shape-entry|export-area|terrain-profile|map-read-content|briefing-panel|advisories-panel|ground-risk-panel|conflicts-panel|areas-overlap)-[\w-]+\.js$/;
  const MARKERS = ['gl-draw-polygon-fill', 'Unable to complete output ring', 'plan:geojson', 'export:area', 'terrain:result', 'location-readout', 'briefing:result', 'advisories:result', 'ground-risk:result', 'conflicts:result'];
  const beforeIdle = scripts.filter((s) => s.start < idleAt);
  expect(beforeIdle.length).toBeGreaterThan(3);
  expect(beforeIdle.map((s) => new URL(s.url).pathname).filter((p) => LATER.test(p))).toEqual([]);
  expect(MARKERS.filter((m) => beforeIdle.some((s) => s.text.includes(m)))).toEqual([]);
  // The briefing panel comes with the first area: the answer below is its work.
  const later = page.waitForResponse((r) => /\/assets\/briefing-panel-[\w-]+\.js$/.test(new URL(r.url()).pathname));

  await when.drawPolygon(page, KBFI_SQUARE);

  const features = await then.drawnFeatures(page);
  expect(features).toHaveLength(1);
  expect(features[0]!.geometry.type).toBe('Polygon');
  // The plan is in the URL, so the link reopens it.
  await expect(page).toHaveURL(/poly=-122\.31/);
  await expect(page.getByTestId('plan:limits')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('briefing:result')).toBeVisible({ timeout: 20_000 });
  expect((await later).ok()).toBe(true);
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
