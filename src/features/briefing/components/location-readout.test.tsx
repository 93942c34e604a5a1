import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { LocationReadout } from './location-readout';

const PATH = '/v2/briefing/preflight/location';
const INPUT = { latitude: 47.53, longitude: -122.305, startTime: '2099-07-01T16:00:00Z', endTime: '2099-07-01T17:00:00Z', maxAltitude: 200 };
const ft = (value: number) => ({ value, reference: 'ALTITUDE_REFERENCE_AGL' as const, unit: 'ALTITUDE_UNIT_FEET' as const });
const ANSWER = {
  status: 'NOTICE_STATUS_WARNING',
  authorizationType: 'AUTHORIZATION_TYPE_RESTRICTED',
  notices: [
    { dataSource: 'NOTICE_DATA_SOURCE_TFR_ACTIVE', title: 'TFR 4/1234 VIP movement', distance: 0, lowerAltitude: ft(0), upperAltitude: { value: 3000, reference: 'ALTITUDE_REFERENCE_AMSL', unit: 'ALTITUDE_UNIT_FEET' }, schedule: { startTime: '2099-07-01T15:00:00Z', endTime: '2099-07-01T20:00:00Z', timezone: 'America/Los_Angeles' } },
    { dataSource: 'NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE', title: 'Class D airspace: BOEING FIELD/KING COUNTY INTL', distance: 0, lowerAltitude: ft(0), upperAltitude: { value: 2500, reference: 'ALTITUDE_REFERENCE_AMSL', unit: 'ALTITUDE_UNIT_FEET' } },
    { dataSource: 'NOTICE_DATA_SOURCE_UASFM_CEILING', title: 'Facility map ceiling 100 ft', distance: 0, lowerAltitude: ft(0), upperAltitude: ft(100) },
    { dataSource: 'NOTICE_DATA_SOURCE_STADIUM', title: 'Lumen Field', distance: 1.4 },
  ],
};

describe('LocationReadout', () => {
  it('tells what is at the point: the ceiling, the class and its floor, the restriction and its times', async () => {
    const api = mockFetch(() => json(ANSWER));
    renderWithClient(<LocationReadout input={INPUT} blockedText={null} timeZone="America/Los_Angeles" />);
    const list = await screen.findByTestId('location:notices');
    expect(JSON.parse(String(api.callsTo(PATH)[0]![1]!.body))).toEqual(INPUT);
    expect(screen.getByTestId('location:status').textContent).toBe('Warning');
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/Temporary flight restriction \(active\): TFR 4\/1234 VIP movement.*Floor surface, top 3,000 ft MSL.*Wed, Jul 1, 08:00 PDT to Wed, Jul 1, 13:00 PDT/);
    expect(items[1]).toMatch(/Controlled airspace \(LAANC\): Class D airspace.*Floor surface, top 2,500 ft MSL/);
    expect(items[2]).toMatch(/UAS facility map ceiling: Facility map ceiling 100 ft.*Ceiling 100 ft AGL/);
    expect(screen.getByText(/1 more within 2 NM/)).toBeTruthy();
  });

  it('asks nothing and says why when it cannot ask', async () => {
    const api = mockFetch(() => json(ANSWER));
    renderWithClient(<LocationReadout input={INPUT} blockedText="Sign in to read what is here." timeZone="America/Los_Angeles" />);
    expect(screen.getByTestId('location:readout').textContent).toMatch(/Sign in to read what is here/);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo(PATH)).toHaveLength(0);
  });

  it('shows the service’s error with a retry', async () => {
    mockFetch(() => json({ statusCode: 400, message: 'latitude: must be at most 90' }, 400));
    renderWithClient(<LocationReadout input={INPUT} blockedText={null} timeZone="America/Los_Angeles" />);
    expect((await screen.findByTestId('location:error')).textContent).toMatch(/latitude: must be at most 90/);
  });
});
