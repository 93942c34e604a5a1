import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformOperation } from '../../../../server/contract/operations';
import type { StoredPosition, TelemetryPosition } from '../../../../server/contract/positions';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { statusAnswer } from '../../../test/status-fixture';
import { operation } from '../../operations/test/operation-fixtures';
import { FLIGHT_POLL_MS, useTrack } from '../api/positions';
import { simulatedTrack, TRACK_POINTS } from '../simulate';
import { flightTrack } from '../track';
import { SEND_EVERY_MS } from '../use-simulated-flight';
import { REPLAY_TICK_MS } from './flight-replay';
import { FlightSection } from './flight-section';

const OP = operation();
const at = (s: number) => new Date(Date.parse('2099-07-01T16:10:00.000Z') + s * 1000).toISOString();
const stored = (s: number, lat = 47.575): StoredPosition => ({ operationId: OP.id, time: at(s), latitude: lat, longitude: -122.275, altitude: 120, altitudeReference: 'AGL', speed: 5, receivedDate: at(s + 1) });
const EVENT = {
  id: 'e1', operationId: OP.id, reason: 'OUTSIDE_AREA', detail: '150 m outside the operation area (tolerance 30 m)', createdDate: '2099-07-01T16:11:00.000Z',
  position: { time: '2099-07-01T16:11:00.000Z', latitude: 47.58, longitude: -122.275, altitude: 120, altitudeReference: 'AGL' },
  positionCount: 1, lastPositionTime: '2099-07-01T16:11:00.000Z',
};
const ok = (data: unknown) => json({ statusCode: 200, message: 'success', data });
const page = (positions: StoredPosition[]) => ok({ positions, nextAfter: null });

