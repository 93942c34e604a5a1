import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { DEFAULT_PLAN, type Plan } from '../plan-params';
import { FlightForm } from './flight-form';

const plan: Plan = { ...DEFAULT_PLAN, area: { kind: 'point', center: [-74.01, 40.7] }, start: '2027-07-01T13:00Z', durationMin: 60 };

describe("the start while the area's zone is not known", () => {
  it('cannot be typed on a guessed zone: the field waits, says why, and shows the flight in UTC only', () => {
    renderWithClient(<FlightForm plan={plan} timeZone="America/Los_Angeles" zonePending onChange={() => undefined} />);
    const field = screen.getByTestId('plan:start') as HTMLInputElement;
    expect(field.disabled).toBe(true);
    expect(field.value).toBe('');
    expect(screen.getByText('(local time at the area: finding its time zone…)')).toBeTruthy();
    expect(screen.queryByText(/America\/Los_Angeles/)).toBeNull();
    const times = screen.getByTestId('plan:times').textContent ?? '';
    expect(times).toContain('UTC 2027-07-01 13:00–14:00');
    expect(times).not.toMatch(/PDT|PST/);
  });

  it('is typed on the area\'s clocks once the zone is known', () => {
    renderWithClient(<FlightForm plan={plan} timeZone="America/New_York" onChange={() => undefined} />);
    const field = screen.getByTestId('plan:start') as HTMLInputElement;
    expect(field.disabled).toBe(false);
    expect(field.value).toBe('2027-07-01T09:00');
    expect(screen.getByText('(local time at the area, America/New_York)')).toBeTruthy();
    expect(screen.getByTestId('plan:times').textContent).toMatch(/EDT/);
  });
});
