import AxeBuilder from '@axe-core/playwright';
import { ACCOUNTS, given, squareParam } from './driver';
import { expect, test } from './fixtures';

test('a wrong password is explained, and signing in returns to the claim link', async ({ page, browserConsole }) => {
  // The browser logs the service's 401 for the wrong password; that one is the point of the test.
  browserConsole.allow(/401 \(Unauthorized\).*\/v1\/auth\/sign-in/);
  // The claim page is public (it previews the operation); this id is unknown, so its preview is a 404.
  browserConsole.allow(/404 \(Not Found\).*\/preview/);
  await page.goto('/plan/operations/11111111-2222-4333-8444-555555555555/claim');
  await page.getByTestId('account').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fplan%2Foperations%2F/);

  await page.getByLabel('Email').fill(ACCOUNTS.pilot.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in:error')).toHaveText('Wrong email or password');
  await page.getByLabel('Password').fill(ACCOUNTS.pilot.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/plan\/operations\/11111111-2222-4333-8444-555555555555\/claim$/);
  await expect(page.getByTestId('account:name')).toHaveText('Alice Pilot');
});

test('the sign-in page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  // On a phone every demo address and password reads on one line ("demo-" / "pilot" broke at the hyphen).
  await page.setViewportSize({ width: 390, height: 844 });
  const lines = await page.getByTestId('sign-in:demo-list').locator('code').evaluateAll((codes) => codes.map((c) => `${c.textContent}: ${c.getClientRects().length}`));
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((l) => !l.endsWith(': 1'))).toEqual([]);
});

test('the plan page has no serious accessibility violations, with a briefing shown', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, squareParam(-122.312, 47.528, 0.008));
  await expect(page.getByTestId('briefing:status')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: /Facility map/ }).first().click();
  // A selected notice too: its pressed "Shown" button must stay readable.
  await page.locator('[data-testid="briefing:notice"]').first().getByRole('button', { name: /Show/ }).click();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});
