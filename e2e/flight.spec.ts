import { mapReady, noSeriousAxeViolations, operationWithLaanc, personContext, PLACES, screenshots } from './ops-driver';
import { expect, test } from './fixtures';

test('the sandbox flies a simulated drone: the operation page shows its last position and the conformance alert', async ({ browser }, testInfo) => {
  const { context, page, errors } = await personContext(browser, testInfo, 'pilot');
  // Started half an hour ago, so the simulated positions are inside the time window.
  const id = await operationWithLaanc(context, { name: 'Simulated survey flight', boundary: PLACES.autoApproval, startInHours: -0.5, maxAltitude: 200, fixedAltitude: false });
  await page.goto(`/operations/${id}?e2e=1`);
  const flight = page.getByTestId('flight');
  await expect(flight.getByTestId('flight:none')).toBeVisible();

  await flight.getByRole('button', { name: 'Simulate a flight (sandbox)' }).click();
  await expect(flight.getByTestId('flight:sent')).toHaveText(/Sent 30 positions; 1 new alert\(s\)\./);
  await expect(flight.getByTestId('flight:last')).toContainText('160 ft AGL');
  const alerts = flight.getByTestId('flight:alert');
  await expect(alerts).toHaveCount(1);
  await expect(alerts.first()).toHaveAttribute('data-reason', 'OUTSIDE_AREA');
  await expect(alerts.first()).toContainText('Left the operation area');

  // The same as the API tells.
  const events = await context.request.get(`/v1/operations/${id}/conformance`);
  expect((await events.json()).data.map((e: { reason: string }) => e.reason)).toEqual(['OUTSIDE_AREA']);
  await noSeriousAxeViolations(page);
  await screenshots(page, 'operation-flight', () => mapReady(page));
  expect(errors).toEqual([]);
  await context.close();
});