/** The section as the operation page uses it, with the map's marker and line written out. */
function Harness({ op }: { op: PlatformOperation }) {
  const track = useTrack(op.id);
  const [replayAt, setReplayAt] = useState<number | null>(null);
  const drawn = flightTrack(track.data ?? [], replayAt);
  return (
    <>
      <FlightSection operation={op} track={track} replayAt={replayAt} onReplay={setReplayAt} />
      <output data-testid="marker">{drawn?.marker?.join(',') ?? ''}</output>
      <output data-testid="line">{drawn?.line.length ?? 0}</output>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('flight section: the live track and alerts', () => {
  it('polls only what is new, moves the marker to the last position, and shows alerts with reason and time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let available = [stored(0), stored(2)];
    let served = 0;
    let events: unknown[] = [];
    const f = mockFetch((path) => {
      if (path.endsWith('/positions')) {
        const out = available.slice(served);
        served = available.length;
        return page(out);
      }
      if (path.endsWith('/conformance')) return ok(events);
      return json(statusAnswer({ profile: 'production', kind: 'faa' }));
    });
    renderWithClient(<Harness op={OP} />);
    expect((await screen.findByTestId('flight:last')).textContent).toMatch(/09:10 PDT.*47\.57500, -122\.27500, 120 ft AGL, 5 m\/s/);
    expect(screen.getByTestId('flight:track').textContent).toMatch(/2 positions since .*09:10 PDT/);
    expect(screen.getByTestId('line').textContent).toBe('2');
    expect(screen.queryByTestId('flight:alert')).toBeNull();
    // The drone goes on, and strays: the next poll brings the new positions and the alert.
    available = [...available, stored(4), stored(6, 47.58)];
    events = [EVENT];
    await act(() => vi.advanceTimersByTimeAsync(FLIGHT_POLL_MS));
    expect((await screen.findByTestId('marker')).textContent).toBe('-122.275,47.58');
    expect(screen.getByTestId('line').textContent).toBe('4');
    const alert = within(screen.getByRole('alert')).getByTestId('flight:alert');
    expect(alert.textContent).toMatch(/Left the operation area.*09:11 PDT.*150 m outside/);
    // The second read asked only for positions after the last one held.
    const urls = f.fn.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/positions'));
    expect(urls[0]).toMatch(/\/positions$/);
    expect(urls[1]).toContain(`?after=${encodeURIComponent(at(2))}`);
    // Not a sandbox, and the flight is not over: no simulated drone, no replay.
    expect(screen.queryByTestId('flight:simulate')).toBeNull();
    expect(screen.queryByTestId('flight:replay')).toBeNull();
  });

  it('says when nothing was reported', async () => {
    mockFetch((path) => (path.endsWith('/positions') ? page([]) : path.endsWith('/conformance') ? ok([]) : json(statusAnswer({ profile: 'production', kind: 'faa' }))));
    renderWithClient(<Harness op={OP} />);
    expect(await screen.findByTestId('flight:none')).toBeTruthy();
    expect(screen.getByTestId('marker').textContent).toBe('');
  });
});

describe('flight section: the sandbox flies a simulated drone live', () => {
  it('sends the positions as they fall due, in several batches, never ahead of time, and sums up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const batches: Array<{ sentAt: number; positions: TelemetryPosition[] }> = [];
    const f = mockFetch((path, init) => {
      if (path === '/v1/positions' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { operationId: string; positions: TelemetryPosition[] };
        expect(body.operationId).toBe(OP.id);
        batches.push({ sentAt: Date.now(), positions: body.positions });
        const strays = body.positions.some((p) => p.latitude > 47.578) && !batches.slice(0, -1).some((b) => b.positions.some((p) => p.latitude > 47.578));
        return ok({ accepted: body.positions.length, duplicates: 0, conformance: strays ? [EVENT] : [] });
      }
      if (path.endsWith('/positions')) return page([]);
      if (path.endsWith('/conformance')) return ok([]);
      return json(statusAnswer({ kind: 'sandbox' }));
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithClient(<Harness op={OP} />);
    await user.click(await screen.findByTestId('flight:simulate'));
    expect(await screen.findByText(/Flying: \d+ of 30 positions sent/)).toBeTruthy();
    for (let i = 0; i < 20 && !screen.queryByText(/^Sent /); i++) await act(() => vi.advanceTimersByTimeAsync(SEND_EVERY_MS));
    expect(screen.getByTestId('flight:sent').textContent).toBe(`Sent ${TRACK_POINTS} positions; 1 new alert(s).`);
    const all = batches.flatMap((b) => b.positions);
    expect(all).toHaveLength(TRACK_POINTS);
    expect(new Set(all.map((p) => p.time)).size).toBe(TRACK_POINTS);
    expect(batches.length).toBeGreaterThanOrEqual(10);
    for (const b of batches) for (const p of b.positions) expect(Date.parse(p.time)).toBeLessThanOrEqual(b.sentAt);
    expect(f.callsTo('/v1/positions')).toHaveLength(batches.length);
  });

  it('the simulated track ends at the given time, stays inside the area except one straying leg, below the ceiling', () => {
    const now = new Date('2099-07-01T16:30:00Z');
    const track = simulatedTrack(OP.boundary, 200, now);
    expect(track.at(-1)!.time).toBe(now.toISOString());
    expect(Date.parse(simulatedTrack(OP.boundary, 200, now, true, 1)[0]!.time)).toBe(now.getTime() - (TRACK_POINTS - 1) * 1000);
    const north = 47.578;
    const out = track.filter((p) => p.latitude > north);
    expect(out.length).toBeGreaterThan(0);
    expect(out.length).toBeLessThan(TRACK_POINTS / 5);
    expect(track.every((p) => p.altitude === 160)).toBe(true);
    expect(simulatedTrack(OP.boundary, 200, now, false).every((p) => p.latitude <= north && p.latitude >= 47.572)).toBe(true);
  });
});

describe('flight section: replay of a finished flight', () => {
  const ENDED = operation({ startTime: '2020-07-01T16:00:00.000Z', endTime: '2020-07-01T17:00:00.000Z' });
  const P = [0, 1, 2, 3, 4].map((i) => ({ ...stored(i, 47.573 + i * 0.001), time: `2020-07-01T16:10:0${i}.000Z` }));

  it('moves the marker along the recorded track with the slider and with play/pause', async () => {
    mockFetch((path) => (path.endsWith('/positions') ? page(P) : path.endsWith('/conformance') ? ok([]) : json(statusAnswer({ profile: 'production', kind: 'faa' }))));
    renderWithClient(<Harness op={ENDED} />);
    const replay = await screen.findByTestId('flight:replay');
    const marker = () => screen.getByTestId('marker').textContent;
    expect(marker()).toBe('-122.275,47.577');
    const slider = within(replay).getByRole('slider', { name: 'Replayed moment of the flight' });
    fireEvent.change(slider, { target: { value: '1' } });
    expect(marker()).toBe('-122.275,47.574');
    expect(screen.getByTestId('flight:replay-at').textContent).toMatch(/09:10 PDT.*\(2 of 5\)/);
    expect(slider.getAttribute('aria-valuetext')).toMatch(/09:10 PDT/);
    // The line is the whole recorded track whatever the replayed moment.
    expect(screen.getByTestId('line').textContent).toBe('5');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(replay).getByRole('button', { name: 'Play' }));
    await act(() => vi.advanceTimersByTimeAsync(REPLAY_TICK_MS));
    expect(marker()).toBe('-122.275,47.575');
    fireEvent.click(within(replay).getByRole('button', { name: 'Pause' }));
    await act(() => vi.advanceTimersByTimeAsync(REPLAY_TICK_MS * 3));
    expect(marker()).toBe('-122.275,47.575');
    fireEvent.click(within(replay).getByRole('button', { name: 'Play' }));
    // One tick at a time: React re-renders between ticks, as in a browser.
    for (let i = 0; i < 6; i++) await act(() => vi.advanceTimersByTimeAsync(REPLAY_TICK_MS));
    // Stopped at the end; Play again starts from the beginning.
    expect(marker()).toBe('-122.275,47.577');
    expect(within(replay).getByRole('button', { name: 'Play' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(replay).getByRole('button', { name: 'Play' }));
    expect(marker()).toBe('-122.275,47.573');
  });
});
