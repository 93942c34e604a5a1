/**
 * The mapping table of docs/briefing-rules.md (domain.md "Briefings"): one feature, in effect or not
 * during the flight, becomes a data source, a status, a code, a rule and the authorization it calls for.
 */
import type { AuthorizationType, NoticeCode, NoticeDataSource, NoticeDataSubtype, NoticeStatus, RuleCode } from '../../contract/briefing';
import type { AirspaceFeature, Subtype } from '../../data/model';
import type { ActivityState } from './time';

export interface Outcome {
  dataSource: NoticeDataSource;
  dataSubtype: NoticeDataSubtype;
  status: NoticeStatus;
  code: NoticeCode;
  ruleCode: RuleCode;
  authorization: AuthorizationType;
  /** Controlled airspace that needs ATC authorization (decides Class G). */
  controlled: boolean;
  /** Why it applies now, in a phrase for the description ("active during your flight"). */
  situation?: string;
}

const SUBTYPES: Partial<Record<Subtype, NoticeDataSubtype>> = {
  CLASS_B: 'NOTICE_DATA_SUBTYPE_CLASS_B',
  CLASS_C: 'NOTICE_DATA_SUBTYPE_CLASS_C',
  CLASS_D: 'NOTICE_DATA_SUBTYPE_CLASS_D',
  CLASS_E: 'NOTICE_DATA_SUBTYPE_CLASS_E',
  PROHIBITED: 'NOTICE_DATA_SUBTYPE_PROHIBITED_AREA',
  RESTRICTED: 'NOTICE_DATA_SUBTYPE_RESTRICTED_AREA',
  MOA: 'NOTICE_DATA_SUBTYPE_MOA',
  ALERT: 'NOTICE_DATA_SUBTYPE_ALERT_AREA',
  WARNING_AREA: 'NOTICE_DATA_SUBTYPE_WARNING_AREA',
  DANGER: 'NOTICE_DATA_SUBTYPE_DANGER_AREA',
  ADVISORY: 'NOTICE_DATA_SUBTYPE_ADVISORY_AREA',
  EMERGENCY: 'NOTICE_DATA_SUBTYPE_EMERGENCY',
  ADMIN: 'NOTICE_DATA_SUBTYPE_ADMIN',
  RECREATIONAL: 'NOTICE_DATA_SUBTYPE_RECREATIONAL',
};

export function dataSubtype(s: Subtype | undefined): NoticeDataSubtype {
  return (s && SUBTYPES[s]) ?? 'NOTICE_DATA_SUBTYPE_UNSPECIFIED';
}

/** A national-security restriction is part-time when the data says so or when it has times of use. */
export function isPartTime(f: AirspaceFeature): boolean {
  if (typeof f.props?.partTime === 'boolean') return f.props.partTime;
  return (f.schedule?.timesOfUse?.length ?? 0) > 0;
}

type Base = Omit<Outcome, 'status' | 'authorization' | 'controlled'>;

function o(base: Base, status: NoticeStatus, authorization: AuthorizationType, situation?: string, controlled = false): Outcome {
  // Fields written out: two object spreads here showed as 4 % of an area briefing's CPU.
  const out: Outcome = { dataSource: base.dataSource, dataSubtype: base.dataSubtype, code: base.code, ruleCode: base.ruleCode, status, authorization, controlled };
  if (situation) out.situation = situation;
  return out;
}

const WARNING = 'NOTICE_STATUS_WARNING', CAUTION = 'NOTICE_STATUS_CAUTION', INFO = 'NOTICE_STATUS_INFORMATIONAL';
const RESTRICTED = 'AUTHORIZATION_TYPE_RESTRICTED', NONE = 'AUTHORIZATION_TYPE_NOT_REQUIRED';

/**
 * The outcome for a feature, or null when it does not concern the flight at all (expired, or not yet
 * in effect for anything but a TFR, which is announced ahead as TFR_SCHEDULED).
 * `laanc` says whether LAANC serves a controlled airspace (resolved by the caller from the grid).
 */
