import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PolygonGeometry } from '../../../geo/types';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { GroundRiskPanel } from './ground-risk-panel';

const PATH = '/v2/groundType';
// About 0.2 sq mi south of Boeing Field.
const BOUNDARY: PolygonGeometry = { type: 'Polygon', coordinates: [[[-122.31, 47.52], [-122.302, 47.52], [-122.302, 47.528], [-122.31, 47.528], [-122.31, 47.52]]] };
const HEX = { type: 'Polygon', coordinates: [[[-122.31, 47.52], [-122.309, 47.52], [-122.309, 47.521], [-122.31, 47.52]]] };
const cell = (id: string, density: string, popPerSqKm: number) => ({ type: 'Feature', id, geometry: HEX, properties: { density, popPerSqKm } });
const ANSWER = { statusCode: 200, message: 'success', data: [cell('a', 'Suburban', 1500), cell('b', 'Suburban', 1800), cell('c', 'Urban', 3200), cell('d', 'Rural', 20)] };

function renderPanel(props: Partial<Parameters<typeof GroundRiskPanel>[0]> = {}) {
  const onHexes = vi.fn();
  const view = renderWithClient(<GroundRiskPanel boundary={BOUNDARY} blockedText={null} onHexes={onHexes} {...props} />);
  return { ...view, onHexes };
}

describe('GroundRiskPanel', () => {
  it('asks nothing while there is no area, and says why', async () => {
    const api = mockFetch(() => json(ANSWER));
    renderPanel({ boundary: null, blockedText: 'Draw an area on the map, or type or paste one, first.' });
    expect(screen.getByTestId('ground-risk:blocked').textContent).toMatch(/Draw an area/);
    await new Promise((r) => setTimeout(r, 500));
    expect(api.callsTo(PATH)).toHaveLength(0);
  });

  it('shows a loading state while the cells are on their way', async () => {
    mockFetch((_, init) => pending(init));
    renderPanel();
    expect((await screen.findByTestId('ground-risk:loading')).getAttribute('aria-busy')).toBe('true');
  });

  it('asks at a resolution fit for the area, charts the shares and draws the hexagons', async () => {
    const api = mockFetch(() => json(ANSWER));
    const { onHexes } = renderPanel();
    await screen.findByTestId('ground-risk:result', {}, { timeout: 2000 });
    expect(JSON.parse(String(api.callsTo(PATH)[0]![1]!.body))).toEqual({ geometry: BOUNDARY, resolution: 11 });
    expect(screen.getByTestId('ground-risk:summary').textContent).toBe('The model puts most of the area in the Suburban class, up to about 3,200 people per km².');
    expect(screen.getByTestId('ground-risk:caveat').textContent).toMatch(/Modelled from the populations of nearby cities and towns/);
    expect(screen.getByTestId('ground-risk').textContent).not.toMatch(/H3|resolution/);
    const rows = screen.getByRole('list', { name: 'Share of the area by population density' }).querySelectorAll('li');
    expect(Array.from(rows, (r) => r.textContent)).toEqual(['None0 %', 'Sparsely Populated0 %', 'Ruralabout 30 %', 'Suburbanabout 50 %', 'Urbanabout 30 %', 'Dense Urban0 %']);
    // Off until asked for: the hexagons would hide the facility-map ceilings.
    expect(onHexes).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'FeatureCollection' }));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Show the density hexagons on the map' }));
    await waitFor(() => expect(onHexes).toHaveBeenLastCalledWith({ type: 'FeatureCollection', features: ANSWER.data }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show the density hexagons on the map' }));
    expect(onHexes).toHaveBeenLastCalledWith(null);
  });

  it('says so when the service has no cells', async () => {
    mockFetch(() => json({ ...ANSWER, data: [] }));
    renderPanel();
    expect((await screen.findByTestId('ground-risk:empty', {}, { timeout: 2000 })).textContent).toMatch(/no population cells/);
  });

  it('shows the service’s error and retries', async () => {
    let fail = true;
    const api = mockFetch(() => (fail ? json({ statusCode: 408, message: 'request timed out; reduce the size of the request' }, 408) : json(ANSWER)));
    renderPanel();
    const alert = await screen.findByTestId('ground-risk:error', {}, { timeout: 2000 });
    expect(alert.textContent).toMatch(/reduce the size of the request/);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('ground-risk:result');
    expect(api.callsTo(PATH)).toHaveLength(2);
  });

  it('fails loudly when the reply does not match the contract', async () => {
    mockFetch(() => json({ ...ANSWER, data: [cell('a', 'Crowded', 1)] }));
    renderPanel();
    expect((await screen.findByTestId('ground-risk:error', {}, { timeout: 2000 })).textContent).toMatch(/did not match the contract/);
  });
});
