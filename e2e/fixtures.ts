/**
 * The test object every spec uses: it collects console errors and page errors and fails the test
 * if any appeared (house style: a check that the console shows no errors). A test that provokes an
 * error on purpose (a wrong password answered 401) says so with `browserConsole.allow(/…/)`.
 */
import { test as base, expect } from '@playwright/test';
import { ONLINE_MAP_HOSTS } from './online-maps';

interface BrowserConsole {
  errors: string[];
  allow(pattern: RegExp): void;
}

export const test = base.extend<{ browserConsole: BrowserConsole }>({
  browserConsole: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // The online maps' hosts cannot be reached here, as on a machine without a network: the portal
      // falls back to the offline map (e2e/online-maps.spec.ts serves them from fixtures instead).
      const allowed: RegExp[] = [/^Failed to load resource: .*\(https:\/\/(tiles\.openfreemap\.org|basemap\.nationalmap\.gov)\//];
      await page.route(ONLINE_MAP_HOSTS, (route) => route.abort('internetdisconnected'));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      await use({ errors, allow: (p) => allowed.push(p) });
      expect(
        errors.filter((e) => !allowed.some((p) => p.test(e))),
        'the browser console shows no errors',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
