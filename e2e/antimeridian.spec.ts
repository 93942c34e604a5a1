/**
 * A plan across 180° (issue 10): a 1.5 km box over Semisopochnoi Island, in the western Aleutians,
 * opened from a shared link. The link and the service keep it the short way (179.99 → -179.99); the
 * map must draw and frame it as the small box, not a band around the globe. Screenshot:
 * test-results/screenshots/antimeridian-plan.png.
 */
import { mkdirSync } from 'node:fs';
import { given, then, when } from './driver';
import { expect, test } from './fixtures';

const ACROSS = 'poly=179.99,51.95;-179.99,51.95;-179.99,51.9635;179.99,51.9635;179.99,51.95';

test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

test('a shared plan across 180° is drawn and framed as the small box, measured as such, and briefed', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, ACROSS);

  // Framed: the view is a few kilometres wide, not the world.
  const view = await page.evaluate(() => {
    const b = window.__skyplan!.map.getBounds();
    return { width: b.getEast() - b.getWest(), center: window.__skyplan!.map.getCenter().wrap().lng };
  });
  expect(view.width).toBeLessThan(1);
  expect(Math.abs(view.center)).toBeGreaterThan(179.9);

  // Drawn: draw holds the ring with continuous longitudes, and so does the boundary layer.
  const drawn = (await then.drawnFeatures(page))[0]!.geometry.coordinates as [number, number][][];
  const xs = drawn[0]!.map(([x]) => x);
  expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(0.02, 6);
  const boundary = await page.evaluate(async () => {
    const source = window.__skyplan!.map.getSource('plan-boundary') as unknown as { getData(): Promise<{ features: { geometry: { coordinates: number[][][] } }[] }> };
    return (await source.getData()).features[0]!.geometry.coordinates[0]!.map((p) => p[0]!);
  });
  expect(Math.max(...boundary) - Math.min(...boundary)).toBeCloseTo(0.02, 6);

  // Small on screen: its corners are a few hundred pixels apart, inside the map.
  const onScreen = await page.evaluate(() => {
    const m = window.__skyplan!.map;
    const a = m.project([179.99, 51.95]);
    const b = m.project([180.01, 51.9635]);
    return { width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y), mapWidth: m.getContainer().clientWidth };
  });
  expect(onScreen.width).toBeGreaterThan(50);
  expect(onScreen.width).toBeLessThan(onScreen.mapWidth);
  expect(onScreen.height).toBeGreaterThan(50);

  // Measured as the ~0.8 sq mi it is, and within the limits.
  const limits = page.getByTestId('plan:limits');
  await expect(limits).toHaveAttribute('data-ok', 'true');
  await expect(limits).toContainText(/Area 0\.[78]\d of 10 sq mi/);

  // Briefed: the service answers for the box (no facility maps of the far side of the world).
  await expect(page.getByTestId('briefing:status')).toHaveAttribute('data-status', /^NOTICE_STATUS_/, { timeout: 20_000 });
  await expect(page.getByTestId('briefing')).not.toContainText(/Denver|Columbus/);
  await page.screenshot({ path: 'test-results/screenshots/antimeridian-plan.png' });

  // A click east of 180° (the map says 180.005) is read at -179.995, which the service takes.
  const at = await page.evaluate(() => window.__skyplan!.map.project([180.005, 51.956]));
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.click(box.x + at.x, box.y + at.y);
  await expect(page.getByTestId('location:status')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('location:error')).toHaveCount(0);
});

test('a pilot draws a box across 180° with the mouse: the link keeps it within ±180 and it is the small area', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page);
  // Corners as the map gives them there: east of 180 is beyond 180.
  await when.drawPolygon(page, [
    [179.992, 51.951],
    [180.008, 51.951],
    [180.008, 51.961],
    [179.992, 51.961],
  ]);
  await expect(page.getByTestId('plan:limits')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('plan:limits')).toContainText(/Area 0\.(4|5)\d of 10 sq mi/);
  const poly = new URL(page.url()).searchParams.get('poly')!;
  const lons = poly.split(';').map((p) => Number(p.split(',')[0]));
  expect(lons.every((x) => Math.abs(x) <= 180)).toBe(true);
  expect(lons.some((x) => x < 0) && lons.some((x) => x > 0)).toBe(true);
  await expect(page.getByTestId('briefing:status')).toHaveAttribute('data-status', /^NOTICE_STATUS_/, { timeout: 20_000 });

  // Reopened from its link, it is the same small box, framed.
  await given.onPlanPage(page, `poly=${poly}`);
  await expect(page.getByTestId('plan:limits')).toContainText(/Area 0\.(4|5)\d of 10 sq mi/);
  expect(await page.evaluate(() => window.__skyplan!.map.getBounds().getEast() - window.__skyplan!.map.getBounds().getWest())).toBeLessThan(1);
  await page.screenshot({ path: 'test-results/screenshots/antimeridian-drawn.png' });
});
