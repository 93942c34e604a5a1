/** Conversions with exact factors (international foot, nautical mile, statute mile). */
export const METERS_PER_FOOT = 0.3048;
export const METERS_PER_NM = 1852;
export const SQ_METERS_PER_SQ_MI = 1609.344 * 1609.344;

export type LengthUnit = 'ft' | 'm';

export function toMeters(value: number, unit: LengthUnit): number {
  return unit === 'ft' ? value * METERS_PER_FOOT : value;
}

export function fromMeters(meters: number, unit: LengthUnit): number {
  return unit === 'ft' ? meters / METERS_PER_FOOT : meters;
}

export function toFeet(value: number, unit: LengthUnit): number {
  return unit === 'ft' ? value : value / METERS_PER_FOOT;
}

/**
 * Whole feet for an altitude sent to the service, rounded up: a briefing or route for 30.5 m must not be
 * asked for 100 ft (30.48 m) under a 100 ft ceiling. A value already in whole feet stays as it is.
 */
export function feetUp(value: number, unit: LengthUnit): number {
  return Math.ceil(toFeet(value, unit) - 1e-9);
}
