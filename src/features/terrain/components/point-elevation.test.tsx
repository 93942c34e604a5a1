import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { PointElevation } from './point-elevation';

const PATH = '/v1/elevation';
const answer = (elevationFt: number | null, source: string) => ({ statusCode: 200, message: 'OK', data: [{ longitude: -122.305, latitude: 47.53, elevationFt, source }] });

describe('PointElevation', () => {
  it('asks for the clicked point and shows its ground elevation with the model as source', async () => {
    const api = mockFetch(() => json(answer(17, 'sandbox-airport-model:sandbox-g3-a0.2.1-20261124')));
    renderWithClient(<PointElevation at={[-122.305, 47.53]} />);
    expect((await screen.findByTestId('elevation:value')).textContent).toBe('17 ft MSL');
    expect(JSON.parse(String(api.callsTo(PATH)[0]![1]!.body))).toEqual({ coordinates: [[-122.305, 47.53]] });
    const source = screen.getByTestId('elevation:source');
    expect(source.textContent).toBe('(Sandbox terrain model, rough)');
    expect(source.dataset.kind).toBe('model');
  });

  it('names an imported DEM as the source', async () => {
    mockFetch(() => json(answer(423, 'dem:USGS_13_n48w123')));
    renderWithClient(<PointElevation at={[-122.305, 47.53]} />);
    expect((await screen.findByTestId('elevation:source')).textContent).toBe('(DEM USGS_13_n48w123)');
    expect(screen.getByTestId('elevation:value').textContent).toBe('423 ft MSL');
  });

  it('says unknown where nothing covers the point, and shows the service’s error', async () => {
    mockFetch(() => json(answer(null, 'no-coverage')));
    const { unmount } = renderWithClient(<PointElevation at={[-130, 44]} />);
    expect((await screen.findByTestId('elevation:value')).textContent).toBe('unknown');
    expect(screen.getByTestId('elevation:source').textContent).toBe('(No terrain data)');
    unmount();
    mockFetch(() => json({ statusCode: 422, message: 'body.coordinates.0: latitude out of range' }, 422));
    renderWithClient(<PointElevation at={[-122, 95]} />);
    expect((await screen.findByText(/Ground elevation could not be loaded: body.coordinates.0/))).toBeTruthy();
  });
});
