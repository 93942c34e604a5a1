/**
 * The FAA's TFR feed as a pilot sees it (issue 33): a second built service follows the fake FAA
 * (test/fake-faa/cli.ts, started by playwright.config.ts); a TFR the feed lists in open Nebraska shows
 * on the plan page's map and in its briefing; when the feed stops answering, the briefing says the TFR
 * data is out of date and since when, and is CAUTION at most; a good read clears it.
 * This spec's own service (E2E_PORT + 100): turning its feed stale touches no other spec's answers.
 */
import { given, squareParam, then } from './driver';
import { expect, test } from './fixtures';

const port = Number(process.env.E2E_PORT ?? 4173);
const live = `http://127.0.0.1:${port + 100}`;
const fakeFaa = `http://127.0.0.1:${port + 200}`;

test.use({ baseURL: live });
test.describe.configure({ mode: 'serial' });
// Two services start, each generating a sandbox dataset, and the map's first load after a swap builds cold tiles.
test.setTimeout(400_000);

/** Inside the fake feed's TFR 6/0909 (about 1.5 NM across around -99.495, 41.405). */
const IN_TFR = `${squareParam(-99.5, 41.4, 0.01)}&alt=200`;

/** The plan page with its map loaded; this spec's service starts cold beside the other (its tiles are built on first ask). */
async function openPlan(page: import('@playwright/test').Page, query: string): Promise<void> {
  await page.goto(`/plan?${query}&e2e=1`);
  await page.waitForFunction(() => window.__skyplan?.map.loaded() === true, undefined, { timeout: 150_000 });
}

async function setFeed(request: import('@playwright/test').APIRequestContext, mode: 'ok' | '500'): Promise<void> {
  const r = await request.post(`${fakeFaa}/_control/list/${mode}`);
  expect(r.status()).toBe(204);
}

test.afterAll(async ({ request }) => {
  await setFeed(request, 'ok');
});

test('a TFR from the FAA feed is on the plan page: on the map and in the briefing', async ({ page }, info) => {
  await given.signedIn(page, 'pilot');
  // The service reads the feed at start and every 2 s: the TFR is in once its status says the feed is fresh.
  await expect.poll(async () => {
    const s = (await (await page.request.get('/v1/status')).json()) as { liveSources?: Array<{ id: string; fresh: boolean }> };
    return s.liveSources?.find((x) => x.id === 'faa:tfr-feed')?.fresh;
  }, { timeout: 60_000 }).toBe(true);
  await openPlan(page, IN_TFR);
  await then.briefingStatus(page, 'WARNING', 'RESTRICTED');
  const notice = page.locator('[data-testid="briefing:notice"][data-source="NOTICE_DATA_SOURCE_TFR_ACTIVE"]').first();
  await expect(notice).toContainText('6/0909');
  await expect(page.getByText(/Out of date/)).toHaveCount(0);
  // The map draws it: the TFR layer's features under the area come from the same dataset version.
  await expect.poll(() => page.evaluate(() => {
    const map = window.__skyplan!.map;
    const layers = map.getStyle().layers.filter((l) => /tfr/i.test(l.id)).map((l) => l.id);
    return map.queryRenderedFeatures(undefined, { layers }).length;
  }), { timeout: 20_000 }).toBeGreaterThan(0);
  // Zoomed out to the whole TFR around the area, its notice in view.
  await page.evaluate(() => window.__skyplan!.map.setZoom(12));
  await page.waitForFunction(() => window.__skyplan?.map.loaded() === true, undefined, { timeout: 150_000 });
  await notice.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `test-results/screenshots/live-feed-tfr-${info.project.name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => window.__skyplan?.map.loaded() === true, undefined, { timeout: 150_000 });
  await notice.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `test-results/screenshots/live-feed-tfr-${info.project.name}-390.png` });
});

test('a feed that stops answering is said on the plan page, and the briefing is CAUTION at most until it answers again', async ({ page, request }, info) => {
  await given.signedIn(page, 'pilot');
  // Outside the TFR, open Nebraska: with a fresh feed nothing here is a restriction.
  const outside = `${squareParam(-99.6, 41.3, 0.01)}&alt=200`;
  await setFeed(request, '500');
  // 20 s without a good read: the service says so in every answer.
  await expect.poll(async () => {
    const s = (await (await page.request.get('/v1/status')).json()) as { liveSources?: Array<{ id: string; fresh: boolean }> };
    return s.liveSources?.find((x) => x.id === 'faa:tfr-feed')?.fresh;
  }, { timeout: 90_000 }).toBe(false);
  await openPlan(page, outside);
  await then.briefingStatus(page, 'CAUTION', 'UNSPECIFIED');
  const stale = page.locator('[data-testid="briefing:notice"]').filter({ hasText: 'Out of date' }).first();
  await expect(stale).toContainText('FAA temporary flight restriction data');
  await stale.getByRole('button').first().click().catch(() => undefined);
  await expect(stale).toContainText(/out of date since \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  await page.getByTestId('briefing:status').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `test-results/screenshots/live-feed-stale-${info.project.name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await stale.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `test-results/screenshots/live-feed-stale-${info.project.name}-390.png` });
  // Inside the TFR it stays WARNING: stale data never makes an answer less restrictive.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPlan(page, IN_TFR);
  await then.briefingStatus(page, 'WARNING');

  await setFeed(request, 'ok');
  await expect.poll(async () => {
    const s = (await (await page.request.get('/v1/status')).json()) as { liveSources?: Array<{ id: string; fresh: boolean }> };
    return s.liveSources?.find((x) => x.id === 'faa:tfr-feed')?.fresh;
  }, { timeout: 60_000 }).toBe(true);
  await openPlan(page, outside);
  await expect(page.getByTestId('briefing:status')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-testid="briefing:notice"]').filter({ hasText: 'Out of date' })).toHaveCount(0);
});
