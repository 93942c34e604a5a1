/**
 * The top navigation at desktop and phone sizes: every item is on screen in full, none is cut or
 * hidden behind a sideways scroll, and the bar never makes the page scroll sideways. Screenshots in
 * test-results/screenshots (top-nav-<who>-<width>.png).
 */
import { given, type Who } from './driver';
import { expect, test } from './fixtures';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

// The two longest navigations: an operator (Review, Members) and the sandbox FAA (Review, FAA console).
const CASES: Array<{ who: Who; items: string[] }> = [
  { who: 'operator', items: ['Plan', 'Operations', 'Review', 'Settings', 'Members'] },
  { who: 'faa', items: ['Plan', 'Operations', 'Review', 'Settings', 'FAA console'] },
];

for (const { who, items } of CASES) {
  test(`every item of the ${who}'s top navigation is on screen at desktop and phone sizes`, async ({ page }) => {
    await given.signedIn(page, who);
    await page.goto('/operations');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(items);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const name of items) await expect(nav.getByRole('link', { name, exact: true }), `${name} at ${size.width}`).toBeInViewport({ ratio: 1 });
      const overflow = await nav.evaluate((el) => ({ nav: el.scrollWidth - el.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth }));
      expect(overflow, `at ${size.width}: nothing of the bar is scrolled out of sight, the page does not scroll sideways`).toEqual({ nav: 0, page: 0 });
      // The account's name and Sign out read whole, on one line each ("Olivia Oper…" and a two-line
      // Sign out before, at 390 px).
      const account = await page.getByTestId('account').evaluate((el) =>
        [...el.querySelectorAll<HTMLElement>('[data-testid="account:name"], button')].filter((e) => e.matches('[data-testid="account:name"]') || e.innerText.trim() === 'Sign out').map((e) => {
          const range = document.createRange();
          range.selectNodeContents(e);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top))).size;
          // What the line shows: on a phone the name's first word (generated text), else its text.
          const short = getComputedStyle(e, '::before').content.match(/^"([^"]*)"/)?.[1];
          return { text: short ?? e.innerText.trim(), cut: e.scrollWidth > e.clientWidth, lines };
        }),
      );
      for (const a of account) expect(a, `${a.text} at ${size.width}`).toMatchObject({ cut: false, lines: 1 });
      const name = who === 'faa' ? 'Sandbox FAA' : 'Olivia Operator';
      expect(account.map((a) => a.text), `at ${size.width}`).toEqual([size.width < 760 ? name.split(' ')[0] : name, 'Sign out']);
      await page.screenshot({ path: `test-results/screenshots/top-nav-${who}-${size.width}.png` });
    }
    // Reachable means usable: the last item works by tap on a phone.
    await nav.getByRole('link', { name: items.at(-1)!, exact: true }).click();
    await expect(page).toHaveURL(who === 'faa' ? /\/sandbox$/ : /\/members$/);
  });
}
