/** How the constant tables describe an area: [lon, lat] positions, radii in nautical miles. */
import type { AltitudeLimit, TimeOfUse } from '../../model';

export type Shape =
  | { circle: [lon: number, lat: number, radiusNm: number] }
  | { box: [west: number, south: number, east: number, north: number] }
  | { poly: Array<[lon: number, lat: number]> };

export const SFC: AltitudeLimit = { value: 0, reference: 'SFC' };
export const msl = (value: number): AltitudeLimit => ({ value, reference: 'MSL' });
export const agl = (value: number): AltitudeLimit => ({ value, reference: 'AGL' });

/** Recurring hours in local time (the zone is filled in from the position). */
export type Hours = Omit<TimeOfUse, 'timezone' | 'startTime' | 'endTime'>;

export const WEEKDAYS: NonNullable<TimeOfUse['daysActive']> = ['MON', 'TUE', 'WED', 'THU', 'FRI'];

/** "Unlimited" tops: the model has no such value, so a height no aircraft reaches stands in for it. */
export const UNLIMITED: AltitudeLimit = { value: 99999, reference: 'MSL' };
