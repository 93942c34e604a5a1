/**
 * The interactive reference at /docs (Swagger UI served by the service): it renders with nothing but the
 * service reachable, under the service's CSP, and "Try it" works, anonymously and after Authorize with
 * the sandbox client prefilled (docs/security.md, README "Integrators").
 */
import { expect } from '@playwright/test';
import { test } from './fixtures';

test('the reference renders offline, lists the operations, and Try it calls the service before and after Authorize', async ({ page, baseURL }) => {
  // The area briefing's answer carries the FAA's facility-map outlines (about 150 KB), which Swagger UI
  // takes a while to lay out on a loaded two-core machine.
  test.setTimeout(150_000);
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
  });

  await page.goto('/docs');
  await expect(page.locator('.info .title')).toContainText('Airspace Briefing');
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
  await expect(page.locator('.sp-sandbox')).toContainText('sandbox-client');
  await page.screenshot({ path: 'test-results/docs-top-1280x800.png' });

  // Anonymous: GET /v1/status is public.
  const status = page.locator('#operations-Check-getStatus');
  await status.locator('.opblock-summary').first().click();
  await status.getByRole('button', { name: 'Try it out' }).click();
  await status.getByRole('button', { name: 'Execute' }).click();
  await expect(status.locator('.live-responses-table .response .response-col_status').first()).toHaveText('200');

  // Authorize with the prefilled sandbox client (client credentials through /v1/oauth/token).
  await page.locator('.auth-wrapper .authorize').click();
  const dialog = page.locator('.dialog-ux .modal-ux');
  await expect(dialog.getByRole('textbox', { name: 'client_id:' })).toHaveValue('sandbox-client');
  await expect(dialog.getByRole('textbox', { name: 'client_secret:' })).toHaveValue('sandbox-secret');
  await dialog.getByRole('button', { name: 'Apply given OAuth2 credentials' }).click();
  await expect(dialog.locator('.auth-container').filter({ hasText: 'clientCredentials' }).getByText('Logout')).toBeVisible();
  await dialog.locator('.close-modal').click();

  // An area briefing with the operation's own request example (Boeing Field).
  const brief = page.locator('#operations-Briefing-briefingAreaV1');
  await brief.locator('.opblock-summary').first().click();
  await brief.getByRole('button', { name: 'Try it out' }).click();
  await brief.getByRole('button', { name: 'Execute' }).click();
  await expect(brief.locator('.live-responses-table .response .response-col_status').first()).toHaveText('200', { timeout: 60_000 });
  await expect(brief.locator('.live-responses-table')).toContainText('"status"');

  await page.screenshot({ path: 'test-results/docs-try-it-1280x800.png' });
  expect(outside, 'no request left the service').toEqual([]);
  expect(violations, 'no CSP violation').toEqual([]);
});
