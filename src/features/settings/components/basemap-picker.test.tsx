import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSettings, resetSettings } from '../../../lib/settings';
import { BasemapPicker } from './basemap-picker';

afterEach(() => {
  resetSettings();
  localStorage.clear();
});

describe('BasemapPicker', () => {
  it('starts on the deployment choice and stores the offline map when chosen', () => {
    render(<BasemapPicker />);
    expect((screen.getByRole('radio', { name: /As this deployment sets it/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Offline map/ }));
    expect(getSettings().basemap).toBe('offline');
    expect(JSON.parse(localStorage.getItem('skyplan.settings')!).basemap).toBe('offline');
  });

  it('keeps a custom style URL only when it is an http(s) address, and says why not', () => {
    render(<BasemapPicker />);
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
