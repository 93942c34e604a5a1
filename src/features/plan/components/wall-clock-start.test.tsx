import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ZONE, deriveArea } from '../../../app/plan/derive-plan';
import { timeZoneTable } from '../../../geo/time-zone-at';
import { useLazyModule } from '../../../lib/use-lazy-module';
import { renderWithClient } from '../../../test/render';
import { keepWallClock, useWallClockStart } from '../use-wall-clock-start';
import { usePlan } from '../use-plan';
import { FlightForm } from './flight-form';

const ATLANTA = { kind: 'point' as const, center: [-84.39, 33.75] as [number, number] };

/** The plan page's wiring of the start and the area's zone, without the map: a button stands in for drawing. */
function Harness() {
  const [plan, update] = usePlan();
  useLazyModule(timeZoneTable, plan.area !== null);
  const { timeZone } = deriveArea(plan);
  useWallClockStart(plan.start, timeZone, update);
  return (
    <>
      <FlightForm plan={plan} timeZone={timeZone ?? DEFAULT_ZONE} onChange={update} />
      <button type="button" onClick={() => update({ area: ATLANTA })}>
        Draw at Atlanta
      </button>
    </>
  );
}

describe('the start the pilot typed', () => {
  // First: the zone table is not loaded yet, as when a link is the first page opened.
  it('is not moved when a link opens a plan in its own zone, while and after the zone table loads', async () => {
    expect(timeZoneTable.current()).toBeNull();
    renderWithClient(<Harness />, { route: '/plan?pt=-84.39,33.75&start=2026-07-01T13:00Z' });
    await screen.findByText(/America\/New_York/);
    expect((screen.getByTestId('plan:start') as HTMLInputElement).value).toBe('2026-07-01T09:00');
  });

  it('stays as typed on the wall clock when the first area is drawn in another zone', async () => {
    renderWithClient(<Harness />, { route: '/plan?start=2026-07-01T16:00Z' });
    const start = screen.getByTestId('plan:start') as HTMLInputElement;
    expect(screen.getByText(/America\/Los_Angeles/)).toBeTruthy();
    fireEvent.change(start, { target: { value: '2026-07-01T09:00' } });
    expect(start.value).toBe('2026-07-01T09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Draw at Atlanta' }));
    await screen.findByText(/America\/New_York/);
    expect(start.value).toBe('2026-07-01T09:00');
    expect(screen.getByTestId('plan:times').textContent).toContain('UTC 2026-07-01 13:00');
  });

  it('keeps the wall clock across a change of daylight saving offset between zones', () => {
    expect(keepWallClock('2026-01-15T17:00Z', 'America/Los_Angeles', 'America/New_York')).toBe('2026-01-15T14:00Z');
    expect(keepWallClock('2026-01-15T17:00Z', 'America/Los_Angeles', 'America/Los_Angeles')).toBe('2026-01-15T17:00Z');
  });
});
