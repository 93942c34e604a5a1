import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import type { AdvisoryArea } from '../advisory-filters';
import { AdvisoriesPanel } from './advisories-panel';

const PATH = '/v1/advisories/geojson';
const AREA: AdvisoryArea = {
  boundary: { type: 'Polygon', coordinates: [[[-122.31, 47.52], [-122.302, 47.52], [-122.302, 47.528], [-122.31, 47.52]]] },
  startTime: '2026-07-01T16:00:00Z',
  endTime: '2026-07-01T17:00:00Z',
  maxAltitude: 200,
  category: 'faa_107',
};
const SQUARE = { type: 'Polygon', coordinates: [[[-122.32, 47.51], [-122.29, 47.51], [-122.29, 47.54], [-122.32, 47.51]]] };
const feature = (id: string, properties: Record<string, unknown>) => ({ type: 'Feature', id, geometry: SQUARE, properties });
const ANSWER = {
  statusCode: 200,
  message: 'success',
  data: {
    type: 'FeatureCollection',
    features: [
      feature('class:BFI', { advisorySource: 'faa', advisoryType: 'controlled_airspace', severity: 'caution', title: 'Boeing Field Class D surface area', message: 'Class D from the surface to 2,500 ft' }),
      feature('tfr:1', { advisorySource: 'faa', advisoryType: 'tfr', severity: 'warning', title: 'VIP movement', startTime: '2026-07-01T15:00:00Z', endTime: '2026-07-01T18:00:00Z' }),
      feature('c:1', { advisorySource: 'community', advisoryType: 'community_advisories', severity: 'information', title: 'City park: no take-off' }),
    ],
  },
};

function renderPanel(props: Partial<Parameters<typeof AdvisoriesPanel>[0]> = {}) {
  const onHighlight = vi.fn();
  const view = renderWithClient(<AdvisoriesPanel area={AREA} blockedText={null} timeZone="America/Los_Angeles" onHighlight={onHighlight} {...props} />);
  return { ...view, onHighlight };
}

const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

