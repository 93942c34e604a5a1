import { given, squareParam, then } from './driver';
import { expect, test } from './fixtures';

test('a planned area becomes an operation with a LAANC request', async ({ page }) => {
  await given.signedIn(page, 'pilot');
  await given.onPlanPage(page, `${squareParam(-122.33, 47.57, 0.003)}&alt=50`);
  await then.briefingStatus(page, 'CAUTION', 'LAANC');

  const form = page.getByTestId('plan:create-operation');
  await form.getByLabel('Operation name').fill('Roof survey north of Boeing Field');
  await form.getByLabel('Phone').fill('+1 206 555 0100');
  await form.getByRole('button', { name: 'Create operation and request LAANC' }).click();

  await expect(page).toHaveURL(/\/operations\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const op = await page.request.get(`/v1/operations/${id}`);
  expect(op.status()).toBe(200);
  expect(await op.json()).toMatchObject({ name: 'Roof survey north of Boeing Field', maxAltitude: 50, altitudeUnit: 'ALTITUDE_UNIT_FEET', flightType: 'FLIGHT_TYPE_COMMERCIAL' });
  const laanc = await page.request.get(`/v1/operations/${id}/laanc`);
  expect(laanc.status()).toBe(200);
  expect((await laanc.json()).operation).toMatchObject({ license: 'LICENSE_PART_107', pointOfContact: { firstName: 'Alice', lastName: 'Pilot' } });
});
