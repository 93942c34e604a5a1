/**
 * The plan page asks for its map's style before the map exists (src/app/first-page.ts): worth it only if
 * it asks for the very URL the map is then created with, for every setting that changes that URL.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { pending, mockFetch } from '../test/fetch-mock';
import { testQueryClient } from '../test/render';
import { resetSettings, updateSettings, type Settings } from '../lib/settings';
import { useTheme } from '../lib/theme';
import { initialStyleUrl, prefetchPlanMap } from './map-prefetch';
import { useMapStyle } from './use-map-style';

afterEach(() => resetSettings());

/** What the page gives the map on its first render: GET /styles has not answered yet. */
function firstStyleUrl(): string {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  const { result } = renderHook(() => useMapStyle(useTheme()), { wrapper });
  return result.current.styleUrl;
}

const SETTINGS: Array<[string, Partial<Settings>]> = [
  ['the defaults', {}],
  ['the dark theme', { theme: 'dark' }],
  ['the offline basemap', { basemap: 'offline' }],
  ['a custom basemap', { basemap: 'custom', basemapUrl: 'https://tiles.example/style.json' }],
  ['another deployment', { remote: { baseUrl: 'https://api.example/', clientId: 'c' } }],
];

describe('the map prefetch', () => {
  it.each(SETTINGS)('asks for the style the map starts with, under %s', (_, patch) => {
    mockFetch((_, init) => pending(init));
    updateSettings(patch);
    expect(initialStyleUrl()).toBe(firstStyleUrl());
  });

  it('gives the URLs their settings call for', () => {
    expect(initialStyleUrl()).toBe(`${window.location.origin}/styles/light/style.json`);
    updateSettings({ theme: 'dark', basemap: 'offline' });
    expect(initialStyleUrl()).toBe(`${window.location.origin}/styles/dark/style.json?basemap=offline`);
  });

  it('fetches the style and MapLibre worker as MapLibre will (same origin credentials), and reads them', async () => {
    const read: string[] = [];
    const { fn } = mockFetch((path) => {
      const body = new Response('{}');
      const original = body.arrayBuffer.bind(body);
      body.arrayBuffer = () => (read.push(path), original());
      return body;
    });
    prefetchPlanMap();
    const urls = fn.mock.calls.map(([u]) => String(u));
    expect(urls[0]).toBe(`${window.location.origin}/styles/light/style.json`);
    expect(urls[1]).toMatch(/maplibre-gl-worker/);
    for (const [, init] of fn.mock.calls) expect(init?.credentials).toBe('same-origin');
    await expect.poll(() => read.length).toBe(2);
  });

  it('swallows a failed request: the map asks again and reports its own errors', async () => {
    const { fn } = mockFetch(() => Promise.reject(new TypeError('offline')));
    expect(() => prefetchPlanMap()).not.toThrow();
    expect(fn).toHaveBeenCalledTimes(2);
    await new Promise((r) => setTimeout(r, 0)); // an unhandled rejection would fail the run
  });
});
