/**
 * Setup for component tests (jsdom). No jest-dom: tests assert with plain expect on the DOM.
 * Each test starts with clean storage, no leftover fetch stub, and an unmounted tree.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSettings } from '../lib/settings';

// findBy*/waitFor wait for what a loaded 2-core CI machine needs, not the 1 s default: a slower
// render must not read as a failure (the assertions are unchanged, only the patience).
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; the theme reads prefers-color-scheme through it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  resetSettings();
});
