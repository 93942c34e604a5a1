import { mkdirSync } from 'node:fs';
import { given } from './driver';
import { expect, test } from './fixtures';
import { createOperation, mapReady, noSeriousAxeViolations, operationWithLaanc, personContext, PLACES, screenshots, submitAll } from './ops-driver';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

test('further coordination is approved in the FAA console, and the pilot’s open page shows it without a reload', async ({ page, browser, browserConsole }, testInfo) => {
  // Until the LAANC request exists the service answers its GET with 404, which the browser logs.
  browserConsole.allow(/404 \(Not Found\).*\/laanc/);
  await given.signedIn(page, 'pilot');
  const id = await createOperation(page.context(), { name: 'Mast inspection (e2e)', boundary: PLACES.furtherCoordination, startInHours: 4, maxAltitude: 200 });

  // The pilot starts the LAANC request keeping 200 ft, above the 50 ft ceiling: further coordination.
  await page.goto(`/operations/${id}?e2e=1`);
  const form = page.getByTestId('laanc:details-form');
  // The point of contact reads whole on a desktop and a phone: the email was cut in a quarter of the card.
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    for (const label of ['First name', 'Last name', 'Email']) {
      const cut = await form.getByLabel(label).evaluate((e) => e.scrollWidth - e.clientWidth);
      expect(cut, `${label} at ${size.width} px shows all of its value`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByLabel('Phone').fill('+1 206 555 0100');
  await form.getByLabel(/Keep my altitude/).check();
  await form.getByRole('button', { name: 'Start the LAANC request' }).click();
  const candidate = page.getByTestId('laanc:candidate');
  await expect(candidate).toHaveAttribute('data-submission', 'SUBMISSION_TYPE_FURTHER_COORDINATION');
  await expect(candidate).toContainText('facility-map ceiling 50 ft');
  await expect(page.getByTestId('laanc:notice')).toHaveAttribute('data-reason', 'REASON_ABOVE_CEILING');
  await expect(page.getByTestId('laanc:submit')).toBeDisabled();
  await page.getByTestId('laanc:justification').fill('Antenna mast inspection needs 200 ft; visual observer on site.');
  await page.getByTestId('laanc:submit').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('laanc:authorization-status')).toHaveAttribute('data-value', 'STATUS_PENDING');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // The sandbox FAA, in a browser of its own, approves it with a reason.
  const faa = await personContext(browser, testInfo, 'faa');
  try {
    await faa.page.goto('/sandbox');
    const item = faa.page.locator(`[data-testid="faa:pending:item"][data-operation="${id}"]`);
    await expect(item).toContainText('Antenna mast inspection needs 200 ft');
    await screenshots(faa.page, 'sandbox');
    await noSeriousAxeViolations(faa.page);
    await item.getByRole('button', { name: 'Approve' }).click();
    const dialog = faa.page.getByRole('dialog');
    await dialog.getByLabel('Reason (optional)').fill('Coordinated with Seattle tower.');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(item).toHaveCount(0);
    await expect(faa.page.locator(`[data-testid="faa:approved:item"][data-operation="${id}"]`)).toBeVisible();
    expect(faa.errors, 'the FAA console logs no errors').toEqual([]);
  } finally {
    await faa.context.close();
  }

  // The pilot's page, still open, polls and says what changed.
  const change = page.getByTestId('laanc:change');
  await expect(change).toHaveAttribute('data-status', 'STATUS_APPROVED', { timeout: 15_000 });
  await expect(change).toContainText('(was Pending FAA)');
  await expect(page.getByRole('status').filter({ has: change })).toHaveCount(1);
  await expect(page.getByTestId('laanc:authorization-status')).toHaveAttribute('data-value', 'STATUS_APPROVED');
  await expect(page.getByText('Reason given: “Coordinated with Seattle tower.”')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), 'no reload happened').toBe(true);
  await page.getByText('Status history').click();
  await expect(page.getByTestId('laanc:timeline').locator('li')).toHaveText([/Submitted for further coordination/, /Pending FAA/, /Approved/]);
  await screenshots(page, 'operation-further-coordination', () => mapReady(page));
});

