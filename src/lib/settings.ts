/**
 * The person's settings: theme, altitude units for new plans, and which deployment the portal talks to.
 * Theme, base URL and client id persist in localStorage. The client secret and any access token
 * are kept in memory only (domain.md: keep bearer tokens out of localStorage), so after a reload a
 * person using another deployment types the secret again.
 */
import { useSyncExternalStore } from 'react';

export type ThemeSetting = 'system' | 'light' | 'dark';

/** null: this deployment, same origin, signed-in session cookie. */
export interface RemoteConnection {
  baseUrl: string;
  clientId: string;
}

export type UnitsSetting = 'ft' | 'm';

/**
 * The map under the airspace: `streets` the street map the service offers (OpenFreeMap by default;
 * where it offers none, its own styles), `aerial` its aerial imagery, `offline` the service's offline
 * basemap, `custom` the MapLibre style at basemapUrl. A new person starts on streets; with no network
 * the map falls back to the offline one by itself (src/map/map-controller.ts).
 */
export type BasemapSetting = 'streets' | 'aerial' | 'offline' | 'custom';

export interface Settings {
  theme: ThemeSetting;
  /** Altitude unit a new plan starts in (a plan's link keeps its own). */
  units: UnitsSetting;
  remote: RemoteConnection | null;
  basemap: BasemapSetting;
  /** The style URL of the `custom` basemap (kept when another choice is made, for switching back). */
  basemapUrl: string;
}

const KEY = 'skyplan.settings';
const DEFAULTS: Settings = { theme: 'system', units: 'ft', remote: null, basemap: 'streets', basemapUrl: '' };

let current: Settings = load();
let clientSecret = '';
const listeners = new Set<() => void>();

function load(): Settings {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
    if (!raw) return DEFAULTS;
    const v = JSON.parse(raw) as Partial<Settings>;
    const theme = v.theme === 'light' || v.theme === 'dark' ? v.theme : 'system';
    const r = v.remote;
    const remote = r && typeof r.baseUrl === 'string' && typeof r.clientId === 'string' ? { baseUrl: r.baseUrl, clientId: r.clientId } : null;
    const units = v.units === 'm' ? 'm' : 'ft';
    // 'deployment' (before the street and aerial maps) was the service's choice: its street map now.
    const basemap = v.basemap === 'offline' || v.basemap === 'custom' || v.basemap === 'aerial' ? v.basemap : 'streets';
    const basemapUrl = typeof v.basemapUrl === 'string' ? v.basemapUrl : '';
    return { theme, units, remote, basemap, basemapUrl };
  } catch {
    return DEFAULTS;
  }
}

export function getSettings(): Settings {
  return current;
}

export function getClientSecret(): string {
  return clientSecret;
}

export function updateSettings(patch: Partial<Settings>, secret?: string): void {
  current = { ...current, ...patch };
  if (secret !== undefined) clientSecret = secret;
  if (current.remote === null) clientSecret = '';
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Private mode or full storage: the setting still holds for this tab.
  }
  for (const l of listeners) l();
}

/** For tests: back to defaults without touching storage. */
export function resetSettings(): void {
  current = DEFAULTS;
  clientSecret = '';
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}
