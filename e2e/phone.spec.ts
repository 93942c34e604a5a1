/**
 * A pilot on a 390×844 phone (issue 32): the top bar and the sandbox label leave the map its room once
 * the label is read (it shrinks to a badge, never goes), the bell's panel fits the window, and only the
 * tabs a pilot can use are offered.
 */
import { mkdirSync } from 'node:fs';
import { given } from './driver';
import { expect, test } from './fixtures';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));
test.use({ viewport: { width: 390, height: 844 } });

test('a pilot’s plan page on a phone: header and sandbox badge within 100 px, the bell’s panel on screen, no Review or Members', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Plan', 'Operations', 'Settings']);

  const label = page.getByTestId('sandbox-label');
  await expect(label).toBeVisible();
  await label.getByRole('button', { name: 'OK' }).click();
  await expect(label).toHaveCount(0);
  const badge = page.getByTestId('sandbox-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute('title', /Not for flight/);
  const mapTop = (await page.getByTestId('map').boundingBox())!.y;
  expect(mapTop, 'the top bar with the sandbox badge').toBeLessThanOrEqual(100);
  await page.screenshot({ path: 'test-results/screenshots/phone-plan-390.png' });

  // Read is remembered: the next page starts with the badge.
  await given.onPlanPage(page);
  await expect(page.getByTestId('sandbox-badge')).toBeVisible();
  await expect(page.getByTestId('sandbox-label')).toHaveCount(0);

  await page.getByTestId('notifications:button').click();
  const panel = page.getByTestId('notifications:panel');
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x, 'the panel’s left edge on screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'the panel’s right edge on screen').toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing sticks out sideways').toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/screenshots/phone-bell-390.png' });
});