export function classify(f: AirspaceFeature, state: ActivityState, laanc: boolean): Outcome | null {
  if (state === 'expired') return null;
  if (state === 'upcoming' && f.layer !== 'tfr') return null;
  const active = state === 'active';
  const sub = dataSubtype(f.subtype);
  const base = (dataSource: NoticeDataSource, code: NoticeCode, ruleCode: RuleCode): Base => ({ dataSource, dataSubtype: sub, code, ruleCode });
  switch (f.layer) {
    case 'class_airspace': {
      const b = base(laanc ? 'NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE' : 'NOTICE_DATA_SOURCE_LAANC_NOT_ENABLED_CONTROLLED_AIRSPACE', 'NOTICE_CODE_CONTROLLED_AIRSPACE', 'RULE_CODE_5_3A');
      // A part-time surface area outside its hours reverts to other airspace (AIM 3-2-5): awareness only.
      if (!active) return o(b, INFO, NONE, 'not in effect during your flight (part-time airspace)');
      return o(b, CAUTION, laanc ? 'AUTHORIZATION_TYPE_LAANC' : 'AUTHORIZATION_TYPE_DRONE_ZONE', undefined, true);
    }
    case 'uasfm': {
      const b = base('NOTICE_DATA_SOURCE_UASFM_CEILING', 'NOTICE_CODE_CONTROLLED_AIRSPACE', 'RULE_CODE_5_3B');
      if (!active) return o(b, INFO, NONE, 'not in effect during your flight');
      return o(b, CAUTION, laanc ? 'AUTHORIZATION_TYPE_LAANC' : 'AUTHORIZATION_TYPE_DRONE_ZONE', undefined, true);
    }
    case 'sua': {
      const sua = (rule: RuleCode) => base('NOTICE_DATA_SOURCE_SUA', 'NOTICE_CODE_SPECIAL_USE_AIRSPACE', rule);
      if (f.subtype === 'PROHIBITED') return active ? o(sua('RULE_CODE_5_3H'), WARNING, RESTRICTED) : o(sua('RULE_CODE_5_3H'), CAUTION, NONE, 'not in effect during your flight');
      if (f.subtype === 'RESTRICTED') {
        return active ? o(sua('RULE_CODE_5_3H'), WARNING, RESTRICTED, 'active during your flight') : o(sua('RULE_CODE_5_3H'), CAUTION, NONE, 'not scheduled during your flight; it can be activated by NOTAM');
      }
      // A danger area, or one whose type the data does not name, is briefed as an alert area is: the data
      // cannot say it is harmless, so while in effect it is CAUTION, never left out of the status.
      if (f.subtype === 'MOA' || f.subtype === 'ALERT' || f.subtype === 'WARNING_AREA' || f.subtype === 'DANGER' || f.subtype === undefined) {
        return active ? o(sua('RULE_CODE_5_3I'), CAUTION, NONE, 'active during your flight') : o(sua('RULE_CODE_5_3I'), INFO, NONE, 'not scheduled during your flight');
      }
      return o(sua('RULE_CODE_5_3I'), INFO, NONE);
    }
    case 'washington_frz':
      return o(base('NOTICE_DATA_SOURCE_WASHINGTON_FRZ', 'NOTICE_CODE_FLIGHT_RESTRICTED_AIRSPACE', 'RULE_CODE_5_3D'), WARNING, RESTRICTED);
    case 'washington_sfra':
      return o(base('NOTICE_DATA_SOURCE_WASHINGTON_SFRA', 'NOTICE_CODE_SPECIAL_FLIGHT_RULES_AREA', 'RULE_CODE_5_3E'), CAUTION, NONE);
    case 'satr':
      return o(base('NOTICE_DATA_SOURCE_SATR', 'NOTICE_CODE_SPECIAL_FLIGHT_RULES_AREA', 'RULE_CODE_5_3K'), CAUTION, NONE);
    case 'nsufr': {
      if (!isPartTime(f)) return o(base('NOTICE_DATA_SOURCE_NSUFR_FULL_TIME', 'NOTICE_CODE_FLIGHT_RESTRICTED_AIRSPACE', 'RULE_CODE_5_3C'), WARNING, RESTRICTED);
      const b = base('NOTICE_DATA_SOURCE_NSUFR_PART_TIME', 'NOTICE_CODE_FLIGHT_RESTRICTED_AIRSPACE', 'RULE_CODE_5_3C');
      return active ? o(b, WARNING, RESTRICTED, 'in effect during your flight') : o(b, CAUTION, NONE, 'not in effect during your flight; check its hours before you fly');
    }
    case 'stadium': {
      const b = base('NOTICE_DATA_SOURCE_STADIUM', 'NOTICE_CODE_STADIUM', 'RULE_CODE_5_3G');
      return active ? o(b, WARNING, RESTRICTED, 'an event restriction is in effect during your flight') : o(b, INFO, NONE, 'no event restriction during your flight');
    }
    case 'tfr': {
      if (active) return o(base('NOTICE_DATA_SOURCE_TFR_ACTIVE', 'NOTICE_CODE_FLIGHT_RESTRICTED_AIRSPACE', 'RULE_CODE_5_3F'), WARNING, RESTRICTED, 'active during your flight');
      return o(base('NOTICE_DATA_SOURCE_TFR_SCHEDULED', 'NOTICE_CODE_FLIGHT_RESTRICTED_AIRSPACE', 'RULE_CODE_5_3F'), CAUTION, NONE, 'scheduled, but not active during your flight');
    }
    case 'national_park':
      return o(base('NOTICE_DATA_SOURCE_NATIONAL_PARK', 'NOTICE_CODE_NATIONAL_PARK', 'RULE_CODE_5_3J'), CAUTION, NONE);
    case 'recreational_flyer_fixed_site':
      return o(base('NOTICE_DATA_SOURCE_RECREATIONAL_FLYER_FIXED_SITE', 'NOTICE_CODE_RECREATIONAL_FIXED_FLYER_SITE', 'RULE_CODE_5_3O'), INFO, NONE);
    case 'airport': {
      const source = f.subtype === 'HELIPORT' ? 'NOTICE_DATA_SOURCE_HELIPAD' : f.subtype === 'SEAPLANE_BASE' ? 'NOTICE_DATA_SOURCE_SEAPORT' : 'NOTICE_DATA_SOURCE_AIRPORT';
      return o(base(source, 'NOTICE_CODE_INFORMATIONAL', 'RULE_CODE_NOT_A_RULE'), INFO, NONE);
    }
    case 'mtr':
      return o(base('NOTICE_DATA_SOURCE_MTR', 'NOTICE_CODE_INFORMATIONAL', 'RULE_CODE_NOT_A_RULE'), INFO, NONE);
    case 'community_advisory':
      return active ? o(base('NOTICE_DATA_SOURCE_COMMUNITY_ADVISORY', 'NOTICE_CODE_INFORMATIONAL', 'RULE_CODE_NOT_A_RULE'), INFO, NONE) : null;
    case 'notam': {
      if (!active) return null;
      // domain.md: a NOTAM may be CAUTION; the data marks those with severity "caution".
      const caution = String(f.props?.severity ?? '').toLowerCase() === 'caution';
      return o(base('NOTICE_DATA_SOURCE_NOTAM', 'NOTICE_CODE_INFORMATIONAL', 'RULE_CODE_NOT_A_RULE'), caution ? CAUTION : INFO, NONE);
    }
  }
}

