/**
 * Lengths and their rounding, in one place for the service and the portal (docs/briefing-rules.md,
 * "Metres and feet"). Pure and without zod, so the portal's plan page loads it without the contract's
 * schemas (docs/portal-delivery.md).
 *
 * Exact factors: the international foot (0.3048 m), the nautical mile (1852 m), the statute mile
 * (1609.344 m). Where an altitude must be whole feet, it is rounded to the restrictive side:
 * - feetUp: how high a flight goes (it reaches what it asks: 30.5 m is 101 ft, never 100 under a 100 ft ceiling);
 * - feetDown: a limit the flight must stay under (a facility-map ceiling, an airspace's floor: 30.6 m is 100 ft).
 * WHOLE_FOOT_TOLERANCE keeps exact conversions exact (121.92 m is 400 ft both ways, not 401 or 399).
 */
export const METERS_PER_FOOT = 0.3048;
export const METERS_PER_NM = 1852;
export const METERS_PER_STATUTE_MILE = 1609.344;
export const SQ_METERS_PER_SQ_MI = METERS_PER_STATUTE_MILE * METERS_PER_STATUTE_MILE;
/** Feet: a conversion within this of a whole foot is that foot (floating-point error is ~1e-11 ft here). */
export const WHOLE_FOOT_TOLERANCE = 1e-6;

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

/** Whole feet at or above the value: a flight's altitude. A value already in whole feet stays as it is. */
export function feetUp(value: number, unit: LengthUnit): number {
  return Math.ceil(toFeet(value, unit) - WHOLE_FOOT_TOLERANCE);
}

/** Whole feet at or below the value: a ceiling or a floor the flight must stay under. */
export function feetDown(value: number, unit: LengthUnit): number {
  return Math.floor(toFeet(value, unit) + WHOLE_FOOT_TOLERANCE);
}

/** The contract's altitude unit as a length unit: only ALTITUDE_UNIT_METERS is metres (the platform's default is feet). */
export function lengthUnitOf(altitudeUnit: string | undefined): LengthUnit {
  return altitudeUnit === 'ALTITUDE_UNIT_METERS' ? 'm' : 'ft';
}

/**
 * A flight's maximum altitude as LAANC and the portal ask it, in feet: metres round up (feetUp); feet are
 * taken as sent (LAANC compares 100.5 ft with a 100 ft ceiling as it is).
 */
export function flightFeet(maxAltitude: number, altitudeUnit: string | undefined): number {
  return lengthUnitOf(altitudeUnit) === 'm' ? feetUp(maxAltitude, 'm') : maxAltitude;
}
