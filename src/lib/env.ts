/**
 * End-to-end test mode. `?e2e=1` on any page turns it on for the tab (kept in sessionStorage so
 * client-side navigation keeps it): the map keeps its drawing buffer so Playwright can sample
 * pixels, and the draw adapter exposes its features on `window.__skyplan`.
 */
const KEY = 'skyplan.e2e';

export function isE2E(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    if (new URLSearchParams(window.location.search).get('e2e') === '1') {
      window.sessionStorage.setItem(KEY, '1');
      return true;
    }
    return window.sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
