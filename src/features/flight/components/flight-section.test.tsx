import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { statusAnswer } from '../../../test/status-fixture';
import { operation } from '../../operations/test/operation-fixtures';
import { simulatedTrack, TRACK_POINTS } from '../simulate';
import { FlightSection } from './flight-section';

const OP = operation();
const LAST = { operationId: OP.id, time: '2099-07-01T16:10:00.000Z', latitude: 47.575, longitude: -122.275, altitude: 120, altitudeReference: 'AGL', speed: 5, receivedDate: '2099-07-01T16:10:01.000Z' };
const EVENT = {
  id: 'e1', operationId: OP.id, reason: 'OUTSIDE_AREA', detail: '150 m outside the operation area (tolerance 30 m)', createdDate: '2099-07-01T16:11:00.000Z',
  position: { time: '2099-07-01T16:11:00.000Z', latitude: 47.58, longitude: -122.275, altitude: 120, altitudeReference: 'AGL' },
};
const ok = (data: unknown) => json({ statusCode: 200, message: 'success', data });

describe('flight section', () => {
  it('shows the last position in the area’s time and the conformance alerts', async () => {
    mockFetch((path) => (path.endsWith('/positions/last') ? ok(LAST) : path.endsWith('/conformance') ? ok([EVENT]) : json(statusAnswer({ profile: 'production', kind: 'faa' }))));
    renderWithClient(<FlightSection operation={OP} />);
    expect((await screen.findByTestId('flight:last')).textContent).toMatch(/09:10 PDT.*47\.57500, -122\.27500, 120 ft AGL, 5 m\/s/);
    const alerts = await screen.findByRole('alert');
    expect(within(alerts).getByTestId('flight:alert').textContent).toMatch(/Left the operation area.*150 m outside/);
    // Not a sandbox: no simulated drone.
    expect(screen.queryByTestId('flight:simulate')).toBeNull();
  });

  it('says when nothing was reported, and in the sandbox flies a simulated drone', async () => {
    const f = mockFetch((path, init) => {
      if (path === '/v1/positions' && init.method === 'POST') return ok({ accepted: TRACK_POINTS, duplicates: 0, conformance: [EVENT] });
      if (path.endsWith('/positions/last')) return ok(null);
      if (path.endsWith('/conformance')) return ok([]);
      return json(statusAnswer({ kind: 'sandbox' }));
    });
    renderWithClient(<FlightSection operation={OP} />);
    expect(await screen.findByTestId('flight:none')).toBeTruthy();
    await userEvent.click(await screen.findByTestId('flight:simulate'));
    expect((await screen.findByTestId('flight:sent')).textContent).toBe(`Sent ${TRACK_POINTS} positions; 1 new alert(s).`);
    const body = JSON.parse(String(f.callsTo('/v1/positions')[0]![1]!.body)) as { operationId: string; positions: unknown[] };
    expect(body.operationId).toBe(OP.id);
    expect(body.positions).toHaveLength(TRACK_POINTS);
  });

  it('the simulated track ends now, stays inside the area except one straying leg, below the ceiling', () => {
    const now = new Date('2099-07-01T16:30:00Z');
    const track = simulatedTrack(OP.boundary, 200, now);
    expect(track.at(-1)!.time).toBe(now.toISOString());
    const north = 47.578;
    const out = track.filter((p) => p.latitude > north);
    expect(out.length).toBeGreaterThan(0);
    expect(out.length).toBeLessThan(TRACK_POINTS / 5);
    expect(track.every((p) => p.altitude === 160)).toBe(true);
    expect(simulatedTrack(OP.boundary, 200, now, false).every((p) => p.latitude <= north && p.latitude >= 47.572)).toBe(true);
  });
});
