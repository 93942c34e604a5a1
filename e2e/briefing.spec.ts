/**
 * The briefing scenarios of issue 5, against the real service and its sandbox dataset:
 * controlled airspace at Boeing Field, a facility-map ceiling, the Washington DC FRZ, and an area
 * too large to send.
 */
import { given, squareParam, then, when } from './driver';
import { expect, test } from './fixtures';

test('an area at Boeing Field needs LAANC, and its facility-map notice shows on the map', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  // West of the runway: the FAA cells here are LAANC-enabled (those on the runway are not: DroneZone).
  await given.onPlanPage(page, squareParam(-122.318, 47.525, 0.008));
  await then.briefingStatus(page, 'CAUTION', 'LAANC');
  await expect(page.getByTestId('briefing:authorization')).toContainText('request LAANC');
  // The status stays in the panel's sticky bar and leads to the briefing.
  const statusLink = page.getByTestId('plan:status-link');
  await expect(statusLink).toContainText('Caution');
  await statusLink.click();
  await expect(page.getByRole('heading', { name: 'Briefing' })).toBeInViewport();

  expect(await then.highlightedGeometries(page)).toEqual([]);
  await when.selectNotice(page, 'UASFM_CEILING');
  const highlighted = await then.highlightedGeometries(page);
  expect(highlighted).toHaveLength(1);
  expect(highlighted[0]!.type).toMatch(/Polygon/);
  await page.screenshot({ path: 'test-results/screenshots/plan-kbfi-facility-map.png' });
});

test('raising the altitude above the facility-map ceiling changes the briefing', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  // A cell north of Boeing Field with a 200 ft ceiling in the FAA facility map (MAP_EFF 2025-10-30) the sandbox ships.
  await given.onPlanPage(page, `${squareParam(-122.33, 47.57, 0.003)}&alt=50`);
  await then.briefingStatus(page, 'CAUTION', 'LAANC');
  const ceiling = page.locator('[data-testid="briefing:notice"][data-source="NOTICE_DATA_SOURCE_UASFM_CEILING"]').first();
  await ceiling.getByRole('button', { name: /Facility map/ }).click();
  await expect(ceiling).toContainText('at or below every ceiling');
  await expect(page.getByTestId('briefing:above-ceiling')).toHaveCount(0);

  await when.setAltitude(page, 300);
  await expect(ceiling).toContainText('above the 200 ft ceiling', { timeout: 20_000 });
  await expect(page.getByTestId('briefing:above-ceiling')).toContainText('Your 300 ft is above the 200 ft ceiling');
  await expect(page).toHaveURL(/alt=300/);
});

test('inside the Washington DC FRZ the flight is restricted', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, squareParam(-77.04, 38.89, 0.004));
  await then.briefingStatus(page, 'WARNING', 'RESTRICTED');
  await expect(page.getByTestId('briefing:status')).toContainText('prohibited or restricted');
  await expect(page.locator('[data-testid="briefing:notice"][data-source="NOTICE_DATA_SOURCE_WASHINGTON_FRZ"]')).toHaveCount(1);
  // Local time of the area, not of the browser.
  await expect(page.getByTestId('plan:times')).toContainText(/E[SD]T/);
  await page.screenshot({ path: 'test-results/screenshots/plan-dc-frz.png' });
});

test('an area over 10 sq mi is explained and never sent', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page);
  const briefingRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/briefing/')) briefingRequests.push(r.url());
  });
  // About 4 by 4 NM: some 20 sq mi.
  await when.pasteGeoJson(page, {
    type: 'Polygon',
    coordinates: [
      [
        [-122.4, 47.5],
        [-122.3, 47.5],
        [-122.3, 47.57],
        [-122.4, 47.57],
        [-122.4, 47.5],
      ],
    ],
  });
  await expect(page.getByTestId('plan:limits')).toHaveAttribute('data-ok', 'false');
  await expect(page.locator('[data-testid="plan:violations"] li[data-code="area"]')).toContainText(/The area is \d+\.\d sq mi; at most 10 sq mi/);
  await expect(page.getByTestId('briefing:empty')).toHaveAttribute('data-reason', 'limits');
  await expect.poll(() => then.boundaryMarkedInvalid(page)).toBe(true);
  await expect(page.getByRole('button', { name: 'Create operation' })).toBeDisabled();
  await page.waitForTimeout(1000);
  expect(briefingRequests).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/plan-too-large.png' });
});

test('while the briefing for a changed plan is on its way, or failed, no status of the old plan stands', async ({ page, browserConsole }) => {
  await given.signedIn(page, 'pilot');
  // Open central Washington: class G, clear to fly at 200 ft (the FAA's Washington SUA file covers it; in
  // Nebraska the sandbox's special-use airspace is a sample, so it says CAUTION: one-truth.spec.ts).
  await given.onPlanPage(page, `${squareParam(-120.51, 46.79, 0.01)}&alt=200`);
  await then.briefingStatus(page, 'CLEAR_TO_FLY');
  const pill = page.getByTestId('plan:status-link');
  await expect(pill).toHaveText(/Clear to fly/);

  // The next answers wait for the test (a slow network), then the one after is refused (429).
  // Every held request is let go at once (a slow machine may ask more than once).
  const held: (() => void)[] = [];
  const release = () => held.splice(0).forEach((go) => go());
  let refuse = false;
  await page.route('**/v1/briefing/preflight/area', async (route) => {
    if (refuse) return route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ statusCode: 429, message: 'Too many requests: try again in 30 s' }) });
    await new Promise<void>((r) => held.push(r));
    // A request the page gave up on (its plan changed again) is gone: nothing to continue.
    await route.continue().catch(() => undefined);
  });
  await when.setAltitude(page, 390);
  await expect(pill).toHaveAttribute('data-phase', 'updating');
  await expect(pill).toHaveText(/Updating/);
  await expect(page.getByTestId('briefing:status')).toHaveCount(0);
  await expect(page.getByTestId('briefing:stale')).toContainText('before your change');
  // The same once the request is out (after the debounce) and unanswered.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(pill).toHaveAttribute('data-phase', 'updating');
  await expect(page.getByTestId('briefing:status')).toHaveCount(0);
  release();
  await then.briefingStatus(page, 'CLEAR_TO_FLY');
  await expect(pill).toHaveText(/Clear to fly/);

  browserConsole.allow(/429/);
  refuse = true;
  await when.setAltitude(page, 120);
  await expect(page.getByTestId('briefing:error')).toContainText('try again in 30 s');
  await expect(pill).toHaveText(/No briefing/);
  await expect(page.getByTestId('briefing:status')).toHaveCount(0);
});