describe('AdvisoriesPanel', () => {
  it('says why it asks nothing while there is no usable area', async () => {
    const api = mockFetch(() => json(ANSWER));
    renderPanel({ area: null, blockedText: 'Draw an area on the map to see its advisories.' });
    expect(screen.getByTestId('advisories:blocked').textContent).toMatch(/Draw an area/);
    expect(screen.queryByRole('radio')).toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    expect(api.callsTo(PATH)).toHaveLength(0);
  });

  it('shows a loading state while the advisories are on their way', async () => {
    mockFetch((_, init) => pending(init));
    renderPanel();
    expect((await screen.findByTestId('advisories:loading')).getAttribute('aria-busy')).toBe('true');
  });

  it('lists the advisories, warnings first, for the flight window of all sources', async () => {
    const api = mockFetch(() => json(ANSWER));
    renderPanel();
    await screen.findByTestId('advisories:result', {}, { timeout: 2000 });
    const items = screen.getAllByTestId('advisories:item');
    expect(items.map((i) => i.getAttribute('data-severity'))).toEqual(['warning', 'caution', 'information']);
    expect(items[0]!.textContent).toContain('VIP movement');
    expect(items[0]!.textContent).toContain('Temporary flight restriction · FAA · In effect Wed, Jul 1, 08:00–11:00 PDT');
    expect(items[2]!.textContent).toContain('Community');
    expect(screen.getByTestId('advisories:summary').textContent).toBe('3 advisories: 1 warning, 1 caution, 1 information.');
    expect(bodyOf(api.callsTo(PATH)[0]!)).toMatchObject({ source: 'all', category: 'faa_107', maxAltitude: 200, startTime: '2026-07-01T16:00Z', endTime: '2026-07-01T17:00Z' });
  });

  it('asks again with the source and time window picked', async () => {
    const api = mockFetch(() => json(ANSWER));
    renderPanel();
    await screen.findByTestId('advisories:result', {}, { timeout: 2000 });
    await userEvent.click(screen.getByRole('radio', { name: 'Community' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Now' }));
    // Each pick is debounced: on a loaded machine the first pick's request can go out alone, so wait for
    // the request that carries the second one (the window "Now" sends no start) rather than for a count.
    await waitFor(() => expect(bodyOf(api.callsTo(PATH).at(-1)!)).not.toHaveProperty('startTime'), { timeout: 8000 });
    const last = bodyOf(api.callsTo(PATH).at(-1)!);
    expect(last.source).toBe('community');
    expect(last).not.toHaveProperty('startTime');
  });

  it('shows an advisory on the map and hides it again', async () => {
    mockFetch(() => json(ANSWER));
    const { onHighlight } = renderPanel();
    await screen.findByTestId('advisories:result', {}, { timeout: 2000 });
    const [first] = screen.getAllByRole('button', { name: 'Show on map' });
    await userEvent.click(first!);
    expect(onHighlight).toHaveBeenLastCalledWith(SQUARE);
    expect(first!.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(first!);
    expect(onHighlight).toHaveBeenLastCalledWith(null);
  });

  it('says so when there are none', async () => {
    mockFetch(() => json({ ...ANSWER, data: { type: 'FeatureCollection', features: [] } }));
    renderPanel();
    expect((await screen.findByTestId('advisories:empty', {}, { timeout: 2000 })).textContent).toMatch(/No advisories/);
  });

  it('shows the service’s error and retries', async () => {
    let fail = true;
    const api = mockFetch(() => (fail ? json({ statusCode: 422, message: 'body.geometry: the bounding box of the geometry has a side of 31.0 NM' }, 422) : json(ANSWER)));
    renderPanel();
    const alert = await screen.findByTestId('advisories:error', {}, { timeout: 2000 });
    expect(alert.textContent).toMatch(/31.0 NM/);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('advisories:result');
    expect(api.callsTo(PATH)).toHaveLength(2);
  });

  it('fails loudly when the reply does not match the contract', async () => {
    mockFetch(() => json({ statusCode: 200, message: 'success', data: [] }));
    renderPanel();
    expect((await screen.findByTestId('advisories:error', {}, { timeout: 2000 })).textContent).toMatch(/did not match the contract/);
  });
});

describe('AdvisoriesPanel, alike advisories', () => {
  const OTHER = { type: 'Polygon', coordinates: [[[-122.29, 47.51], [-122.27, 47.51], [-122.27, 47.53], [-122.29, 47.51]]] };
  const cell = (id: string, geometry: unknown) => ({ type: 'Feature', id, geometry, properties: { advisorySource: 'faa', advisoryType: 'uasfm_ceiling', severity: 'caution', title: 'BFI facility map: 0 ft AGL' } });
  const MANY = {
    statusCode: 200,
    message: 'success',
    data: { type: 'FeatureCollection', features: [cell('u:1', SQUARE), ANSWER.data.features[0], cell('u:2', OTHER), cell('u:3', SQUARE)] },
  };

  it('lists advisories that read the same once, says how many areas, shows them all, and still counts each', async () => {
    mockFetch(() => json(MANY));
    const { onHighlight } = renderPanel();
    await screen.findByTestId('advisories:result', {}, { timeout: 2000 });
    const items = screen.getAllByTestId('advisories:item');
    // Before: four entries, three of them the same words.
    expect(items.map((i) => i.querySelector('.advisory-title')!.textContent)).toEqual(['BFI facility map: 0 ft AGL · 3 areas', 'Boeing Field Class D surface area']);
    expect(screen.getByTestId('advisories:summary').textContent).toBe('4 advisories: 4 caution.');
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Show on map' }));
    expect(onHighlight).toHaveBeenLastCalledWith({ type: 'MultiPolygon', coordinates: [SQUARE.coordinates, OTHER.coordinates, SQUARE.coordinates] });
  });
});
