/**
 * One truth per place, and coverage (issue 33; docs/briefing-rules.md "Coverage" and "One truth per
 * place"), as a pilot sees them: the sandbox says where it holds no special-use airspace data; at
 * Boeing Field's runway the briefing and the operation's LAANC section give the same channel; an
 * operation claimed inside P-56 says it is restricted and offers no LAANC request.
 */
import { mkdirSync } from 'node:fs';
import { given, squareParam, then } from './driver';
import { expect, test } from './fixtures';
import { clientToken, createEphemeral, createOperation, inHours, mapReady, screenshots } from './ops-driver';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

const square = (w: number, s: number, e: number, n: number) => ({ type: 'Polygon' as const, coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] });

test('where the sandbox holds no special-use airspace data it says so and never "clear to fly"', async ({ page }) => {
  // A part of the country no other spec opens: its base map is drawn cold (server-side tiles).
  test.slow();
  await given.signedIn(page, 'pilot');
  // Open Nebraska, Class G: before, CLEAR_TO_FLY; the sandbox's restricted areas and MOAs are a sample there.
  await given.onPlanPage(page, `${squareParam(-99.5, 41.4, 0.01)}&alt=200`);
  await then.briefingStatus(page, 'CAUTION', 'NOT_REQUIRED');
  const gap = page.locator('[data-testid="briefing:notice"]', { hasText: 'Special-use airspace not modelled here' });
  await expect(gap).toHaveCount(1);
  await expect(page.getByTestId('plan:status-link')).toContainText('Caution');
  await gap.getByRole('button').first().click();
  await expect(gap).toContainText('restricted areas, MOAs');
  await screenshots(page, 'no-faa-data-here', () => then.mapNotBlank(page));
});

test('at Boeing Field the briefing and the LAANC section give one channel: not through LAANC', async ({ page, browserConsole }) => {
  // Two pages, a new operation and screenshots at two sizes: more than the default minute on a busy machine.
  test.slow();
  // No LAANC request exists for the operation: its GET answers 404, which the browser logs.
  browserConsole.allow(/404 \(Not Found\).*\/laanc/);
  await given.signedIn(page, 'pilot');
  // On the runway: the FAA's cells there are not LAANC-enabled.
  const w = -122.305, s = 47.527, size = 0.006;
  await given.onPlanPage(page, `${squareParam(w, s, size)}&alt=100`);
  await then.briefingStatus(page, 'CAUTION', 'DRONE_ZONE');
  // No notice of the area says LAANC serves it.
  await expect(page.locator('[data-testid="briefing:notice"][data-source="NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE"]')).toHaveCount(0);

  const id = await createOperation(page.context(), { name: 'Runway inspection (e2e)', boundary: square(w, s, w + size, s + size), startInHours: 5, maxAltitude: 100 });
  await page.goto(`/operations/${id}?e2e=1`);
  await expect(page.getByTestId('operation:airspace')).toHaveText('Caution: Authorization required (not through LAANC)', { timeout: 20_000 });
  await expect(page.getByTestId('laanc:not-offered')).toContainText('DroneZone');
  await expect(page.getByTestId('laanc:details-form')).toHaveCount(0);
  await screenshots(page, 'one-truth-bfi-operation', () => mapReady(page));
  // What LAANC itself answers for the area agrees: nothing to submit, its blocked cells named once.
  const laanc = await page.request.get(`/v1/operations/${id}/laanc`);
  expect(laanc.status()).toBe(404);
  // The legacy check of the same area: controlled, not LAANC-enabled.
  const token = await clientToken(page.request);
  const check = await page.request.post('/v1/check/airspace', {
    headers: { Authorization: `Bearer ${token}` },
    data: { geometry: square(w, s, w + size, s + size), startTime: inHours(5), endTime: inHours(6) },
  });
  expect(check.status(), await check.text()).toBe(200);
  expect((await check.json()).data).toEqual({ controlled: true, enabled: false, restricted: false });
});

test('an operation claimed inside P-56 says it is restricted and offers no LAANC request', async ({ page, request, browserConsole }) => {
  test.slow();
  browserConsole.allow(/404 \(Not Found\).*\/laanc/);
  // Once claimed, the link is spent: the claim page's preview, asked again as it leaves, answers 410.
  browserConsole.allow(/410 \(Gone\).*\/preview/);
  const token = await clientToken(request);
  // The National Mall, inside P-56A and the DC FRZ.
  const url = await createEphemeral(request, token, {
    boundary: square(-77.037, 38.888, -77.033, 38.891),
    name: 'Mall photo flight (e2e)',
    flightType: 'FLIGHT_TYPE_COMMERCIAL',
    maxAltitude: 100,
    fixedAltitude: false,
    timezoneName: 'America/New_York',
    startTime: inHours(4),
    duration: 60,
  });
  await given.signedIn(page, 'pilot');
  await page.goto(`${new URL(url).pathname}?e2e=1`);
  // The claim page's briefing: restricted.
  await expect(page.getByTestId('briefing:authorization')).toHaveAttribute('data-authorization', 'AUTHORIZATION_TYPE_RESTRICTED', { timeout: 20_000 });
  await page.getByTestId('claim:claim').click();
  await expect(page).toHaveURL(/\/operations\/[0-9a-f-]{36}$/);

  await expect(page.getByTestId('operation:restricted')).toContainText('P-56', { timeout: 20_000 });
  await expect(page.getByTestId('operation:notice')).toContainText('its area is restricted');
  await expect(page.getByTestId('operation:notice')).not.toContainText('start the LAANC request');
  await expect(page.getByTestId('operation:airspace')).toHaveText('Warning: Restricted');
  await expect(page.getByTestId('laanc:not-offered')).toContainText('restricted');
  await expect(page.getByTestId('laanc:details-form')).toHaveCount(0);
  await screenshots(page, 'one-truth-p56-operation', () => mapReady(page));
});
