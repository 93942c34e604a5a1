import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Position } from '../../../geo/types';
import type { RouteShapes } from '../../../map/route-layer';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { RoutePanel } from './route-panel';

const PATH = '/v2/route';
const WINDOW = { startTime: '2099-07-01T16:00:00Z', endTime: '2099-07-01T17:00:00Z' };
const START: Position = [-122.73, 47.685];
const END: Position = [-122.73, 47.785];
const ROUTE = [START, [-122.79, 47.7], [-122.79, 47.77], END];
const ANSWER = {
  statusCode: 200,
  message: 'OK',
  data: {
    type: 'Feature',
    geometry: { type: 'LineString', coordinates: ROUTE },
    properties: {
      distanceM: 14_903,
      cells: 140,
      resolution: 10,
      status: 'NOTICE_STATUS_CAUTION',
      authorizationType: 'AUTHORIZATION_TYPE_LAANC',
      laancFacilities: ['SEA'],
      notices: [{ dataSource: 'NOTICE_DATA_SOURCE_UASFM_CEILING', title: 'Facility map SEA: ceiling 400 ft AGL' }],
    },
  },
};

function setup(answer: () => Response, drawnLine: Position[] | null = null) {
  const api = mockFetch(answer);
  let pickDone: ((p: [number, number]) => void) | null = null;
  const onPickPoint = vi.fn((done: ((p: [number, number]) => void) | null) => (pickDone = done));
  const onShow = vi.fn<(s: RouteShapes | null) => void>();
  const onAccept = vi.fn<(line: Position[]) => void>();
  const onAltitude = vi.fn<(v: number) => void>();
  const { rerender } = renderWithClient(<RoutePanel drawnLine={drawnLine} altitude={200} unit="ft" onAltitude={onAltitude} pathWidthM={60.96} window={WINDOW} blockedText={null} onPickPoint={onPickPoint} onShow={onShow} onAccept={onAccept} />);
  const pickOnMap = (which: 'start' | 'end', at: [number, number]) => {
    fireEvent.click(screen.getByTestId(`route:pick-${which}`));
    expect(screen.getByRole('status').textContent).toMatch(`Click or tap the map to set the ${which}`);
    act(() => pickDone!(at));
  };
  // The altitude is the plan's: the page passes back what the field set.
  const setAltitude = (v: number) => rerender(<RoutePanel drawnLine={drawnLine} altitude={v} unit="ft" onAltitude={onAltitude} pathWidthM={60.96} window={WINDOW} blockedText={null} onPickPoint={onPickPoint} onShow={onShow} onAccept={onAccept} />);
  return { api, onShow, onAccept, onAltitude, setAltitude, pickOnMap };
}

describe('RoutePanel', () => {
  it('asks for a route between the points picked on the map, shows it with its length and LAANC needs, and hands it to the plan', async () => {
    const { api, onShow, onAccept, onAltitude, setAltitude, pickOnMap } = setup(() => json(ANSWER));
    expect(screen.getByTestId('route:ask')).toHaveProperty('disabled', true);
    pickOnMap('start', [START[0] + 1e-8, START[1]]);
    pickOnMap('end', END);
    expect(screen.getByTestId('route:start').textContent).toBe('47.68500, -122.73000');
    fireEvent.change(screen.getByTestId('route:altitude'), { target: { value: '150' } });
    expect(onAltitude).toHaveBeenCalledWith(150);
    setAltitude(150);
    fireEvent.click(screen.getByTestId('route:allow-controlled'));
    fireEvent.click(screen.getByTestId('route:ask'));

    const result = await screen.findByTestId('route:result');
    expect(JSON.parse(String(api.callsTo(PATH)[0]![1]!.body))).toEqual({ geometry: { type: 'LineString', coordinates: [START, END] }, maxAltitude: 150, allowControlledAirspace: true, ...WINDOW });
    expect(within(result).getByTestId('route:distance').textContent).toBe('14.9 km (8.0 NM)');
    expect(within(result).getByTestId('route:status').textContent).toBe('Caution');
    expect(within(result).getByTestId('route:laanc').textContent).toBe('Needs LAANC authorization from SEA.');
    expect(within(result).getByTestId('route:notices').textContent).toMatch(/UAS facility map ceiling: Facility map SEA: ceiling 400 ft AGL/);
    // The map gets the suggested line and the two points.
    expect(within(result).getByTestId('route:width-note').textContent).toBe(
      'The route keeps 164 ft clear of what it may not enter on each side. As the flight’s path it is 200 ft wide, within that clearance; read its briefing after you use it, which judges the whole width.',
    );
    expect(onShow).toHaveBeenLastCalledWith({ line: ROUTE, points: [{ role: 'start', at: START }, { role: 'end', at: END }] });

    fireEvent.click(screen.getByTestId('route:accept'));
    expect(onAccept).toHaveBeenCalledWith(ROUTE);
    expect(screen.getByTestId('route:accepted').textContent).toMatch(/now the flight’s path/);
    await waitFor(() => expect(screen.queryByTestId('route:result')).toBeNull());
  });

  it('says in words what blocks the route when the service finds none (422)', async () => {
    const { pickOnMap } = setup(() =>
      json(
        {
          statusCode: 422,
          message: 'position 0 of the route lies in Facility map BFI: ceiling 0 ft AGL (uasfm:BFI:47.4667:-122.3333), which the route may not enter',
          details: { blockers: [{ id: 'uasfm:BFI:47.4667:-122.3333', name: 'Facility map BFI: ceiling 0 ft AGL', kind: 'controlled' }] },
        },
        422,
      ),
    );
    pickOnMap('start', [-122.31, 47.5]);
    pickOnMap('end', [-122.28, 47.5]);
    fireEvent.click(screen.getByTestId('route:ask'));
    const refused = await screen.findByTestId('route:refused');
    expect(refused.textContent).toMatch(/No legal route.*position 0 of the route lies in Facility map BFI/);
    expect(within(refused).getByTestId('route:blockers').textContent).toMatch(/Facility map BFI: ceiling 0 ft AGL: controlled airspace/);
    expect(refused.textContent).toMatch(/allow controlled airspace/);
    expect(screen.queryByTestId('route:accept')).toBeNull();
  });

  it('takes the drawn path’s ends as start and end and its middle points as vias', async () => {
    const line: Position[] = [START, [-122.75, 47.73], END];
    const { api } = setup(() => json(ANSWER), line);
    fireEvent.click(screen.getByTestId('route:from-path'));
    expect(screen.getByText('1 via point from the drawn path.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('route:ask'));
    await screen.findByTestId('route:result');
    expect(JSON.parse(String(api.callsTo(PATH)[0]![1]!.body)).geometry.coordinates).toEqual(line);
  });
});
