import { mkdirSync } from 'node:fs';
import { given } from './driver';
import { expect, test } from './fixtures';
import { noSeriousAxeViolations, operationWithLaanc, personCall, personContext, PLACES, screenshots, submitAll } from './ops-driver';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

test('an operator acknowledges a rescinded authorization from the review queue', async ({ page, browser, browserConsole }, testInfo) => {
  // The queue asks each upcoming LAANC operation for its authorizations; operations of other specs
  // without a LAANC request yet answer 404 (the service has no organization-wide pending list).
  browserConsole.allow(/404 \(Not Found\).*\/laanc\)$/);
  // A pilot of the organization: one approved authorization the FAA then rescinds, one request
  // waiting for the FAA, and an operation whose callback receiver does not answer.
  const pilot = await personContext(browser, testInfo, 'pilot');
  const faa = await personContext(browser, testInfo, 'faa');
  let rescindedId = '';
  try {
    const approved = await operationWithLaanc(pilot.context, { name: 'Warehouse roof (e2e)', boundary: PLACES.autoApproval, startInHours: 6, maxAltitude: 200, fixedAltitude: false });
    [rescindedId] = (await submitAll(pilot.context, approved)) as [string];
    const rescind = await personCall(faa.context, 'POST', `/v1/sandbox/authorizations/${rescindedId}/rescind`, { reason: 'Medical helicopter operations in the area.' });
    expect(rescind.status, JSON.stringify(rescind.body)).toBe(200);

    const pending = await operationWithLaanc(pilot.context, { name: 'Crane survey (e2e)', boundary: PLACES.furtherCoordination, startInHours: 8, maxAltitude: 200, fixedAltitude: true });
    await submitAll(pilot.context, pending, 'Crane survey needs 200 ft.');

    // Port 9 (discard) is closed on loopback: every delivery fails and is retried.
    const failing = await operationWithLaanc(pilot.context, {
      name: 'Solar farm (e2e)',
      boundary: PLACES.autoApproval,
      startInHours: 10,
      maxAltitude: 150,
      fixedAltitude: false,
      callbackUrl: 'http://127.0.0.1:9/skyplan',
    });
    await submitAll(pilot.context, failing);
  } finally {
    await pilot.context.close();
    await faa.context.close();
  }

  await given.signedIn(page, 'operator');
  await page.goto('/review');
  const row = page.locator(`[data-testid="review:row"][data-kind="rescinded"][data-id="${rescindedId}"]`);
  await expect(row).toContainText('Medical helicopter operations in the area.');
  await expect(row.getByRole('link', { name: 'Warehouse roof (e2e)' })).toBeVisible();
  await expect(page.locator('[data-testid="review:row"][data-kind="pending"]').filter({ hasText: 'Crane survey (e2e)' })).toContainText('Justification: “Crane survey needs 200 ft.”');
  await expect(page.locator('[data-testid="review:row"][data-kind="callback"]').filter({ hasText: 'Solar farm (e2e)' })).toBeVisible({ timeout: 20_000 });
  await screenshots(page, 'review');
  await noSeriousAxeViolations(page);

  // Filter to the rescinded ones, select, acknowledge after the confirmation.
  await page.getByTestId('review:kind').selectOption('rescinded');
  await row.getByRole('checkbox').check();
  await page.getByTestId('review:acknowledge').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Warehouse roof (e2e)');
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByTestId('review:outcome')).toContainText('Acknowledged 1.');
  await expect(row).toHaveCount(0);

  // The service agrees, and the row opens its operation.
  const ops = await page.request.get('/v1/laanc/operations/rescinded-invalid');
  const list = (await ops.json()) as { operations: { authorizations: { authorization: { id: string } }[] }[] };
  expect(list.operations.flatMap((o) => o.authorizations.map((a) => a.authorization.id))).not.toContain(rescindedId);
  await page.getByTestId('review:kind').selectOption('pending');
  await page.getByRole('link', { name: 'Crane survey (e2e)' }).first().click();
  await expect(page).toHaveURL(/\/operations\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('laanc:authorization-status')).toHaveAttribute('data-value', 'STATUS_PENDING');
});
