import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import { placesDataset } from './fixtures';
import { nearestAirport } from './nearest-airport';

const ds = new Dataset(placesDataset());

describe('nearestAirport', () => {
  it('names the nearest airport with distance and the direction of the point from it', () => {
    // About 2 NM south-east of Boeing Field; the Boeing Plant 2 heliport is nearer but is not an airport.
    expect(nearestAirport(ds, [-122.27, 47.505])).toEqual({ ident: 'BFI', name: 'King County International Airport - Boeing Field', distanceNm: 2, direction: 'SE', state: 'WA' });
  });

  it('says no direction on the field, and finds heliports when asked', () => {
    expect(nearestAirport(ds, [-122.302, 47.531])).toMatchObject({ ident: 'BFI', direction: null });
    expect(nearestAirport(ds, [-122.31, 47.531], 30, ['HELIPORT'])).toMatchObject({ ident: '9WA0' });
  });

  it('finds nothing beyond the distance asked', () => {
    expect(nearestAirport(ds, [-120.0, 45.0], 30)).toBeNull();
  });
});
