import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSettings, resetSettings } from '../../../lib/settings';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { BasemapPicker } from './basemap-picker';

afterEach(() => {
  resetSettings();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const MAPS = {
  styles: ['light', 'dark'],
  basemap: 'offline',
  styleUrl: null,
  maps: {
    streets: { styleUrl: 'https://tiles.openfreemap.org/styles/liberty', attribution: '© OpenStreetMap contributors, © OpenMapTiles' },
    aerial: { tilesUrl: 'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}', attribution: 'U.S. Geological Survey', maxZoom: 16 },
  },
};

describe('BasemapPicker', () => {
  it('offers the three maps, starts on streets, and says which host each one reveals the viewed area to', async () => {
    mockFetch((path) => (path === '/styles' ? json(MAPS) : json({}, 404)));
    renderWithClient(<BasemapPicker />);
    const streets = (await screen.findByRole('radio', { name: /Streets and buildings/ })) as HTMLInputElement;
    expect(streets.checked).toBe(true);
    expect(streets.closest('label')!.textContent).toContain('Fetched from tiles.openfreemap.org, which sees the area you view');
    expect(screen.getByRole('radio', { name: /Aerial imagery/ }).closest('label')!.textContent).toContain('Fetched from basemap.nationalmap.gov');
    expect(screen.getByRole('radio', { name: /Offline map/ }).closest('label')!.textContent).toContain('no other host sees where you look');
    fireEvent.click(screen.getByRole('radio', { name: /Aerial imagery/ }));
    expect(getSettings().basemap).toBe('aerial');
    fireEvent.click(screen.getByRole('radio', { name: /Offline map/ }));
    expect(JSON.parse(localStorage.getItem('skyplan.settings')!).basemap).toBe('offline');
  });

  it('offers only the offline map and a custom style where the service offers no online map', async () => {
    mockFetch((path) => (path === '/styles' ? json({ ...MAPS, maps: { streets: null, aerial: null } }) : json({}, 404)));
    renderWithClient(<BasemapPicker />);
    await screen.findByRole('radio', { name: /Offline map/ });
    expect(screen.queryByRole('radio', { name: /Streets and buildings/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /Aerial imagery/ })).toBeNull();
  });

  it('keeps a custom style URL only when it is an http(s) address, and says why not', () => {
    mockFetch(() => json({}, 404));
    renderWithClient(<BasemapPicker />);
    fireEvent.click(screen.getByRole('radio', { name: /Another map style/ }));
    const input = screen.getByLabelText('Style URL');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this style' }));
    expect(screen.getByText(/Enter an address starting with https:\/\//)).toBeTruthy();
    expect(getSettings().basemapUrl).toBe('');
    fireEvent.change(input, { target: { value: 'https://tiles.example/style.json' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this style' }));
    expect(getSettings()).toMatchObject({ basemap: 'custom', basemapUrl: 'https://tiles.example/style.json' });
  });
});
