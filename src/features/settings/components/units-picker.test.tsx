import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSettings, resetSettings } from '../../../lib/settings';
import { UnitsPicker } from './units-picker';

afterEach(() => {
  resetSettings();
  localStorage.clear();
});

describe('UnitsPicker', () => {
  it('starts on feet and stores metres when chosen', () => {
    render(<UnitsPicker />);
    expect((screen.getByRole('radio', { name: 'Feet' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Metres' }));
    expect(getSettings().units).toBe('m');
    expect(JSON.parse(localStorage.getItem('skyplan.settings')!).units).toBe('m');
  });
});
