import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../geo/types';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { PROFILE_SAMPLES, TerrainProfile } from './terrain-profile';

const PATH = '/v2/elevation';
const LINE: Position[] = [[-122.31, 47.5], [-122.28, 47.5]];
const profile = (elevations: (number | null)[], source: string) => ({
  statusCode: 200,
  message: 'OK',
  data: { geometryType: 'LineString', source, lengthM: 2254, profile: elevations.map((elevationFt, i) => ({ distanceM: (2254 * i) / (elevations.length - 1), longitude: -122.31 + i * 0.006, latitude: 47.5, elevationFt })) },
});
const points = (polyline: Element) => polyline.getAttribute('points')!.trim().split(/\s+/);

describe('TerrainProfile', () => {
  it('charts the ground along the path and the flight above it, and names the model as source', async () => {
    const api = mockFetch(() => json(profile([20, 35, 60, 120, 90, 40], 'sandbox-airport-model:sandbox-g3-a0.2.1-20261124')));
    renderWithClient(<TerrainProfile line={LINE} altitudeFtAgl={200} blockedText={null} />);
    const chart = await screen.findByTestId('terrain:chart', {}, { timeout: 3000 });
    expect(JSON.parse(String(api.callsTo(PATH)[0]![1]!.body))).toEqual({ geometry: { type: 'LineString', coordinates: LINE }, samples: PROFILE_SAMPLES });
    const ground = within(chart).getByTestId('terrain:ground');
    const flight = within(chart).getByTestId('terrain:flight');
    expect(points(ground)).toHaveLength(6);
    expect(points(flight)).toHaveLength(6);
    // SVG y grows downwards: the flight's line lies above the ground's at every sample.
    points(ground).forEach((g, i) => expect(Number(points(flight)[i]!.split(',')[1])).toBeLessThan(Number(g.split(',')[1])));
    expect(chart.querySelector('desc')!.textContent).toBe('Ground from 20 ft MSL to 120 ft MSL along 2.3 km; at 200 ft above ground the flight reaches up to 320 ft MSL.');
    expect(within(chart).getByText('2.3 km')).toBeTruthy();
    const source = screen.getByTestId('terrain:source');
    expect(source.dataset.kind).toBe('model');
    expect(source.textContent).toMatch(/Source: Sandbox terrain model\. .*never use it for terrain clearance/);
  });

  it('leaves a gap where samples have no data, and labels a DEM source', async () => {
    mockFetch(() => json(profile([400, 410, null, null, 430, 440], 'dem:USGS_13_n48w123')));
    renderWithClient(<TerrainProfile line={LINE} altitudeFtAgl={null} blockedText={null} />);
    const chart = await screen.findByTestId('terrain:chart', {}, { timeout: 3000 });
    expect(within(chart).getAllByTestId('terrain:ground').map((p) => points(p).length)).toEqual([2, 2]);
    expect(within(chart).queryByTestId('terrain:flight')).toBeNull();
    expect(chart.querySelector('desc')!.textContent).toMatch(/2 of 6 samples have no terrain data/);
    expect(screen.getByTestId('terrain:source').textContent).toMatch(/Source: DEM USGS_13_n48w123/);
  });

  it('shows nothing for an area that is not a path, and asks nothing while blocked', async () => {
    const api = mockFetch(() => json(profile([1, 2], 'no-coverage')));
    const { container, rerender } = renderWithClient(<TerrainProfile line={null} altitudeFtAgl={200} blockedText={null} />);
    expect(container.textContent).toBe('');
    rerender(<TerrainProfile line={LINE} altitudeFtAgl={200} blockedText="Sign in to see this for the area." />);
    expect(screen.getByTestId('terrain').textContent).toMatch(/Sign in to see this/);
    await new Promise((r) => setTimeout(r, 600));
    expect(api.callsTo(PATH)).toHaveLength(0);
  });
});
