/**
 * A small domain driver: specs say what a pilot does (given / when / then), this file knows how
 * (test ids, the map's e2e hooks, pixel sampling).
 */
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect } from './fixtures';

export type LonLat = [number, number];

/** About 0.5 NM on a side, on the field of Boeing Field (KBFI), Seattle. */
export const KBFI_SQUARE: LonLat[] = [
  [-122.312, 47.528],
  [-122.3, 47.528],
  [-122.3, 47.536],
  [-122.312, 47.536],
];

export const ACCOUNTS = {
  pilot: { email: 'pilot@cascade.example', password: 'demo-pilot' },
  operator: { email: 'operator@cascade.example', password: 'demo-operator' },
  faa: { email: 'faa@sandbox.example', password: 'demo-faa' },
} as const;
export type Who = keyof typeof ACCOUNTS;

/** e2e=1 keeps the map's drawing buffer readable and exposes the draw adapter on window. */
function withE2E(path: string): string {
  return path + (path.includes('?') ? '&' : '?') + 'e2e=1';
}

/** A closed ring around [west, south] with `size` degrees a side, as a URL `poly` value. */
export function squareParam(west: number, south: number, size: number): string {
  const ring: LonLat[] = [
    [west, south],
    [west + size, south],
    [west + size, south + size],
    [west, south + size],
    [west, south],
  ];
  return `poly=${ring.map(([x, y]) => `${x},${y}`).join(';')}`;
}

export const given = {
  /** Signed in through the API (the browser context keeps the cookies); the sign-in spec covers the form. */
  async signedIn(page: Page, who: Who): Promise<void> {
    const res = await page.request.post('/v1/auth/sign-in', { data: ACCOUNTS[who] });
    expect(res.status(), `sign in as ${who}`).toBe(200);
  },

  /** The plan page with its map loaded. `query` reopens a plan from its link. */
  async onPlanPage(page: Page, query = ''): Promise<void> {
    await page.goto(withE2E(`/plan${query ? `?${query}` : ''}`));
    await page.waitForFunction(() => window.__skyplan?.map.loaded() === true, undefined, { timeout: 30_000 });
  },
};

async function project(page: Page, lonlat: LonLat): Promise<{ x: number; y: number }> {
  const p = await page.evaluate(([lon, lat]) => window.__skyplan!.map.project([lon, lat]), lonlat);
  const box = (await page.getByTestId('map').boundingBox())!;
  return { x: box.x + p.x, y: box.y + p.y };
}

export const when = {
  /** Frames the area, then draws it with the mouse: click each corner, click the first to close. */
  async drawPolygon(page: Page, lonlats: LonLat[]): Promise<void> {
    const lons = lonlats.map((p) => p[0]);
    const lats = lonlats.map((p) => p[1]);
    await page.evaluate(
      (b) => window.__skyplan!.map.fitBounds(b as [number, number, number, number], { padding: 80, duration: 0 }),
      [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
    );
    await page.getByTestId('plan:draw-polygon').click();
    // The drawing code loads when the pilot reaches for the tools; clicks count once it is drawing.
    await expect.poll(() => page.evaluate(() => window.__skyplan!.mode())).toBe('draw_polygon');
    for (const ll of lonlats) {
      const { x, y } = await project(page, ll);
      await page.mouse.move(x, y, { steps: 4 });
      await page.mouse.click(x, y);
      await page.waitForTimeout(150);
    }
    const first = await project(page, lonlats[0]!);
    await page.mouse.move(first.x, first.y, { steps: 4 });
    await page.mouse.click(first.x, first.y);
    await expect.poll(() => page.evaluate(() => window.__skyplan!.mode())).toBe('simple_select');
  },

  /** Points at a notice of the briefing by its data source and pins it on the map. */
  async selectNotice(page: Page, dataSource: string): Promise<void> {
    const notice = page.locator(`[data-testid="briefing:notice"][data-source="NOTICE_DATA_SOURCE_${dataSource}"]`).first();
    await notice.getByRole('button', { name: /Show/ }).click();
    await expect(notice).toHaveAttribute('data-selected', 'true');
  },

  async setAltitude(page: Page, feet: number): Promise<void> {
    await page.getByTestId('plan:altitude').fill(String(feet));
  },

  async pasteGeoJson(page: Page, geojson: unknown): Promise<void> {
    await page.getByText('Type coordinates or paste GeoJSON').click();
    await page.getByTestId('plan:geojson').fill(JSON.stringify(geojson));
    await page.getByRole('button', { name: 'Use this GeoJSON' }).click();
  },
};

export const then = {
  async briefingStatus(page: Page, status: string, authorization?: string): Promise<void> {
    await expect(page.getByTestId('briefing:status')).toHaveAttribute('data-status', `NOTICE_STATUS_${status}`, { timeout: 20_000 });
    if (authorization) await expect(page.getByTestId('briefing:authorization')).toHaveAttribute('data-authorization', `AUTHORIZATION_TYPE_${authorization}`);
  },

  /** The geometry the map highlights (a notice pointed at or selected), as the map holds it. */
  async highlightedGeometries(page: Page): Promise<{ type: string }[]> {
    return page.evaluate(async () => {
      const source = window.__skyplan!.map.getSource('plan-highlight') as unknown as { getData(): Promise<{ features: { geometry: { type: string } }[] }> };
      return (await source.getData()).features.map((f) => f.geometry);
    });
  },

  /** Whether the boundary layer marks the area as breaking a limit (drawn in red). */
  async boundaryMarkedInvalid(page: Page): Promise<boolean> {
    return page.evaluate(async () => {
      const source = window.__skyplan!.map.getSource('plan-boundary') as unknown as { getData(): Promise<{ features: { properties: { invalid?: boolean } }[] }> };
      const { features } = await source.getData();
      return features.length === 1 && features[0]!.properties.invalid === true;
    });
  },

  /** The features the draw adapter holds, as plain GeoJSON. */
  async drawnFeatures(page: Page): Promise<{ geometry: { type: string; coordinates: unknown } }[]> {
    return page.evaluate(() => window.__skyplan!.features() as { geometry: { type: string; coordinates: unknown } }[]);
  },

  /**
   * The map shows something: a screenshot of the map region has many distinct colours, not one
   * flat fill (a blank or failed WebGL canvas is a single colour).
   */
  async mapNotBlank(page: Page): Promise<void> {
    const png = PNG.sync.read(await page.getByTestId('map').screenshot());
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4 * 37) colours.add((png.data[i]! << 16) | (png.data[i + 1]! << 8) | png.data[i + 2]!);
    expect(colours.size, 'distinct colours sampled from the map').toBeGreaterThan(20);
  },
};
