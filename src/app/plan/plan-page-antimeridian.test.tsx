/**
 * The plan page's wiring across 180°, without WebGL: MapView is replaced by a stand-in that records what
 * the page hands the map. A shared link over Semisopochnoi Island (the western Aleutians) must reach
 * the map with continuous longitudes and a small box to frame, and the page must show the small area.
 */
import { screen, waitFor } from '@testing-library/react';
import type { Polygon } from 'geojson';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithClient } from '../../test/render';
import type { DrawGeometry } from '../../map/draw-adapter';
import { SOURCE } from '../../map/ids';
import { overlayData, type Overlays } from '../../map/overlays';

interface Seen {
  drawGeometry: DrawGeometry | null;
  frame: { bounds: [number, number, number, number] } | null;
  overlays: Overlays;
}
const seen: Seen[] = [];

vi.mock('../../map/map-view', async () => {
  const { useEffect } = await import('react');
  // Every controller method the page calls (setHiddenLayers, setPopup, draw.cancel…) does nothing here.
  const fake: object = new Proxy({}, { get: (_, key) => (key === 'draw' || key === 'map' ? fake : key === 'then' ? undefined : () => undefined) });
  return {
    MapView: (props: Seen & { onReady(c: unknown): void; handlers: { onFirstIdle?(): void } }) => {
      useEffect(() => props.onReady(fake), [props]);
      // The map is drawn at once: the page then shows its panel (src/app/plan/use-panel-after-map.ts).
      useEffect(() => props.handlers.onFirstIdle?.(), [props.handlers]);
      seen.push({ drawGeometry: props.drawGeometry, frame: props.frame, overlays: props.overlays });
      return null;
    },
  };
});

const { PlanPage } = await import('./plan-page');

const LINK = '/plan?poly=179.99,51.95;-179.99,51.95;-179.99,51.9635;179.99,51.9635&alt=200&u=ft&start=2026-07-01T20:00Z&dur=60&type=107';
const longitudes = (ring: number[][]) => ring.map((p) => p[0]!);
const width = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

describe('the plan page across 180°', () => {
  it('hands the map a shape from a shared link with continuous longitudes and a small box to frame', async () => {
    mockFetch(() => json({ statusCode: 401, message: 'Sign in first' }, 401));
    renderWithClient(<PlanPage />, { route: LINK });
    await waitFor(() => expect(seen.some((s) => s.frame)).toBe(true), { timeout: 5000 });
    const last = seen[seen.length - 1]!;
    const drawn = last.drawGeometry as Extract<DrawGeometry, { type: 'Polygon' }>;
    expect(longitudes(drawn.coordinates[0]!)).toEqual([179.99, 180.01, 180.01, 179.99, 179.99]);
    const [w, s, e, n] = last.frame!.bounds;
    expect(e - w).toBeCloseTo(0.02, 9);
    expect(n - s).toBeCloseTo(0.0135, 9);
    // The page keeps the boundary within -180..180 (as sent); the boundary layer is given it continuous.
    expect(width(longitudes(last.overlays.boundary!.coordinates[0]!))).toBeGreaterThan(359);
    const layer = overlayData(last.overlays, null).find(([id]) => id === SOURCE.boundary)![1];
    expect(width(longitudes((layer.features[0]!.geometry as Polygon).coordinates[0]!))).toBeCloseTo(0.02, 9);
    expect(screen.getByTestId('plan:limits').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('plan:limits').textContent).toMatch(/Area 0\.79 of 10 sq mi/);
  });
});
