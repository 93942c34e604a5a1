// @isolated-modules: the first test reads the zone table before any file has loaded it.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  const zoneMove = useWallClockStart(plan.start, timeZone, update);
  return (
    <>
      <FlightForm plan={plan} timeZone={timeZone ?? DEFAULT_ZONE} zoneMove={zoneMove} onChange={update} />
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
    await screen.findByText('(local time at the area, America/New_York)');
    expect((screen.getByTestId('plan:start') as HTMLInputElement).value).toBe('2026-07-01T09:00');
  });

  it('stays as typed on the wall clock when the first area is drawn in another zone', async () => {
    renderWithClient(<Harness />, { route: '/plan?start=2026-07-01T16:00Z' });
    const start = screen.getByTestId('plan:start') as HTMLInputElement;
    expect(screen.getByText(/America\/Los_Angeles/)).toBeTruthy();
    fireEvent.change(start, { target: { value: '2026-07-01T09:00' } });
    expect(start.value).toBe('2026-07-01T09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Draw at Atlanta' }));
    await screen.findByText('(local time at the area, America/New_York)');
    expect(start.value).toBe('2026-07-01T09:00');
    expect(screen.getByTestId('plan:times').textContent).toContain('UTC 2026-07-01 13:00');
    // Said, not silent: the instant moved three hours.
    expect(screen.getByTestId('plan:zone-moved').textContent).toBe(
      'The area is in America/New_York: the start stays 09:00 on its clocks (it was typed for America/Los_Angeles).',
    );
    fireEvent.change(start, { target: { value: '2026-07-01T10:00' } });
    expect(screen.queryByTestId('plan:zone-moved')).toBeNull();
  });

  it('keeps the wall clock across a change of daylight saving offset between zones', () => {
    expect(keepWallClock('2026-01-15T17:00Z', 'America/Los_Angeles', 'America/New_York')).toBe('2026-01-15T14:00Z');
    expect(keepWallClock('2026-01-15T17:00Z', 'America/Los_Angeles', 'America/Los_Angeles')).toBe('2026-01-15T17:00Z');
  });
});

describe('the start the page chose', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps its instant when the first area is drawn in another zone: the next quarter hour is soon everywhere', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-01T16:02:00Z')); // 09:02 in Los Angeles, 12:02 in Atlanta
    renderWithClient(<Harness />, { route: '/plan' });
    const start = (await screen.findByTestId('plan:start')) as HTMLInputElement;
    await waitFor(() => expect(start.value).toBe('2026-07-01T09:15'));
    fireEvent.click(screen.getByRole('button', { name: 'Draw at Atlanta' }));
    await screen.findByText('(local time at the area, America/New_York)');
    // Kept on the wall clock it was 09:15 in Atlanta: three hours in the past.
    expect(start.value).toBe('2026-07-01T12:15');
    expect(screen.getByTestId('plan:times').textContent).toContain('UTC 2026-07-01 16:15');
    expect(screen.queryByTestId('plan:zone-moved')).toBeNull();
  });
});

describe('a start where the clocks change (America/Los_Angeles, 2027)', () => {
  it('in the skipped hour: says when the flight starts, and the field keeps what was typed for the next date picked', () => {
    renderWithClient(<Harness />, { route: '/plan?start=2027-03-13T10:30Z' });
    const start = screen.getByTestId('plan:start') as HTMLInputElement;
    expect(start.value).toBe('2027-03-13T02:30');
    fireEvent.change(start, { target: { value: '2027-03-14T02:30' } });
    expect(start.value).toBe('2027-03-14T02:30');
    expect(screen.getByTestId('plan:clock-change').textContent).toBe(
      '02:30 does not occur that day in America/Los_Angeles (the clocks go forward): the flight starts at Sun, Mar 14, 03:30 PDT.',
    );
    expect(screen.getByTestId('plan:times').textContent).toContain('UTC 2027-03-14 10:30');
    // The next day picked keeps 02:30: before, the field showed 03:30 and the 15th became 03:30 too.
    fireEvent.change(start, { target: { value: '2027-03-15T02:30' } });
    expect(start.value).toBe('2027-03-15T02:30');
    expect(screen.getByTestId('plan:times').textContent).toContain('UTC 2027-03-15 09:30');
    expect(screen.queryByTestId('plan:clock-change')).toBeNull();
  });

  it('in the repeated hour: says which of the two it is, and offers the other', () => {
    renderWithClient(<Harness />, { route: '/plan?start=2027-11-06T08:30Z' });
    const start = screen.getByTestId('plan:start') as HTMLInputElement;
    fireEvent.change(start, { target: { value: '2027-11-07T01:30' } });
    const note = screen.getByTestId('plan:clock-change');
    expect(note.textContent).toContain('01:30 occurs twice that day in America/Los_Angeles (the clocks go back): this is Sun, Nov 7, 01:30 PDT.');
    expect(screen.getByTestId('plan:times').textContent).toContain('UTC 2027-11-07 08:30');
    fireEvent.click(screen.getByRole('button', { name: 'Use PST instead' }));
    expect(start.value).toBe('2027-11-07T01:30');
    expect(screen.getByTestId('plan:times').textContent).toContain('UTC 2027-11-07 09:30');
    expect(screen.getByTestId('plan:clock-change').textContent).toContain('this is Sun, Nov 7, 01:30 PST.');
    fireEvent.click(screen.getByRole('button', { name: 'Use PDT instead' }));
    expect(screen.getByTestId('plan:times').textContent).toContain('UTC 2027-11-07 08:30');
  });
});
