/**
 * Words for the briefing's codes (spec 2.2; domain.md for what each source means to a pilot).
 * Colour is never the only signal: every status also has a label and a sentence.
 */
import type { Altitude, AuthorizationType, NoticeDataSource, NoticeDataSubtype, NoticeStatus } from '../../../server/contract/briefing';

export type Tone = 'danger' | 'warning' | 'success' | 'info' | 'neutral';

export const STATUS_ORDER: NoticeStatus[] = [
  'NOTICE_STATUS_WARNING',
  'NOTICE_STATUS_CAUTION',
  'NOTICE_STATUS_CLEAR_TO_FLY',
  'NOTICE_STATUS_INFORMATIONAL',
  'NOTICE_STATUS_UNSPECIFIED',
];

export const STATUS_TEXT: Record<NoticeStatus, { label: string; sentence: string; tone: Tone; group: string }> = {
  NOTICE_STATUS_WARNING: {
    label: 'Warning',
    sentence: 'Flight is prohibited or restricted in this area.',
    tone: 'danger',
    group: 'Warnings',
  },
  NOTICE_STATUS_CAUTION: {
    label: 'Caution',
    sentence: 'Flight may be possible here, but needs awareness or an authorization.',
    tone: 'warning',
    group: 'Cautions',
  },
  NOTICE_STATUS_CLEAR_TO_FLY: { label: 'Clear to fly', sentence: 'No airspace concerns were found for this area.', tone: 'success', group: 'Clear to fly' },
  NOTICE_STATUS_INFORMATIONAL: {
    label: 'Informational',
    sentence: 'Only informational notices apply; judge for yourself whether your flight conforms.',
    tone: 'info',
    group: 'Informational',
  },
  NOTICE_STATUS_UNSPECIFIED: { label: 'Unknown', sentence: 'The status of this area could not be determined.', tone: 'neutral', group: 'Other' },
};

export const AUTHORIZATION_TEXT: Record<AuthorizationType, { label: string; next: string }> = {
  AUTHORIZATION_TYPE_NOT_REQUIRED: {
    label: 'No authorization required',
    next: 'You can fly under your usual rules; read the notices below before you go.',
  },
  AUTHORIZATION_TYPE_LAANC: {
    label: 'LAANC authorization required',
    next: 'Create the operation and request LAANC. At or below the facility-map ceiling it can be approved automatically; above it (Part 107 only) it goes to further coordination.',
  },
  AUTHORIZATION_TYPE_DRONE_ZONE: {
    label: 'Authorization required (not through LAANC)',
    next: 'LAANC is not available here: apply for an airspace authorization through FAA DroneZone well ahead of the flight.',
  },
  AUTHORIZATION_TYPE_RESTRICTED: {
    label: 'Restricted',
    next: 'Drones may not fly here without special FAA (and for security areas, TSA) authorization. Choose another area or time.',
  },
  AUTHORIZATION_TYPE_UNSPECIFIED: {
    label: 'Authorization unknown',
    next: 'Whether you need an authorization could not be determined; check the notices and the FAA’s B4UFLY.',
  },
};

const SOURCE_TEXT: Partial<Record<NoticeDataSource, string>> = {
  NOTICE_DATA_SOURCE_NSUFR_PART_TIME: 'National security flight restriction (part time)',
  NOTICE_DATA_SOURCE_NSUFR_FULL_TIME: 'National security flight restriction',
  NOTICE_DATA_SOURCE_SATR: 'Special air traffic rules',
  NOTICE_DATA_SOURCE_WASHINGTON_FRZ: 'Washington DC Flight Restricted Zone',
  NOTICE_DATA_SOURCE_TFR_ACTIVE: 'Temporary flight restriction (active)',
  NOTICE_DATA_SOURCE_SUA: 'Special use airspace',
  NOTICE_DATA_SOURCE_WASHINGTON_SFRA: 'Washington DC Special Flight Rules Area',
  NOTICE_DATA_SOURCE_TFR_SCHEDULED: 'Temporary flight restriction (scheduled)',
  NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE: 'Controlled airspace (LAANC)',
  NOTICE_DATA_SOURCE_UASFM_CEILING: 'UAS facility map ceiling',
  NOTICE_DATA_SOURCE_MTR: 'Military training route',
  NOTICE_DATA_SOURCE_STADIUM: 'Stadium',
  NOTICE_DATA_SOURCE_LAANC_NOT_ENABLED_CONTROLLED_AIRSPACE: 'Controlled airspace (no LAANC)',
  NOTICE_DATA_SOURCE_NATIONAL_PARK: 'National park',
  NOTICE_DATA_SOURCE_RECREATIONAL_FLYER_FIXED_SITE: 'Recreational flyer fixed site',
  NOTICE_DATA_SOURCE_CLASS_G: 'Uncontrolled airspace (Class G)',
  NOTICE_DATA_SOURCE_COMMUNITY_ADVISORY: 'Community advisory',
  NOTICE_DATA_SOURCE_AIRPORT: 'Airport',
  NOTICE_DATA_SOURCE_HELIPAD: 'Heliport',
  NOTICE_DATA_SOURCE_NOTAM: 'NOTAM',
  NOTICE_DATA_SOURCE_SEAPORT: 'Seaplane base',
};

export function sourceText(s: NoticeDataSource | undefined): string | null {
  return s ? (SOURCE_TEXT[s] ?? null) : null;
}

/** "Class D airspace" for the airspace classes, which tell alike facility-map notices apart; null otherwise. */
export function subtypeText(s: NoticeDataSubtype | undefined): string | null {
  const c = /_CLASS_([BCDE])$/.exec(s ?? '')?.[1];
  return c ? `Class ${c} airspace` : null;
}

const REFERENCE: Record<string, string> = { ALTITUDE_REFERENCE_AGL: 'AGL', ALTITUDE_REFERENCE_AMSL: 'MSL', ALTITUDE_REFERENCE_WGS84: 'WGS 84' };

export function altitudeText(a: Altitude | undefined): string | null {
  if (!a || a.value === undefined) return null;
  const unit = a.unit === 'ALTITUDE_UNIT_METERS' ? 'm' : 'ft';
  const ref = a.reference ? (REFERENCE[a.reference] ?? '') : '';
  if (a.value === 0 && ref === 'AGL') return 'surface';
  return `${a.value.toLocaleString('en-US')} ${unit}${ref ? ` ${ref}` : ''}`;
}

/** "RULE_CODE_5_3A" → "5.3(a)": the rule numbering of the briefing rules. */
export function ruleCodeText(code: string | undefined): string | null {
  if (!code || code === 'RULE_CODE_UNSPECIFIED' || code === 'RULE_CODE_NOT_A_RULE') return null;
  const m = /^RULE_CODE_(\d+)_(\d+)([A-Z])$/.exec(code);
  return m ? `Rule ${m[1]}.${m[2]}(${m[3]!.toLowerCase()})` : null;
}

/** "12 min ago", "3 h ago", "2 days ago". */
export function ageText(seconds: number): string {
  if (seconds < 90) return 'just now';
  const min = Math.round(seconds / 60);
  if (min < 90) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 36) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}
