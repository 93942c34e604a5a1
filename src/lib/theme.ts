/**
 * The theme in effect: the person's setting, or the system's preference when the setting is
 * "system". It is written to <html data-theme> so the CSS variables follow it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useSettings } from './settings';

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
  return theme === 'system' ? (dark ? 'dark' : 'light') : theme;
}

/** Keeps <html data-theme> in step; mount once, in the app shell. */
export function useApplyTheme(): Theme {
  const theme = useTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return theme;
}
