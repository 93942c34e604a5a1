/**
 * The plan page's extras: the layer switcher and legend, export and import of the area, advisories,
 * ground risk, conflicts and the printed briefing. Screenshots go to
 * test-results/screenshots/plan-extras-*.png for a look at phone and desktop layouts.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { given, squareParam } from './driver';
import { expect, test } from './fixtures';

// About 0.4 NM a side, south of Boeing Field (KBFI), Seattle.
const KBFI_AREA = squareParam(-122.31, 47.52, 0.008);

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

const visibility = (page: Page, layer: string) => page.evaluate((id) => window.__skyplan!.map.getLayoutProperty(id, 'visibility') as string | undefined, layer);

async function noSidewaysOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing sticks out sideways').toBeLessThanOrEqual(0);
}

test('a pilot hides temporary flight restrictions, reads the legend, and the map remembers it', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, KBFI_AREA);
  expect(await visibility(page, 'airspace-tfr-fill')).not.toBe('none');

  await page.getByRole('button', { name: /^Layers/ }).click();
  await expect(page.getByRole('list', { name: 'Facility map grid and ceilings: legend' })).toContainText('0 ft');
  await page.getByRole('checkbox', { name: 'Temporary flight restrictions' }).uncheck();
  await expect.poll(() => visibility(page, 'airspace-tfr-fill')).toBe('none');
  expect(await visibility(page, 'airspace-tfr-line-active')).toBe('none');
  expect(await visibility(page, 'airspace-class-b-line')).not.toBe('none');
  await page.screenshot({ path: 'test-results/screenshots/plan-extras-layers-desktop.png' });

  await page.reload();
  await page.waitForFunction(() => window.__skyplan?.map.loaded() === true, undefined, { timeout: 30_000 });
  await expect.poll(() => visibility(page, 'airspace-tfr-fill')).toBe('none');
  await page.getByRole('button', { name: /^Layers/ }).click();
  await page.getByRole('checkbox', { name: 'Temporary flight restrictions' }).check();
  await expect.poll(() => visibility(page, 'airspace-tfr-fill')).toBe('visible');
});

test('the layer switcher fits a phone, in the dark theme too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, KBFI_AREA);
  await page.getByRole('button', { name: /^Layers/ }).click();
  await expect(page.getByRole('checkbox', { name: 'Airports and heliports' })).toBeVisible();
  await noSidewaysOverflow(page);
  await page.screenshot({ path: 'test-results/screenshots/plan-extras-layers-phone.png' });
});

test('a pilot downloads the area as GeoJSON and KML, and imports the KML into a new plan', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, KBFI_AREA);

  const geojsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download GeoJSON' }).click();
  const geojson = await geojsonDownload;
  expect(geojson.suggestedFilename()).toMatch(/^flight-area-\d{4}-\d{2}-\d{2}T\d{4}Z\.geojson$/);
  const fc = JSON.parse(readFileSync((await geojson.path())!, 'utf8')) as { features: { geometry: { type: string }; properties: { maxAltitude: number } }[] };
  expect(fc.features[0]!.geometry.type).toBe('Polygon');
  expect(fc.features[0]!.properties.maxAltitude).toBe(200);

  const kmlDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download KML' }).click();
  const kml = readFileSync((await (await kmlDownload).path())!, 'utf8');
  expect(kml).toContain('<coordinates>-122.31,47.52 ');

  // A fresh plan, then the downloaded KML pasted into it.
  await given.onPlanPage(page);
  await page.getByText('Type coordinates or paste GeoJSON or KML').click();
  await page.getByTestId('plan:geojson').fill(kml);
  await page.getByRole('button', { name: 'Use this GeoJSON or KML' }).click();
  await expect(page).toHaveURL(/poly=-122\.31%2C47\.52%3B-122\.302/);
  await expect(page.getByTestId('plan:limits')).toHaveAttribute('data-ok', 'true');
  await page.screenshot({ path: 'test-results/screenshots/plan-extras-import-desktop.png' });
});

test('a pilot reads the advisories over the area, filtered by source and time', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, KBFI_AREA);
  const panel = page.getByTestId('advisories');
  await expect(panel.getByTestId('advisories:result')).toBeVisible({ timeout: 20_000 });
  await expect(panel.locator('[data-testid="advisories:item"][data-type="controlled_airspace"]').first()).toBeVisible();
  await expect(panel.getByTestId('advisories:summary')).toContainText(/\d+ advisor(y|ies)/);

  const first = panel.getByRole('button', { name: 'Show on map' }).first();
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const source = window.__skyplan!.map.getSource('plan-highlight') as unknown as { getData(): Promise<{ features: unknown[] }> };
        return (await source.getData()).features.length;
      }),
    )
    .toBe(1);

  await panel.getByRole('radio', { name: 'Community' }).check();
  await expect(panel.getByTestId('advisories:item').or(panel.getByTestId('advisories:empty')).first()).toBeVisible({ timeout: 20_000 });
  await expect(panel.locator('[data-testid="advisories:item"][data-type="controlled_airspace"]')).toHaveCount(0);
  await panel.getByRole('radio', { name: 'All' }).check();
  await panel.getByRole('radio', { name: '24 h from the start' }).check();
  await expect(panel.getByTestId('advisories:result')).toBeVisible({ timeout: 20_000 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/plan-extras-advisories-desktop.png' });
});

test('the advisories fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, KBFI_AREA);
  const panel = page.getByTestId('advisories');
  await expect(panel.getByTestId('advisories:result')).toBeVisible({ timeout: 20_000 });
  await panel.getByText('Details').first().click();
  await panel.scrollIntoViewIfNeeded();
  await noSidewaysOverflow(page);
  await panel.screenshot({ path: 'test-results/screenshots/plan-extras-advisories-phone.png' });
});

test('a pilot sees the population density under the area on the map and as a chart', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, KBFI_AREA);
  const panel = page.getByTestId('ground-risk');
  await expect(panel.getByTestId('ground-risk:result')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId('ground-risk:summary')).toContainText(/The model puts most of the area in the .+ class, up to about [\d,]+ people per km²/);
  await expect(panel.getByTestId('ground-risk:caveat')).toContainText('Modelled from the populations of nearby cities and towns');
  const shares = await panel.locator('[data-testid="ground-risk:chart"] li').evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-share'))));
  expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);

  // Off until asked for (they would hide the facility-map ceilings); asked for, the map renders them.
  const rendered = () => page.evaluate(() => window.__skyplan!.map.queryRenderedFeatures({ layers: ['plan-ground-fill'] }).length);
  expect(await rendered()).toBe(0);
  await panel.getByRole('checkbox', { name: 'Show the density hexagons on the map' }).check();
  await expect.poll(rendered, { timeout: 15_000 }).toBeGreaterThan(0);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/plan-extras-ground-desktop.png' });

  await panel.getByRole('checkbox', { name: 'Show the density hexagons on the map' }).uncheck();
  await expect.poll(rendered).toBe(0);
});

test('the ground risk chart fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, KBFI_AREA);
  const panel = page.getByTestId('ground-risk');
  await expect(panel.getByTestId('ground-risk:result')).toBeVisible({ timeout: 20_000 });
  await panel.scrollIntoViewIfNeeded();
  await noSidewaysOverflow(page);
  await panel.screenshot({ path: 'test-results/screenshots/plan-extras-ground-phone.png' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/screenshots/plan-extras-ground-map-phone.png' });
});

test('a pilot sees another operation of the organization that overlaps the plan, outlined on the map', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'sp_csrf')?.value ?? '';
  const created = await page.request.post('/v1/operations', {
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
    data: {
      name: 'Roof survey next door',
      boundary: { type: 'Polygon', coordinates: [[[-122.306, 47.524], [-122.296, 47.524], [-122.296, 47.532], [-122.306, 47.532], [-122.306, 47.524]]] },
      minAltitude: 0,
      maxAltitude: 150,
      startTime: `${day}T18:30:00Z`,
      endTime: `${day}T19:30:00Z`,
      timezone: 'America/Los_Angeles',
      altitudeUnit: 'ALTITUDE_UNIT_FEET',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await given.onPlanPage(page, `${KBFI_AREA}&start=${day}T18:00Z&dur=60`);
  const panel = page.getByTestId('conflicts');
  const item = panel.locator(`[data-testid="conflicts:item"][data-id="${id}"]`);
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item.getByRole('link', { name: 'Roof survey next door' })).toHaveAttribute('href', `/operations/${id}`);
  const outlined = () => page.evaluate(() => window.__skyplan!.map.queryRenderedFeatures({ layers: ['plan-conflicts-line'] }).length);
  await expect.poll(outlined, { timeout: 15_000 }).toBeGreaterThan(0);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/plan-extras-conflicts-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await noSidewaysOverflow(page);
  await panel.screenshot({ path: 'test-results/screenshots/plan-extras-conflicts-phone.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Later the same day, the other flight is over: no conflict.
  await given.onPlanPage(page, `${KBFI_AREA}&start=${day}T20:00Z&dur=60`);
  await expect(panel.getByTestId('conflicts:empty')).toBeVisible({ timeout: 20_000 });
});

test('a pilot prints the briefing as a clean page', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, KBFI_AREA);
  await expect(page.getByTestId('briefing:result')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('advisories:result')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('ground-risk:result')).toBeVisible({ timeout: 20_000 });
  // The print dialog would block the test: count the calls instead.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await expect(page.getByTestId('plan:print-header')).toBeHidden();

  await page.getByRole('button', { name: 'Print briefing' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const header = page.getByTestId('plan:print-header');
  await expect(header).toBeVisible();
  await expect(header).toContainText('Flight briefing');
  await expect(header).toContainText('Up to 200 ft above ground');
  await expect(header.getByRole('img', { name: 'Map of the flight area' })).toBeVisible();
  for (const hidden of [page.locator('.topbar'), page.getByTestId('map'), page.locator('.maplibregl-ctrl').first(), page.getByRole('button', { name: /Hide plan/ })]) {
    await expect(hidden).toBeHidden();
  }
  await expect(page.getByTestId('briefing')).toBeVisible();
  await expect(page.getByTestId('advisories')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/plan-extras-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });
});

test('the extras add no serious accessibility violations', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, KBFI_AREA);
  await expect(page.getByTestId('advisories:result')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('ground-risk:result')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('conflicts:empty')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: /^Layers/ }).click();
  await page.getByTestId('advisories').getByText('Details').first().click();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
});
