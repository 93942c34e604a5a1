/**
 * What blocks a flight outright (authorization RESTRICTED): active TFRs, prohibited and active
 * restricted areas, national-security restrictions in effect, the Washington DC FRZ and stadiums
 * during events, each with when it is in effect within the window. The LAANC module turns these into
 * its notices and time split (docs/operations-laanc.md).
 */
import type { Notice } from '../../contract/briefing';
import type { Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import { DEFAULT_MAX_ALTITUDE_FT, type GroundProvider } from './altitude';
import { assess } from './evaluate';
import { noticeGeometry } from './notice';
import { activity, inEffectWithin, isoOrUndefined, windowInterval, type FlightWindow, type Interval } from './time';

export type RestrictionKind = 'TFR' | 'PROHIBITED_AREA' | 'RESTRICTED_AREA' | 'NSUFR' | 'WASHINGTON_FRZ' | 'STADIUM';

export interface Restriction {
  kind: RestrictionKind;
  featureId: string;
  name: string;
  ident?: string;
  /** The restricted boundary (a stadium's 3 NM circle, otherwise the feature's geometry). */
  geometry: FeatureGeometry;
  /** The period in effect that overlaps the window; absent ends are unbounded (until further notice). */
  startTime?: string;
  endTime?: string;
  /**
   * When, within the window, it is in effect (ms, end exclusive; clipped, merged, in order): the times
   * of use, event windows and schedule that overlap the window. One the mapping table makes RESTRICTED
   * whatever its hours (the DC FRZ, a full-time NSUFR) covers the whole window.
   */
  periods: Interval[];
  notice: Notice;
  feature: AirspaceFeature;
}

function kindOf(f: AirspaceFeature): RestrictionKind {
  switch (f.layer) {
    case 'tfr': return 'TFR';
    case 'nsufr': return 'NSUFR';
    case 'washington_frz': return 'WASHINGTON_FRZ';
    case 'stadium': return 'STADIUM';
    default: return f.subtype === 'RESTRICTED' ? 'RESTRICTED_AREA' : 'PROHIBITED_AREA';
  }
}

export interface RestrictionWindow extends FlightWindow {
  /** Top of the flight in ft AGL (default 400): restrictions whose floor is above it do not block. */
  maxAltitudeFt?: number;
  /** The imported DEM's ground, as the briefings get it (docs/elevation.md): the same floors count. */
  groundMaxFt?: GroundProvider | undefined;
}

export function restrictionsFor(dataset: Dataset, geometry: FeatureGeometry, window: RestrictionWindow): Restriction[] {
  const evaluated = assess(dataset, geometry, {
    window,
    maxAltitudeFt: window.maxAltitudeFt ?? DEFAULT_MAX_ALTITUDE_FT,
    includeGeometry: true,
    nearbyNm: 0,
    ground: window.groundMaxFt?.(geometry),
  });
  return evaluated
    .filter((e) => e.authorization === 'AUTHORIZATION_TYPE_RESTRICTED')
    .flatMap((e) => e.features)
    .map((f) => {
      const first = activity(f, window).intervals[0];
      const startTime = first ? isoOrUndefined(first.start) : undefined;
      const endTime = first ? isoOrUndefined(first.end) : undefined;
      const notice = evaluated.find((e) => e.features.includes(f))!.notice;
      const within = inEffectWithin(f, window);
      const periods = within.length > 0 ? within : [windowInterval(window)];
      return {
        kind: kindOf(f),
        featureId: f.id,
        name: f.name,
        ...(f.ident ? { ident: f.ident } : {}),
        geometry: noticeGeometry(f),
        ...(startTime ? { startTime } : {}),
        ...(endTime ? { endTime } : {}),
        periods,
        notice,
        feature: f,
      };
    });
}
