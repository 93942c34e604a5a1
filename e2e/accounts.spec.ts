/**
 * Accounts (issue 12): an operator invites by link, a new person signs up with it in a browser of their
 * own and lands in the organization; anyone signs up in the sandbox. Screenshots of the invite page and
 * the members page at desktop and phone sizes; axe on both.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { given } from './driver';
import { expect, test } from './fixtures';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function noSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

test('an operator invites by link; the invited person signs up in their own browser and lands in the organization', async ({ page, browser }) => {
  await given.signedIn(page, 'operator');
  await page.goto('/members');
  await expect(page.getByTestId('members:list')).toContainText('Alice Pilot');
  await page.getByTestId('members:create-invite').click();
  const link = await page.getByTestId('members:invite-link').inputValue();
  expect(link).toMatch(/\/invite#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('members:invite')).toHaveCount(1);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screenshots/members-${size.width}.png` });
  }
  await page.setViewportSize(SIZES[0]!);
  await noSeriousViolations(page);

  const fresh = await browser.newContext({ viewport: SIZES[0]! });
  try {
    const newcomer = await fresh.newPage();
    await newcomer.goto(new URL(link).pathname + new URL(link).hash);
    await expect(newcomer.getByTestId('invite:summary')).toHaveText('Olivia Operator invites you to join Cascade Aerial as a pilot.');
    for (const size of SIZES) {
      await newcomer.setViewportSize(size);
      await newcomer.screenshot({ path: `test-results/screenshots/invite-${size.width}.png` });
    }
    await newcomer.setViewportSize(SIZES[0]!);
    await noSeriousViolations(newcomer);
    await newcomer.getByTestId('invite:name').fill('Nina Newcomer');
    await newcomer.getByTestId('invite:email').fill('nina@newcomer.example');
    await newcomer.getByTestId('invite:password').fill('nina-flies-drones');
    await newcomer.getByTestId('invite:submit').click();
    await expect(newcomer).toHaveURL(/\/plan(\?|$)/);
    await expect(newcomer.getByTestId('account:name')).toHaveText('Nina Newcomer');
    await expect(newcomer.getByTestId('map')).toBeVisible();
    // A pilot has no Members tab (only an organization's operators manage its people); the page still answers.
    await expect(newcomer.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Plan', 'Operations', 'Settings']);
    await newcomer.goto('/members');
    await expect(newcomer.getByTestId('members:list')).toContainText('Nina Newcomer');
    await expect(newcomer.getByTestId('members:list')).toContainText('Olivia Operator');
  } finally {
    await fresh.close();
  }

  // The operator's list no longer has the spent invite.
  await page.reload();
  await expect(page.getByTestId('members:no-invites')).toBeVisible();
  await expect(page.getByTestId('members:list')).toContainText('Nina Newcomer');
});

test('a used link says so', async ({ page, browser, browserConsole }) => {
  browserConsole.allow(/410 \(Gone\).*\/v1\/invites\/preview/);
  await given.signedIn(page, 'operator');
  const created = await page.request.post('/v1/organization/invites', {
    data: {},
    headers: { 'x-csrf-token': (await page.context().cookies()).find((c) => c.name === 'sp_csrf')!.value },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const fresh = await browser.newContext();
  try {
    const a = await fresh.newPage();
    expect((await a.request.post('/v1/invites/sign-up', { data: { token, name: 'First', email: 'first@newcomer.example', password: 'first-password' } })).status()).toBe(201);
    const b = await (await browser.newContext()).newPage();
    await b.goto(`/invite#${token}`);
    await expect(b.getByTestId('invite:spent')).toContainText('already been used');
    await b.context().close();
  } finally {
    await fresh.close();
  }
});

test('in the sandbox anyone signs up from the sign-in page and runs their own organization', async ({ page }, testInfo) => {
  // A retry signs up someone new: the first attempt's account exists (409 by design).
  const n = testInfo.retry ? ` ${testInfo.retry}` : '';
  await page.goto('/sign-in');
  await page.getByTestId('sign-in:sign-up').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByTestId('sign-up:name').fill('Fern Founder');
  await page.getByTestId('sign-up:email').fill(`fern${n.trim()}@founder.example`);
  await page.getByTestId('sign-up:password').fill('fern-founds-firms');
  await page.getByTestId('sign-up:organization').fill(`Fern Aerial Survey${n}`);
  await noSeriousViolations(page);
  await page.getByTestId('sign-up:submit').click();
  await expect(page).toHaveURL(/\/plan(\?|$)/);
  await expect(page.getByTestId('account:name')).toHaveText('Fern Founder');
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: `People of Fern Aerial Survey${n}` })).toBeVisible();
  await expect(page.getByTestId('members:create-invite')).toBeVisible();
});

test('signing up with an email that has an account changes nothing and tells the person to sign in with its password', async ({ page, browserConsole }, testInfo) => {
  // The sign-in after the sign-up is refused on purpose (another account's password).
  browserConsole.allow(/401 \(Unauthorized\).*\/v1\/auth\/sign-in/);
  const n = testInfo.retry ? ` ${testInfo.retry}` : '';
  await page.goto('/sign-up');
  await page.getByTestId('sign-up:name').fill('Not Alice');
  await page.getByTestId('sign-up:email').fill('pilot@cascade.example');
  await page.getByTestId('sign-up:password').fill('not-the-pilots-password');
  await page.getByTestId('sign-up:organization').fill(`Taken Email Aerial${n}`);
  await page.getByTestId('sign-up:submit').click();
  await expect(page.getByTestId('sign-up:error')).toContainText('If you already have an account with this email, sign in with its password');
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('a pilot keeps a profile: name, phone, Part 107 certificate and registrations, refused field by field when wrong', async ({ page }, testInfo) => {
  const signUp = await page.request.post('/v1/auth/sign-up', {
    data: { name: 'Pia Profile', email: `pia${testInfo.retry || ''}@profile.example`, password: 'pia-keeps-profiles', organizationName: `Pia Aerial${testInfo.retry ? ` ${testInfo.retry}` : ''}` },
  });
  expect(signUp.status(), await signUp.text()).toBe(202);
  // Sign-up signs nobody in (docs/auth.md "Sign-up"): the person signs in next.
  const signIn = await page.request.post('/v1/auth/sign-in', { data: { email: `pia${testInfo.retry || ''}@profile.example`, password: 'pia-keeps-profiles' } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Pilot profile' })).toBeVisible();
  await page.getByTestId('profile:phoneNumber').fill('+1 206 555 0142');
  await page.getByTestId('profile:part107Certificate').fill('12ab');
  await page.getByTestId('profile:registrations').fill('FA12345678, nope');
  await page.getByTestId('profile:save').click();
  await expect(page.getByText('The certificate number is 6 to 10 digits.')).toBeVisible();
  await expect(page.getByText(/Not an FAA registration number: NOPE/)).toBeVisible();
  await page.getByTestId('profile:part107Certificate').fill('4012345');
  await page.getByTestId('profile:registrations').fill('FA12345678, FA9XK2M7PQ');
  await page.getByTestId('profile:save').click();
  await expect(page.getByTestId('profile:saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile:part107Certificate')).toHaveValue('4012345');
  await expect(page.getByTestId('profile:registrations')).toHaveValue('FA12345678, FA9XK2M7PQ');
  await expect(page.getByTestId('profile:phoneNumber')).toHaveValue('+1 206 555 0142');
  await noSeriousViolations(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `nothing sticks out sideways at ${size.width}`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/profile-${size.width}.png`, fullPage: true });
  }
});
