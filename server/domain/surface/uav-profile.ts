/**
 * Reads the free-text UAV fields of suitability (spec 4.10 leaves their values open, so the forms
 * accepted are ours; docs/ground-risk.md lists them) into numbers the scoring and SORA use.
 */
import type { Uav } from '../../contract/surface';
import { InvalidSurfaceValueError } from './errors';

export type UavClass = 'micro' | 'small' | 'large';
export type UavType = 'multirotor' | 'fixed_wing' | 'hybrid' | 'helicopter';
export type LosType = 'VLOS' | 'EVLOS' | 'BVLOS';

export interface UavProfile {
  massKg: number | null;
  weightClass: UavClass;
  type: UavType;
  los: LosType;
  /** The UA as SORA's iGRC table reads it. */
  sora: Uav;
}

const LB_KG = 0.45359237;
/** 14 CFR 107.3: a small UAS weighs less than 55 lb (24.9 kg); 250 g is the registration and SORA footnote line. */
const MICRO_KG = 0.25;
const SMALL_KG = 55 * LB_KG;

export function parseUavWeight(s: string | undefined): { kg: number | null; cls: UavClass } {
  if (s === undefined || s.trim() === '') return { kg: null, cls: 'small' };
  const t = s.trim().toLowerCase();
  if (t === 'micro' || t === 'small' || t === 'large') return { kg: null, cls: t };
  const m = /^[<\u2264]?=?\s*(\d+(?:\.\d+)?)\s*(kg|g|lbs?|)$/.exec(t);
  if (!m) throw new InvalidSurfaceValueError(`uavWeight "${s}" is not understood; give a mass such as "0.9", "0.9kg", "249g", "2lb", or micro, small, large`, 'uavWeight');
  const n = Number(m[1]);
  const kg = m[2] === 'g' ? n / 1000 : m[2]!.startsWith('lb') ? n * LB_KG : n;
  if (kg <= 0 || kg > 10_000) throw new InvalidSurfaceValueError(`uavWeight ${s} is outside 0..10,000 kg`, 'uavWeight');
  return { kg, cls: kg <= MICRO_KG ? 'micro' : kg < SMALL_KG ? 'small' : 'large' };
}

export function parseUavType(s: string | undefined): UavType {
  if (s === undefined || s.trim() === '') return 'multirotor';
  const t = s.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (t === 'multirotor' || t === 'multicopter' || t === 'quadcopter' || t === 'rotorcraft') return 'multirotor';
  if (t === 'fixed_wing' || t === 'fixedwing' || t === 'airplane') return 'fixed_wing';
  if (t === 'hybrid' || t === 'vtol') return 'hybrid';
  if (t === 'helicopter') return 'helicopter';
  throw new InvalidSurfaceValueError(`uavType "${s}" is not one of multirotor, fixed_wing, hybrid, helicopter`, 'uavType');
}

export function parseLosType(s: string | undefined): LosType {
  if (s === undefined || s.trim() === '') return 'VLOS';
  const t = s.trim().toUpperCase();
  if (t === 'VLOS' || t === 'EVLOS' || t === 'BVLOS') return t;
  throw new InvalidSurfaceValueError(`losType "${s}" is not one of VLOS, EVLOS, BVLOS`, 'losType');
}

/**
 * SORA columns from the little we know (our assumption): up to 4 kg a UA fits 1 m / 25 m/s, a
 * small UAS (< 55 lb) 3 m / 35 m/s, anything heavier 8 m / 75 m/s; fixed wings fly one column faster.
 */
function soraUav(kg: number | null, cls: UavClass, type: UavType): Uav {
  const columns: Uav[] = [{ maxDimensionM: 1, maxSpeedMps: 25 }, { maxDimensionM: 3, maxSpeedMps: 35 }, { maxDimensionM: 8, maxSpeedMps: 75 }, { maxDimensionM: 20, maxSpeedMps: 120 }];
  let col = cls === 'large' ? 2 : cls === 'micro' || (kg !== null && kg <= 4) ? 0 : kg === null ? 0 : 1;
  if (type === 'fixed_wing') col += 1;
  const base = columns[col]!;
  return cls === 'micro' && type !== 'fixed_wing' ? { ...base, takeoffMassKg: kg ?? MICRO_KG } : base;
}

export function uavProfile(input: { uavWeight?: string | undefined; uavType?: string | undefined; losType?: string | undefined }): UavProfile {
  const { kg, cls } = parseUavWeight(input.uavWeight);
  const type = parseUavType(input.uavType);
  const los = parseLosType(input.losType);
  return { massKg: kg, weightClass: cls, type, los, sora: soraUav(kg, cls, type) };
}
