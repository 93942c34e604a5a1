/**
 * The theme in effect: the person's setting, or the system's preference when the setting is
 * "system". It is written to <html data-theme> so the CSS variables follow it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getSettings, useSettings, type ThemeSetting } from './settings';

export type Theme = 'light' | 'dark';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(cb: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;
}

export function useTheme(): Theme {
  const { theme } = useSettings();
  const dark = useSyncExternalStore(subscribe, systemPrefersDark, () => false);
  return themeOf(theme, dark);
}

/** The theme in effect now, outside React (what useTheme gives on the first render). */
export function currentTheme(): Theme {
  return themeOf(getSettings().theme, systemPrefersDark());
}

function themeOf(setting: ThemeSetting, systemDark: boolean): Theme {
  return setting === 'system' ? (systemDark ? 'dark' : 'light') : setting;
}

/** Keeps <html data-theme> in step; mount once, in the app shell. */
export function useApplyTheme(): Theme {
  const theme = useTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return theme;
}