/** Class G (domain.md): uncontrolled, Part 107 limit 400 ft AGL: CLEAR_TO_FLY, no authorization. */
export const CLASS_G_OUTCOME: Outcome = {
  dataSource: 'NOTICE_DATA_SOURCE_CLASS_G',
  dataSubtype: 'NOTICE_DATA_SUBTYPE_UNSPECIFIED',
  status: 'NOTICE_STATUS_CLEAR_TO_FLY',
  code: 'NOTICE_CODE_CLEAR_TO_FLY',
  ruleCode: 'RULE_CODE_5_3P',
  authorization: 'AUTHORIZATION_TYPE_NOT_REQUIRED',
  controlled: false,
};

/** domain.md: WARNING > CAUTION > CLEAR_TO_FLY > INFORMATIONAL > UNSPECIFIED. */
export const STATUS_RANK: Record<NoticeStatus, number> = {
  NOTICE_STATUS_UNSPECIFIED: 0,
  NOTICE_STATUS_INFORMATIONAL: 1,
  NOTICE_STATUS_CLEAR_TO_FLY: 2,
  NOTICE_STATUS_CAUTION: 3,
  NOTICE_STATUS_WARNING: 4,
};

/** domain.md: RESTRICTED > DRONE_ZONE > LAANC > NOT_REQUIRED; so LAANC mixed with non-LAANC controlled airspace gives DRONE_ZONE. */
export const AUTHORIZATION_RANK: Record<AuthorizationType, number> = {
  AUTHORIZATION_TYPE_UNSPECIFIED: 0,
  AUTHORIZATION_TYPE_NOT_REQUIRED: 1,
  AUTHORIZATION_TYPE_LAANC: 2,
  AUTHORIZATION_TYPE_DRONE_ZONE: 3,
  AUTHORIZATION_TYPE_RESTRICTED: 4,
};
