/**
 * A page whose code cannot be fetched recovers without the pilot reloading (src/app/route-error.tsx):
 * while the service is stopped it says so and waits; when the service answers it loads the page in the
 * same document; when a deploy replaced the files it reloads once by itself.
 */
import type { Page, Route } from '@playwright/test';
import { given, squareParam } from './driver';
import { expect, test } from './fixtures';

const OPERATIONS_CHUNK = /\/assets\/operations\.route-[\w-]+\.js$/;
const ZONE_TABLE_CHUNK = /\/assets\/tz-[\w-]+\.js(\?.*)?$/;
const isIndexFetch = (route: Route) => route.request().resourceType() === 'fetch' && new URL(route.request().url()).pathname === '/';

async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test('the service stops while the pilot moves to another page: the page says so, and loads on its own when the service is back', async ({ page, browserConsole }) => {
  browserConsole.allow(/Failed to load resource|Failed to fetch dynamically imported module|net::ERR_/);
  await given.signedIn(page, 'pilot');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await markDocument(page);

  // The service is down: the page's code and the index page do not answer.
  let down = true;
  await page.route(OPERATIONS_CHUNK, (route) => (down ? route.abort('connectionrefused') : route.continue()));
  await page.route('**/', (route) => (down && isIndexFetch(route) ? route.abort('connectionrefused') : route.continue()));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Operations', exact: true }).click();

  const error = page.getByTestId('route-error');
  await expect(error).toHaveAttribute('data-phase', 'waiting');
  await expect(error.getByRole('alert')).toContainText('It loads on its own as soon as the service answers again');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(error.getByRole('button', { name: 'Try again' })).toBeVisible();

  down = false;
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible({ timeout: 30_000 });
  expect(await sameDocument(page), 'recovered without a reload').toBe(true);
});

test('a deploy replaced the page code since the portal was opened: the portal reloads once, by itself, and shows the page', async ({ page, browserConsole }) => {
  browserConsole.allow(/Failed to load resource|Failed to fetch dynamically imported module|404/);
  await given.signedIn(page, 'pilot');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await markDocument(page);

  // After a deploy the old chunk is gone (404) and the index page names another entry. The reload gets the
  // new index page, whose code is there: from then on both answer as usual.
  let beforeReload = true;
  let newIndex = true;
  page.once('load', () => (beforeReload = false));
  await page.route(OPERATIONS_CHUNK, (route) => (beforeReload ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue()));
  await page.route('**/', async (route) => {
    if (!beforeReload || !newIndex || !isIndexFetch(route)) return route.continue();
    newIndex = false;
    const html = await (await route.fetch()).text();
    return route.fulfill({ status: 200, contentType: 'text/html', body: html.replace(/\/assets\/index-[\w-]+\.js/, '/assets/index-NEWDEPLOY.js') });
  });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Operations', exact: true }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/operations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  expect(await sameDocument(page), 'the page was reloaded').toBe(false);
});

test('the zone table could not be fetched while the service was down: the plan gets its zone on its own once the service is back', async ({ page, browserConsole }) => {
  test.setTimeout(150_000);
  browserConsole.allow(/Failed to load resource|Failed to fetch dynamically imported module|net::ERR_/);
  // The zone table is a chunk /plan loads once there is an area. Chromium keeps a failed chunk for the
  // document's life, so fetching it again in the same page cannot work: the page must reload itself once
  // the service answers (src/lib/lazy-module.ts), and the plan, kept in its address, comes back whole.
  let down = true;
  let tries = 0;
  await page.route(ZONE_TABLE_CHUNK, (route) => {
    if (!down) return route.continue();
    tries += 1;
    return route.abort('connectionrefused');
  });
  await page.route('**/', (route) => (down && isIndexFetch(route) ? route.abort('connectionrefused') : route.continue()));
  await page.goto(`/plan?${squareParam(-74.01, 40.7, 0.003)}&e2e=1`);
  await expect.poll(() => tries, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
  // Tried again on its own while down (a second failure asks the service, which does not answer yet).
  await page.waitForTimeout(2_500);
  await expect(page.getByText('(local time at the area, America/New_York)')).toHaveCount(0);
  // Meanwhile no time can be typed on a guessed zone (the default is Seattle's: hours off in New York).
  await expect(page.getByText('(local time at the area: finding its time zone…)')).toBeVisible();
  await expect(page.getByTestId('plan:start')).toBeDisabled();
  down = false;
  await expect(page.getByText('(local time at the area, America/New_York)')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('plan:start')).toBeEnabled();
  await expect(page).toHaveURL(/\/plan\?/);
});
