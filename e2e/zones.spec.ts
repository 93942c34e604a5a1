/**
 * A pilot's times are the flight's, whatever zone the browser is in: the start is typed and shown on
 * the clocks of the area, named by its zone, with UTC beside it (docs/portal.md, "Times").
 */
import type { Page } from '@playwright/test';
import { given, squareParam } from './driver';
import { expect, test } from './fixtures';

const startField = (page: Page) => page.getByTestId('plan:start');

// The first test meets a fresh service's cold tiles: on a loaded 2-core machine its first map took over 30 s.
test.describe.configure({ timeout: 150_000 });

async function planAt(page: Page, query: string, zone: string): Promise<void> {
  await page.goto(`/plan?${query}&e2e=1`);
  await page.waitForFunction(() => window.__skyplan?.map.loaded() === true, undefined, { timeout: 120_000 });
  // The zone comes from the offline zone table, a chunk loaded once there is an area.
  await expect(page.getByText(`(local time at the area, ${zone})`)).toBeVisible();
}

/** The date of tomorrow on the clocks of `zone`, 'YYYY-MM-DD'. */
function tomorrowIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000));
}

test.describe('a browser in Berlin planning across the spring change in Seattle', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('02:30 on 2027-03-14 is said to be 03:30 PDT, and the next day picked keeps 02:30', async ({ page }) => {
    await planAt(page, squareParam(-122.33, 47.57, 0.003), 'America/Los_Angeles');
    await startField(page).fill('2027-03-14T02:30');
    await expect(startField(page)).toHaveValue('2027-03-14T02:30');
    await expect(page.getByTestId('plan:clock-change')).toHaveText(
      '02:30 does not occur that day in America/Los_Angeles (the clocks go forward): the flight starts at Sun, Mar 14, 03:30 PDT.',
    );
    await expect(page.getByTestId('plan:times')).toContainText('UTC 2027-03-14 10:30');
    await startField(page).fill('2027-03-15T02:30');
    await expect(startField(page)).toHaveValue('2027-03-15T02:30');
    await expect(page.getByTestId('plan:times')).toContainText('UTC 2027-03-15 09:30');
    await expect(page.getByTestId('plan:clock-change')).toHaveCount(0);
  });
});

test.describe('a browser in New York on a phone, planning in Honolulu, Anchorage and Phoenix', () => {
  test.use({ timezoneId: 'America/New_York', viewport: { width: 390, height: 844 } });

  test('each start is on the area\'s own clocks: no daylight saving in Honolulu and Phoenix, two 01:30s in Anchorage', async ({ page }) => {
    const cases = [
      { pt: '-157.86,21.31', zone: 'Pacific/Honolulu', typed: '2027-11-07T01:30', shown: '01:30 HST', utc: 'UTC 2027-11-07 11:30', repeated: false },
      { pt: '-149.9,61.2', zone: 'America/Anchorage', typed: '2027-11-07T01:30', shown: '01:30 AKDT', utc: 'UTC 2027-11-07 09:30', repeated: true },
      { pt: '-112.07,33.45', zone: 'America/Phoenix', typed: '2027-03-14T02:30', shown: '02:30 MST', utc: 'UTC 2027-03-14 09:30', repeated: false },
    ];
    for (const c of cases) {
      await planAt(page, `pt=${c.pt}&r=100`, c.zone);
      await startField(page).scrollIntoViewIfNeeded();
      const box = (await startField(page).boundingBox())!;
      expect(box.x + box.width, `${c.zone}: the start field is within the phone's width`).toBeLessThanOrEqual(390);
      await startField(page).fill(c.typed);
      await expect(startField(page)).toHaveValue(c.typed);
      await expect(page.getByTestId('plan:times')).toContainText(c.shown);
      await expect(page.getByTestId('plan:times')).toContainText(c.utc);
      if (c.repeated) {
        await expect(page.getByTestId('plan:clock-change')).toContainText('01:30 occurs twice that day in America/Anchorage');
        await page.getByRole('button', { name: 'Use AKST instead' }).click();
        await expect(page.getByTestId('plan:times')).toContainText('01:30 AKST');
        await expect(page.getByTestId('plan:times')).toContainText('UTC 2027-11-07 10:30');
      } else await expect(page.getByTestId('plan:clock-change')).toHaveCount(0);
    }
  });
});

test.describe('a browser in Tokyo planning in Seattle', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('the start typed at 09:00 is 09:00 PST on the plan, the operation, its LAANC candidates and the operations list', async ({ page }) => {
    await given.signedIn(page, 'pilot');
    await planAt(page, `${squareParam(-122.33, 47.57, 0.003)}&alt=50`, 'America/Los_Angeles');
    const day = tomorrowIn('America/Los_Angeles');
    await startField(page).fill(`${day}T09:00`);
    await expect(startField(page)).toHaveValue(`${day}T09:00`);
    // Until March 2027 Seattle is on PST (UTC-8); the browser's +9 plays no part.
    await expect(page.getByTestId('plan:times')).toContainText(`UTC ${day} 17:00–18:00`);
    await expect(page.getByTestId('plan:times')).toContainText('09:00 PST');

    const form = page.getByTestId('plan:create-operation');
    await form.getByLabel('Operation name').fill('Tokyo office plans Seattle');
    await form.getByLabel('Phone').fill('+1 206 555 0100');
    await form.getByRole('button', { name: 'Create operation and request LAANC' }).click();
    await expect(page).toHaveURL(/\/operations\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('operation:when')).toContainText('09:00–10:00 PST (17:00–18:00 UTC)');
    await expect(page.getByTestId('operation:details')).toContainText('America/Los_Angeles');
    // The LAANC candidates (folded under the decision): every window on the area's clocks.
    await page.getByTestId('laanc:candidates').locator('summary').click();
    await expect(page.getByText(/09:00–10:00 PST \(17:00–18:00 UTC\) · /).first()).toBeVisible();

    // Editing on a phone: each date and time is whole (two in a row cut both to "'2027, 02:30 AM").
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('operation:edit').click();
    const edit = page.getByTestId('operation:edit-form');
    for (const label of ['Start (America/Los_Angeles)', 'End (America/Los_Angeles)']) {
      await expect(edit.getByLabel(label)).toHaveValue(new RegExp(`^${day}T(09|10):00$`));
      const box = (await edit.getByLabel(label).boundingBox())!;
      expect(box.width, `${label}: the field takes the form's width`).toBeGreaterThan(300);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/operations?q=Tokyo%20office');
    await expect(page.getByTestId('operations:row').first()).toContainText('09:00–10:00 PST (17:00–18:00 UTC)');
  });
});