test('the operations list: search, filters, sort, paging and a map of what is listed', async ({ page }) => {
  await given.signedIn(page, 'operator');
  const ctx = page.context();
  // A tag of this run, so the search finds only these two whatever else the store holds.
  const tag = `List ${Date.now().toString(36)}`;
  const a = await operationWithLaanc(ctx, { name: `${tag} Alpha (e2e)`, boundary: PLACES.autoApproval, startInHours: 30, maxAltitude: 150, fixedAltitude: false });
  await submitAll(ctx, a);
  await createOperation(ctx, { name: `${tag} Bravo (e2e)`, boundary: PLACES.furtherCoordination, startInHours: 31, maxAltitude: 100 });

  await page.goto('/operations?e2e=1');
  await expect(page.getByTestId('operations:row').first()).toBeVisible();
  await expect(page.getByTestId('operations:pilot')).toBeVisible(); // operators may pick a pilot
  await page.getByTestId('operations:search').fill(tag);
  await expect(page.getByTestId('operations:row')).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`q=${tag.replace(' ', '\\+')}`));
  await page.getByTestId('operations:sort').selectOption('-name');
  await expect(page.getByTestId('operations:row').first()).toContainText(`${tag} Bravo`);
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page.getByTestId('operations:row').first()).toContainText(`${tag} Alpha`);
  await page.getByTestId('operations:status').selectOption('ENDED');
  await expect(page.getByTestId('operations:no-match')).toBeVisible();
  await page.getByTestId('operations:status').selectOption('UPCOMING');
  await expect(page.getByTestId('operations:row')).toHaveCount(2);
  // Each operation says where its authorization stands, and the list filters by it.
  const alpha = page.locator(`[data-testid="operations:row"][data-id="${a}"]`);
  await expect(alpha.getByTestId('operations:auth-statuses')).toContainText('Approved');
  await page.getByTestId('operations:auth').selectOption('approved');
  await expect(page.getByTestId('operations:row')).toHaveCount(1);
  await expect(page.getByTestId('operations:row')).toContainText(`${tag} Alpha`);
  await page.getByTestId('operations:auth').selectOption('none');
  await expect(page.getByTestId('operations:row')).toHaveCount(1);
  await expect(page.getByTestId('operations:row')).toContainText(`${tag} Bravo`);
  await page.getByTestId('operations:auth').selectOption('');
  await expect(page.getByTestId('operations:row')).toHaveCount(2);
  await mapReady(page);
  expect(await page.evaluate(() => window.__skyplanDisplay!.shapes().length)).toBe(2);
  // Everything the operator may see, for the screenshots.
  await page.goto('/operations');
  await expect(page.getByTestId('operations:range')).toBeVisible();
  await screenshots(page, 'operations', () => mapReady(page));
  await noSeriousAxeViolations(page);
  await page.getByRole('link', { name: `${tag} Alpha (e2e)` }).click();
  await expect(page).toHaveURL(new RegExp(`/operations/${a}$`));
});

test('someone with no operations is led to the plan page', async ({ page }) => {
  const res = await page.request.post('/v1/auth/sign-in', { data: { email: 'pilot@potomac.example', password: 'demo-pilot' } });
  expect(res.status()).toBe(200);
  await page.goto('/operations');
  const empty = page.getByTestId('operations:empty');
  await expect(empty).toBeVisible();
  await noSeriousAxeViolations(page);
  await empty.getByRole('link', { name: 'Plan a flight' }).click();
  await expect(page).toHaveURL(/\/plan/);
});

test('on a phone the list’s map never opens its attribution over the map by itself', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await given.signedIn(page, 'pilot');
  await createOperation(page.context(), { name: `Phone map ${Date.now().toString(36)} (e2e)`, boundary: PLACES.autoApproval, startInHours: 30, maxAltitude: 100 });
  // MapLibre opens it when its text first arrives, which may be before or after the map's load:
  // watch every class the attribution is given from the first moment, not one state at the end.
  await page.addInitScript(() => {
    const w = window as unknown as { attributionOpened?: boolean };
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as Element;
        if (el.classList?.contains('maplibregl-ctrl-attrib') && el.classList.contains('maplibregl-compact-show')) w.attributionOpened = true;
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.goto('/operations?e2e=1');
  await mapReady(page);
  await expect(page.locator('.maplibregl-ctrl-attrib')).toHaveClass(/maplibregl-compact/);
  await expect(page.locator('.maplibregl-ctrl-attrib-inner')).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { attributionOpened?: boolean }).attributionOpened ?? false), 'opened by itself').toBe(false);
  // The (i) button still opens it.
  await page.locator('.maplibregl-ctrl-attrib-button').click();
  await expect(page.locator('.maplibregl-ctrl-attrib-inner')).toBeVisible();
});
