import type { Page } from '@playwright/test';
import { mapReady, noSeriousAxeViolations, operationWithLaanc, personContext, PLACES, screenshots } from './ops-driver';
import { expect, test } from './fixtures';

/** What the operation page hands its map: the track's length and the marker. */
const drawn = (page: Page) =>
  page.evaluate(() => {
    const t = window.__skyplanDisplay?.track() ?? null;
    return { points: t?.line.length ?? 0, marker: t?.marker ?? null };
  });

test('the sandbox flies a simulated drone live: the track and marker move on the map, the alert comes, the finished flight replays', async ({ browser }, testInfo) => {
  // A 30 s live flight, then the replay once the page's clock has jumped the 30 s of quiet, on a shared machine.
  test.setTimeout(240_000);
  const { context, page, errors } = await personContext(browser, testInfo, 'pilot');
  // The page's clock runs on from now as the real one does, until the quiet wait below jumps it ahead.
  await page.clock.install();
  // Started half an hour ago, so the simulated positions are inside the time window.
  const id = await operationWithLaanc(context, { name: 'Simulated survey flight', boundary: PLACES.autoApproval, startInHours: -0.5, maxAltitude: 200, fixedAltitude: false });
  await page.goto(`/operations/${id}?e2e=1`);
  const flight = page.getByTestId('flight');
  await expect(flight.getByTestId('flight:none')).toBeVisible();
  await mapReady(page);
  expect(await page.evaluate(() => ['ops-track-line', 'ops-track-marker'].map((l) => !!window.__skyplanDisplay!.map.getLayer(l)))).toEqual([true, true]);

  await flight.getByRole('button', { name: 'Simulate a flight (sandbox)' }).click();
  await expect(flight.getByTestId('flight:sent')).toContainText(/Flying: \d+ of 30 positions sent/);
  // The track grows and the marker moves while the drone flies (polled every 3 s).
  await expect.poll(async () => (await drawn(page)).points, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const early = await drawn(page);
  await expect.poll(async () => (await drawn(page)).points, { timeout: 30_000 }).toBeGreaterThan(early.points);
  const later = await drawn(page);
  expect(later.marker).not.toEqual(early.marker);
  await expect(flight.getByTestId('flight:track')).toHaveAttribute('data-count', String(later.points), { timeout: 10_000 });

  // The straying leg raises the alert while the flight goes on: reason and time, in the alert region.
  const alerts = flight.getByRole('alert').getByTestId('flight:alert');
  await expect(alerts).toHaveCount(1, { timeout: 60_000 });
  await expect(alerts.first()).toHaveAttribute('data-reason', 'OUTSIDE_AREA');
  await expect(alerts.first()).toContainText(/Left the operation area.*\d\d:\d\d.*outside the operation area/);
  await screenshots(page, 'operation-flight-live', () => mapReady(page));

  await expect(flight.getByTestId('flight:sent')).toHaveText('Sent 30 positions; 1 new alert(s).', { timeout: 60_000 });
  await expect.poll(async () => (await drawn(page)).points, { timeout: 15_000 }).toBe(30);
  // The same as the API tells.
  const events = await context.request.get(`/v1/operations/${id}/conformance`);
  expect((await events.json()).data.map((e: { reason: string }) => e.reason)).toEqual(['OUTSIDE_AREA']);
  const track = await (await context.request.get(`/v1/operations/${id}/positions`)).json();
  expect(track.data.positions).toHaveLength(30);

  // Quiet for 30 s: the flight is over and can be replayed; the slider moves the marker along the track.
  // The page's clock jumps the 30 s (FLIGHT_QUIET_S) instead of the test waiting them out: no position
  // comes meanwhile, the page's timers fire as they would, and the page alone decides the flight is over.
  const replay = flight.getByTestId('flight:replay');
  await expect(replay).toBeHidden();
  await page.clock.fastForward('00:31');
  await expect(replay).toBeVisible({ timeout: 90_000 });
  const slider = replay.getByRole('slider', { name: 'Replayed moment of the flight' });
  await slider.focus();
  await page.keyboard.press('Home');
  const first = [track.data.positions[0].longitude, track.data.positions[0].latitude];
  await expect.poll(async () => (await drawn(page)).marker).toEqual(first);
  await expect(replay.getByTestId('flight:replay-at')).toContainText('(1 of 30)');
  await replay.getByRole('button', { name: 'Play' }).click();
  await expect.poll(async () => (await drawn(page)).marker).not.toEqual(first);
  await expect(replay.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 20_000 });
  await expect(replay.getByTestId('flight:replay-at')).toContainText('(30 of 30)');

  await noSeriousAxeViolations(page);
  await screenshots(page, 'operation-flight', () => mapReady(page));
  expect(errors).toEqual([]);
  await context.close();
});
