import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MapLoading, SHOW_AFTER_MS, type LoadingSource } from './map-loading';

/** A map stand-in: listeners by event, fired by the test. */
function fakeMap(loaded: boolean) {
  const listeners = new Map<string, Set<(e?: { sourceId?: string; isSourceLoaded?: boolean }) => void>>();
  const map: LoadingSource & { fire(type: string, e?: { sourceId?: string; isSourceLoaded?: boolean }): void; count(): number } = {
    on: (type, l) => listeners.set(type, (listeners.get(type) ?? new Set()).add(l)),
    off: (type, l) => listeners.get(type)?.delete(l),
    loaded: () => loaded,
    fire: (type, e) => listeners.get(type)?.forEach((l) => l(e)),
    count: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
  return map;
}

describe('MapLoading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says the map is loading when its first tiles take longer than a moment, and goes at idle', () => {
    const map = fakeMap(false);
    render(<MapLoading map={map} />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => void vi.advanceTimersByTime(SHOW_AFTER_MS + 1));
    expect(screen.getByRole('status').textContent).toBe('Loading the map…');
    act(() => map.fire('idle'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('goes once the airspace in view has drawn, though a basemap tile is still coming (never idle)', () => {
    const map = fakeMap(false);
    render(<MapLoading map={map} />);
    act(() => void vi.advanceTimersByTime(SHOW_AFTER_MS + 1));
    expect(screen.getByRole('status').textContent).toBe('Loading the map…');
    act(() => map.fire('sourcedata', { sourceId: 'openmaptiles', isSourceLoaded: true }));
    act(() => map.fire('sourcedata', { sourceId: 'airspace', isSourceLoaded: false }));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => map.fire('sourcedata', { sourceId: 'airspace', isSourceLoaded: true }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing for a quick load (a pan over cached tiles)', () => {
    const map = fakeMap(true);
    render(<MapLoading map={map} />);
    act(() => map.fire('dataloading'));
    act(() => void vi.advanceTimersByTime(SHOW_AFTER_MS / 2));
    act(() => map.fire('idle'));
    act(() => void vi.advanceTimersByTime(SHOW_AFTER_MS * 2));
    expect(screen.queryByRole('status')).toBeNull();
    // A later slow load shows it again.
    act(() => map.fire('dataloading'));
    act(() => void vi.advanceTimersByTime(SHOW_AFTER_MS + 1));
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('lets go of the map when unmounted', () => {
    const map = fakeMap(false);
    const { unmount } = render(<MapLoading map={map} />);
    expect(map.count()).toBe(3);
    unmount();
    expect(map.count()).toBe(0);
    act(() => void vi.advanceTimersByTime(SHOW_AFTER_MS * 2));
  });
});
