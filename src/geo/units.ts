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
