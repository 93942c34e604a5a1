import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { given, squareParam } from './driver';
import { expect, test } from './fixtures';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

// The dark theme, chosen in Settings (kept in localStorage), on the pages people spend time in.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('skyplan.settings', JSON.stringify({ theme: 'dark', units: 'ft', remote: null })));
});

const serious = async (page: import('@playwright/test').Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);

test('the plan page in the dark theme has no serious accessibility violations, with a briefing shown', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, squareParam(-122.312, 47.528, 0.008));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('briefing:status')).toBeVisible({ timeout: 20_000 });
  expect(await serious(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/plan-dark-desktop.png' });
});

test('the operations, review and settings pages in the dark theme have no serious accessibility violations', async ({ page }) => {
  await given.signedIn(page, 'operator');
  for (const [path, heading] of [['/operations', 'Operations'], ['/review', 'Review'], ['/settings', 'Settings']] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await serious(page), path).toEqual([]);
  }
});
