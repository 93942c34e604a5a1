/**
 * Daylight and weather in the plan's briefing (docs/daylight-weather.md), with the service's weather
 * source a local fake of the Aviation Weather Center on the port after the service's
 * (playwright.config.ts); and the LAANC section opening at its decision. Screenshots at both sizes.
 */
import http from 'node:http';
import { mkdirSync } from 'node:fs';
import { given, squareParam } from './driver';
import { expect, test } from './fixtures';
import { operationWithLaanc, PLACES } from './ops-driver';

const WEATHER_PORT = Number(process.env.E2E_PORT ?? 4173) + 1;
let fake: http.Server;

test.beforeAll(async () => {
  mkdirSync('test-results/screenshots', { recursive: true });
  fake = http.createServer((req, res) => {
    const now = Math.floor(Date.now() / 1000);
    const body = req.url!.startsWith('/api/data/metar')
      ? [{ icaoId: 'KRNT', name: 'Renton Muni', lat: 47.493, lon: -122.216, obsTime: now - 900, wdir: 170, wspd: 14, wgst: 24, visib: '10+', clouds: [{ cover: 'BKN', base: 2800 }], fltCat: 'VFR', rawOb: 'METAR KRNT 081753Z 17014G24KT 10SM BKN028 09/05 A3002' }]
      : [{ icaoId: 'KRNT', rawTAF: 'TAF KRNT 081720Z 0818/0918 17012G22KT P6SM BKN030' }];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => fake.listen(WEATHER_PORT, '127.0.0.1', r));
});
test.afterAll(() => new Promise<void>((r) => fake.close(() => r())));

test('the briefing gives the daylight and the nearest station’s weather, decoded against Part 107', async ({ page }) => {
  test.setTimeout(120_000);
  await given.signedIn(page, 'pilot');
  // Beside Renton Municipal, where no other spec asks for weather.
  await given.onPlanPage(page, squareParam(-122.225, 47.497, 0.004));
  const daylight = page.getByTestId('briefing:daylight');
  await expect(daylight).toContainText(/Daylight: the window is in/);
  await expect(daylight).toContainText(/sunrise .* sunset/);
  const weather = page.getByTestId('briefing:weather');
  await expect(weather).toContainText('KRNT (Renton Muni)');
  await expect(weather).toContainText('Wind 170° 14 kt, gusts 24 kt · visibility 10+ SM · clouds BKN 2800 ft · VFR');
  await expect(weather).toHaveAttribute('data-part107', 'MEETS_MINIMA');
  await expect(weather).toContainText('TAF KRNT 081720Z');
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.getByTestId('briefing:daylight-weather').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/briefing-daylight-weather-${size.width}.png` });
  }
});

test('the LAANC section opens at its decision, the details folded, within one desktop screen', async ({ page }) => {
  test.setTimeout(120_000);
  await given.signedIn(page, 'pilot');
  const id = await operationWithLaanc(page.context(), { name: 'Decision first (e2e)', boundary: PLACES.furtherCoordination, startInHours: 96, maxAltitude: 200, fixedAltitude: true });
  await page.goto(`/operations/${id}?e2e=1`);
  const decision = page.getByTestId('laanc:decision');
  await expect(decision.getByTestId('laanc:decision-further')).toContainText(/Needs further coordination: 1 request to submit with a justification/);
  await expect(page.getByTestId('laanc:notices')).not.toHaveAttribute('open', '');
  await expect(page.getByTestId('laanc:candidates')).not.toHaveAttribute('open', '');
  const box = (await page.getByTestId('laanc').boundingBox())!;
  expect(box.height, 'the LAANC section fits one desktop screen').toBeLessThanOrEqual(800);
  await page.getByTestId('laanc').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/laanc-decision-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('laanc').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/laanc-decision-390.png' });
});
