import { mkdirSync } from 'node:fs';
import { given, KBFI_SQUARE, then, when } from './driver';
import { expect, test } from './fixtures';


test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

test('undo brings back a deleted flight area and redo deletes it again', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page);
  await when.drawPolygon(page, KBFI_SQUARE);
  expect(await then.drawnFeatures(page)).toHaveLength(1);

  await page.getByTestId('plan:delete').click();
  await expect.poll(() => then.drawnFeatures(page)).toHaveLength(0);
  await expect(page).not.toHaveURL(/poly=/);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => then.drawnFeatures(page)).toHaveLength(1);
  expect((await then.drawnFeatures(page))[0]!.geometry.type).toBe('Polygon');
  await expect(page).toHaveURL(/poly=-122\.31/);

  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(() => then.drawnFeatures(page)).toHaveLength(0);
  await expect(page).not.toHaveURL(/poly=/);

  // The keyboard does the same, outside text fields.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => then.drawnFeatures(page)).toHaveLength(1);
  await page.keyboard.press('Shift+ControlOrMeta+z');
  await expect.poll(() => then.drawnFeatures(page)).toHaveLength(0);
});

test('a pilot finds Boeing Field by name and the map flies there', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  // Start far away, so only the search can bring the map to Seattle.
  await given.onPlanPage(page);
  await page.evaluate(() => window.__skyplan!.map.jumpTo({ center: [-77.03, 38.9], zoom: 9 }));

  const box = page.getByRole('combobox', { name: 'Find a place' });
  await box.fill('Boeing');
  // KBFI ranks first: a towered airport before the small fields and heliports named Boeing.
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible({ timeout: 10_000 });
  await expect(option).toContainText('Boeing Field');
  await expect(option).toContainText('BFI / KBFI');
  await page.screenshot({ path: 'test-results/screenshots/plan-search.png' });
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await box.press('Enter');

  await expect(page.getByRole('option')).toHaveCount(0);
  await expect
    .poll(async () => page.evaluate(() => {
      const c = window.__skyplan!.map.getCenter();
      return Math.hypot(c.lng - -122.302, c.lat - 47.53) < 0.02 && !window.__skyplan!.map.isMoving();
    }), { timeout: 10_000 })
    .toBe(true);
  expect(await page.evaluate(() => Math.round(window.__skyplan!.map.getZoom()))).toBe(12);
});
