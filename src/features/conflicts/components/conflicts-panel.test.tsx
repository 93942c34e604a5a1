// @isolated-modules: checks the overlap test's code is not loaded before any file has loaded it.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { operation, PLAN, square, WINDOW } from '../test/conflict-fixtures';
import { overlapTest } from '../find-conflicts';
import { ConflictsPanel } from './conflicts-panel';

const PATH = '/v1/operations';
const OVERLAPPING = operation('3f1c7a52-8a44-4a0e-9d5e-1b2c3d4e5f60', square(-122.306, 47.524, 0.01), '2026-07-01T16:30:00Z', '2026-07-01T18:00:00Z', 'Roof survey');
const ELSEWHERE = operation('4f1c7a52-8a44-4a0e-9d5e-1b2c3d4e5f61', square(-122.2, 47.6, 0.01), '2026-07-01T16:00:00Z', '2026-07-01T17:00:00Z', 'Bridge inspection');
const list = (operations: unknown[]) => ({ operations, total: operations.length, limit: 500, offset: 0, nextOffset: null });

function renderPanel(props: Partial<Parameters<typeof ConflictsPanel>[0]> = {}) {
  const onOutlines = vi.fn();
  const view = renderWithClient(<ConflictsPanel boundary={PLAN} window={WINDOW} blockedText={null} onOutlines={onOutlines} {...props} />);
  return { ...view, onOutlines };
}

describe('ConflictsPanel', () => {
  it('asks nothing while blocked, and says why', async () => {
    const api = mockFetch(() => json(list([])));
    renderPanel({ blockedText: 'Sign in to see this for the area.' });
    expect(screen.getByTestId('conflicts:blocked').textContent).toBe('Sign in to see this for the area.');
    await new Promise((r) => setTimeout(r, 500));
    expect(api.callsTo(PATH)).toHaveLength(0);
    // Nor is the overlap test's code loaded (a chunk /plan does without until there is a question).
    expect(overlapTest.current()).toBeNull();
  });

  it('shows a loading state while it looks', async () => {
    mockFetch((_, init) => pending(init));
    renderPanel();
    expect((await screen.findByTestId('conflicts:loading')).getAttribute('aria-busy')).toBe('true');
  });

  it('lists the operations overlapping in place and time, and outlines them on the map', async () => {
    const api = mockFetch(() => json(list([OVERLAPPING, ELSEWHERE])));
    const { onOutlines } = renderPanel();
    const items = await screen.findAllByTestId('conflicts:item', {}, { timeout: 2000 });
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toBe('Roof surveyWed, Jul 1, 09:30–11:00 PDT (16:30–18:00 UTC) · 0–200 ft');
    expect(screen.getByRole('link', { name: 'Roof survey' }).getAttribute('href')).toBe(`/operations/${OVERLAPPING.id}`);
    expect(screen.getByTestId('conflicts:summary').textContent).toMatch(/^1 operation overlaps/);
    const url = new URL(String(api.callsTo(PATH)[0]![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ bbox: '-122.31,47.52,-122.302,47.528', from: WINDOW.startTime, to: WINDOW.endTime, limit: '500', sort: 'startTime' });
    await waitFor(() =>
      expect(onOutlines).toHaveBeenLastCalledWith({ type: 'FeatureCollection', features: [{ type: 'Feature', id: OVERLAPPING.id, properties: { name: 'Roof survey' }, geometry: OVERLAPPING.boundary }] }),
    );
  });

  it('across 180°, asks for the small box and outlines the other operation with continuous longitudes', async () => {
    type Ring = [number, number][];
    const plan = { type: 'Polygon' as const, coordinates: [[[179.99, 51.95], [-179.99, 51.95], [-179.99, 51.9635], [179.99, 51.9635], [179.99, 51.95]]] as Ring[] };
    const other = operation('5f1c7a52-8a44-4a0e-9d5e-1b2c3d4e5f62', { type: 'Polygon', coordinates: [[[-179.995, 51.955], [179.995, 51.955], [179.995, 51.96], [-179.995, 51.96], [-179.995, 51.955]]] }, '2026-07-01T16:30:00Z', '2026-07-01T18:00:00Z', 'Seal count');
    const api = mockFetch(() => json(list([other])));
    const { onOutlines } = renderPanel({ boundary: plan });
    await screen.findAllByTestId('conflicts:item', {}, { timeout: 2000 });
    const url = new URL(String(api.callsTo(PATH)[0]![0]), 'http://localhost');
    expect(url.searchParams.get('bbox')).toBe('179.99,51.95,-179.99,51.9635');
    await waitFor(() => expect(onOutlines).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'FeatureCollection' })));
    const drawn = onOutlines.mock.lastCall![0].features[0].geometry.coordinates[0] as Ring;
    // In the plan's frame (179.99): -179.995 is drawn at 180.005, beside it, not a world away.
    expect(drawn.map(([x]) => x)).toEqual([180.005, 179.995, 179.995, 180.005, 180.005]);
  });

  it('says so when nothing overlaps', async () => {
    mockFetch(() => json(list([ELSEWHERE])));
    const { onOutlines } = renderPanel();
    expect((await screen.findByTestId('conflicts:empty', {}, { timeout: 2000 })).textContent).toMatch(/No other operation/);
    expect(onOutlines).toHaveBeenLastCalledWith(null);
  });

  it('shows the service’s error and retries', async () => {
    let fail = true;
    const api = mockFetch(() => (fail ? json({ statusCode: 403, message: 'The token lacks the scope operation:read' }, 403) : json(list([]))));
    renderPanel();
    const alert = await screen.findByTestId('conflicts:error', {}, { timeout: 2000 });
    expect(alert.textContent).toMatch(/operation:read/);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('conflicts:empty');
    expect(api.callsTo(PATH)).toHaveLength(2);
  });
});
