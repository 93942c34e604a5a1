import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { ACCOUNTS } from './driver';
import { expect, test } from './fixtures';
import { clientToken, createEphemeral, inHours, mapReady, noSeriousAxeViolations, PLACES, screenshots, signatureValid, signingSecret, startReceiver } from './ops-driver';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

test('an integration hands over an operation: the pilot claims it, gets it approved, and the integration is called back', async ({ page, request, browserConsole }) => {
  // Until the LAANC request exists the service answers its GET with 404, which the browser logs.
  browserConsole.allow(/404 \(Not Found\).*\/laanc/);
  // Opening the spent link again: the public preview answers 410.
  browserConsole.allow(/410 \(Gone\).*\/preview/);
  const receiver = await startReceiver();
  try {
    // The integration: a token, its signing secret, an ephemeral operation with a callback to the receiver.
    const token = await clientToken(request);
    const secret = await signingSecret(request, token);
    const url = await createEphemeral(request, token, {
      boundary: PLACES.autoApproval,
      name: 'Hangar roof survey (e2e)',
      flightType: 'FLIGHT_TYPE_COMMERCIAL',
      maxAltitude: 200,
      fixedAltitude: false,
      callbackUrl: `${receiver.url}/skyplan/e2e-claim`,
      timezoneName: 'America/Los_Angeles',
      startTime: inHours(3),
      duration: 60,
    });
    const claimPath = new URL(url).pathname;
    const id = claimPath.split('/')[3]!;
    expect(claimPath).toBe(`/plan/operations/${id}/claim`);

    // Signed out, the link shows the operation and asks to sign in; the sign-in returns to it.
    await page.goto(`${claimPath}?e2e=1`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claim “Hangar roof survey (e2e)”');
    await expect(page.getByTestId('claim:preview')).toContainText('up to 200 ft AGL');
    // Where, as a person and a pilot know it: the nearest town, then the nearest airport.
    await expect(page.getByTestId('claim:where')).toContainText(/^Near .+, WA · .* NM [NESW]{1,2} of .*\(BFI\), WA$/);
    await page.getByRole('link', { name: 'Sign in to claim' }).click();
    await page.getByLabel('Email').fill(ACCOUNTS.pilot.email);
    await page.getByLabel('Password').fill(ACCOUNTS.pilot.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`${claimPath}(\\?e2e=1)?$`));

    // Signed in: the briefing of the area, then the claim.
    await expect(page.getByTestId('briefing:authorization')).toHaveAttribute('data-authorization', 'AUTHORIZATION_TYPE_LAANC', { timeout: 20_000 });
    await screenshots(page, 'claim', () => mapReady(page));
    await noSeriousAxeViolations(page);
    await page.getByTestId('claim:claim').click();
    await expect(page).toHaveURL(new RegExp(`/operations/${id}$`));
    await expect(page.getByTestId('operation:notice')).toContainText('You claimed “Hangar roof survey (e2e)”');

    // The LAANC request, then submission: at or below the ceiling it is approved at once.
    await expect(page.getByTestId('laanc:none')).toBeVisible();
    await page.getByTestId('laanc:details-form').getByLabel('Phone').fill('+1 206 555 0100');
    await page.getByRole('button', { name: 'Start the LAANC request' }).click();
    const candidate = page.getByTestId('laanc:candidate');
    await expect(candidate).toHaveAttribute('data-submission', 'SUBMISSION_TYPE_AUTO_AUTHORIZATION');
    await expect(candidate).toContainText('this candidate 200 ft AGL');
    await page.getByTestId('laanc:submit').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('laanc:authorization-status')).toHaveAttribute('data-value', 'STATUS_APPROVED');
    await expect(page.getByTestId('laanc:outcome')).toHaveText('Submitted: 1 approved.');
    // Approved: the operation cannot be edited or deleted until it is cancelled or closed.
    await expect(page.getByTestId('operation:edit')).toBeDisabled();

    // The integration hears of it: the documented body, signed with its secret.
    const d = await receiver.waitFor((x) => x.json.authStatus === 'STATUS_APPROVED');
    expect(d.path).toBe('/skyplan/e2e-claim');
    expect(Object.keys(d.json).sort()).toEqual(['altitude', 'atc', 'authId', 'authStatus', 'authStatusDate', 'duration', 'startTime']);
    const authId = await page.getByTestId('laanc:authorization').getAttribute('data-id');
    expect(d.json).toMatchObject({ authId, authStatus: 'STATUS_APPROVED', altitude: 200, duration: 60, atc: 'BFI' });
    expect(signatureValid(secret, String(d.headers['x-signature']), d.raw), 'X-Signature verifies with the client secret').toBe(true);
    expect(signatureValid('not-the-secret', String(d.headers['x-signature']), d.raw)).toBe(false);
    expect(d.headers['x-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);

    // The operation page shows the delivery, and its map draws the approved authorization.
    await expect(page.getByTestId('operation:delivery').first()).toHaveAttribute('data-state', 'DELIVERED', { timeout: 15_000 });
    await mapReady(page);
    const kinds = await page.evaluate(() => window.__skyplanDisplay!.shapes().map((s) => `${s.kind}:${s.tone}`));
    expect(kinds).toEqual(expect.arrayContaining(['operation:info', 'authorization:success']));
    await screenshots(page, 'operation', () => mapReady(page));
    await noSeriousAxeViolations(page);

    // The link is spent: opening it again says so, and leads the claimer to the operation.
    await page.goto(claimPath);
    await expect(page.getByTestId('claim:problem')).toHaveAttribute('data-problem', 'claimed');
    await page.getByTestId('claim:yours').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/operations/${id}$`));
  } finally {
    await receiver.close();
  }
});

test('an unknown claim link gets a page that says so', async ({ page, browserConsole }) => {
  browserConsole.allow(/404 \(Not Found\).*\/preview/);
  await page.goto(`/plan/operations/${randomUUID()}/claim`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This claim link is not known');
  await expect(page.getByTestId('claim:problem')).toHaveAttribute('data-problem', 'unknown');
  await noSeriousAxeViolations(page);
});

test('a display map says it is loading while its first tiles are slow, as the plan page does, clear of its controls', async ({ page, request }) => {
  const token = await clientToken(request);
  const url = await createEphemeral(request, token, {
    boundary: PLACES.autoApproval,
    name: 'Slow tiles (e2e)',
    flightType: 'FLIGHT_TYPE_COMMERCIAL',
    maxAltitude: 200,
    fixedAltitude: false,
    timezoneName: 'America/Los_Angeles',
    startTime: inHours(3),
    duration: 60,
  });
  // Every tile takes 3 s more (a cold service, a slow link): a bare map meanwhile reads as "nothing here".
  await page.route('**/tiles/**', async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue().catch(() => undefined);
  });
  // On a phone, where the claim page's map is narrower than the plan's.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(url).pathname);
  const frame = page.getByTestId('display-map').locator('xpath=..');
  const loading = frame.getByRole('status').filter({ hasText: 'Loading the map…' });
  await expect(loading).toBeVisible();
  // It covers none of the map's controls (at the bottom it hid the end of the scale bar).
  const label = (await loading.boundingBox())!;
  for (const control of await frame.locator('.maplibregl-ctrl').all()) {
    const b = await control.boundingBox();
    if (!b) continue;
    const apart = label.x + label.width <= b.x || b.x + b.width <= label.x || label.y + label.height <= b.y || b.y + b.height <= label.y;
    expect(apart, `the label is clear of ${await control.getAttribute('class')}`).toBe(true);
  }
  // That it goes at the map's idle is src/map/map-loading.test.tsx's: here a first start cuts the tiles
  // cold, which took 40 s and more on a loaded machine.
});
