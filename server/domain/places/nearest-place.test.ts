import { describe, expect, it } from 'vitest';
import { CityTable } from './city-table';
import { nearestPlace } from './nearest-place';

const place = (name: string, lon: number, lat: number, country = 'US', adminCode = 'WA') => ({ name, country, adminCode, population: 5_000, loc: { coordinates: [lon, lat] as [number, number] } });

describe('nearestPlace', () => {
  const table = CityTable.of([place('Burien', -122.3468, 47.4704), place('White Center', -122.3543, 47.5073), place('Renton', -122.2171, 47.4829), place('Victoria', -123.3693, 48.4284, 'CA', '02')]);

  it('names the nearest place by great-circle distance, with the US state', () => {
    expect(nearestPlace([-122.35, 47.5], 15, table)).toEqual({ name: 'White Center', region: 'WA', country: 'US', distanceNm: 0.5 });
  });

  it('gives no region outside the US, and nothing beyond the radius', () => {
    expect(nearestPlace([-123.37, 48.43], 15, table)).toMatchObject({ name: 'Victoria', region: null, country: 'CA' });
    expect(nearestPlace([-120, 45], 15, table)).toBeNull();
  });

  it('finds the real places of the package: Boeing Field lies in Tukwila or one of its neighbours', () => {
    const near = nearestPlace([-122.302, 47.53]);
    expect(near).not.toBeNull();
    expect(near!.region).toBe('WA');
    expect(near!.distanceNm).toBeLessThan(3);
  });
});
