/**
 * The test object every spec uses: it collects console errors and page errors and fails the test
 * if any appeared (house style: a check that the console shows no errors). A test that provokes an
 * error on purpose (a wrong password answered 401) says so with `browserConsole.allow(/…/)`.
 */
import { test as base, expect } from '@playwright/test';

interface BrowserConsole {
  errors: string[];
  allow(pattern: RegExp): void;
}

export const test = base.extend<{ browserConsole: BrowserConsole }>({
  browserConsole: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
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
