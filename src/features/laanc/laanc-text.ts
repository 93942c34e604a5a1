/**
 * Words for LAANC codes (spec 2.5; statuses, reasons and actions are ours: domain.md "LAANC",
 * docs/operations-laanc.md). Colour is never the only signal: each status has a label and a sentence.
 */
import type { AuthorizationStatus, License, NoticeAction, NoticeReason, SubmissionType } from '../../../server/contract/laanc';

export type Tone = 'danger' | 'warning' | 'success' | 'info' | 'neutral';

export const STATUS_TEXT: Record<AuthorizationStatus, { label: string; tone: Tone; sentence: string }> = {
  STATUS_UNSPECIFIED: { label: 'Unknown', tone: 'neutral', sentence: 'The status could not be determined.' },
  STATUS_PENDING: { label: 'Pending FAA', tone: 'warning', sentence: 'Further coordination: waiting for the FAA to approve or deny. Do not fly yet.' },
  STATUS_APPROVED: { label: 'Approved', tone: 'success', sentence: 'You may fly within this area, altitude and time.' },
  STATUS_DENIED: { label: 'Denied', tone: 'danger', sentence: 'The FAA denied the request. Do not fly here at this altitude.' },
  STATUS_CANCELLED: { label: 'Cancelled', tone: 'neutral', sentence: 'Cancelled by the pilot side.' },
  STATUS_AUTO_CANCELLED: { label: 'Auto-cancelled', tone: 'neutral', sentence: 'The FAA did not answer before the start time, so the request lapsed.' },
  STATUS_RESCINDED: { label: 'Rescinded', tone: 'danger', sentence: 'The FAA withdrew this authorization. Do not fly; acknowledge that you have seen it.' },
  STATUS_RESCINDED_ACKNOWLEDGED: { label: 'Rescinded, acknowledged', tone: 'neutral', sentence: 'The FAA withdrew it and the pilot side acknowledged.' },
  STATUS_INVALID: { label: 'Invalid', tone: 'danger', sentence: 'A change in the airspace (such as a new TFR) made it invalid. Do not fly; cancel it.' },
  STATUS_INVALID_CANCELLED: { label: 'Invalid, cancelled', tone: 'neutral', sentence: 'It became invalid and was cancelled.' },
  STATUS_CLOSED: { label: 'Closed', tone: 'info', sentence: 'The flight is done and the authorization closed.' },
};

export const SUBMISSION_TEXT: Record<SubmissionType, { label: string; sentence: string }> = {
  SUBMISSION_TYPE_AUTO_AUTHORIZATION: { label: 'Automatic approval', sentence: 'At or below the facility-map ceiling: LAANC approves it at once.' },
  SUBMISSION_TYPE_FURTHER_COORDINATION: {
    label: 'Further coordination',
    sentence: 'Not automatic (above the facility-map ceiling, a 0 ft cell, or a map that may no longer be current: see the notices): the FAA decides (Part 107 only; give a justification).',
  },
  SUBMISSION_TYPE_UNSPECIFIED: { label: 'Unspecified', sentence: '' },
};

export const LICENSE_TEXT: Record<License, string> = {
  LICENSE_PART_107: 'Part 107 (commercial)',
  LICENSE_SECTION_44809: 'Section 44809 (recreational)',
  LICENSE_UNSPECIFIED: 'Not set',
};

export const ACTION_TEXT: Record<NoticeAction, { label: string; tone: Tone }> = {
  ACTION_BLOCK: { label: 'Blocks', tone: 'danger' },
  ACTION_WARN: { label: 'Warning', tone: 'warning' },
  ACTION_UNSPECIFIED: { label: 'Notice', tone: 'neutral' },
};

/** What each notice means for the pilot, in words (the reasons table of docs/operations-laanc.md). */
export const REASON_TEXT: Record<NoticeReason, string> = {
  REASON_UNSPECIFIED: 'A notice without a stated reason.',
  REASON_OPERATION_IN_TFR: 'A temporary flight restriction is in effect over part of the flight during its time. LAANC cannot authorize that part or window.',
  REASON_OPERATION_IN_PROHIBITED_AREA: 'The flight enters a prohibited area. No authorization is possible there.',
  REASON_OPERATION_IN_RESTRICTED_AREA: 'The flight enters a restricted area. LAANC does not clear it: check whether it is active.',
  REASON_OPERATION_IN_NSUFR: 'The flight enters a national-security UAS flight restriction (14 CFR 99.7). No LAANC authorization there.',
  REASON_OPERATION_IN_WASHINGTON_FRZ: 'The flight is inside the Washington DC Flight Restricted Zone, which LAANC does not serve.',
  REASON_ZERO_CEILING: 'Part of the area has a 0 ft facility-map ceiling: it cannot be approved automatically.',
  REASON_ABOVE_CEILING: 'The altitude is above the facility-map ceiling: that part needs further coordination with the FAA (Part 107 only).',
  REASON_NOT_LAANC_ENABLED: 'Part of the area is controlled airspace that LAANC does not serve: apply through FAA DroneZone instead.',
  REASON_TOO_FAR_AHEAD: 'The flight starts more than 90 days from now: LAANC accepts requests up to 90 days ahead.',
  REASON_ABOVE_400_FT: 'The fixed altitude is above 400 ft AGL, the Part 107 limit.',
  REASON_OPERATION_IN_PAST: 'The flight has already ended.',
  REASON_ALTITUDE_REFERENCE_NOT_AGL: 'LAANC works in feet above ground level; this operation uses another altitude reference.',
  REASON_LICENSE_UNSPECIFIED: 'No license is set yet: choose Part 107 or Section 44809 before submitting.',
  REASON_FACILITY_MAP_NOT_CURRENT:
    'The FAA facility map of part of the area comes from a 56-day cycle that ended before the flight starts: it may no longer be current, so LAANC does not auto-authorize there. Part 107 pilots may request further coordination; recreational flyers cannot fly there through LAANC.',
  REASON_LIVE_DATA_NOT_CURRENT:
    'The FAA data this service follows live (its TFR feed) is out of date, or a TFR could not be read: a restriction may cover the area unseen, so LAANC does not auto-authorize. Part 107 pilots may request further coordination; recreational flyers cannot fly there through LAANC until the data is current again.',
  REASON_SUA_NOT_MODELLED:
    'The special-use airspace data does not cover this area (restricted areas, MOAs and warning areas may be here), so LAANC does not auto-authorize it. Part 107 pilots may request further coordination; recreational flyers cannot fly there through LAANC.',
  REASON_MODELLED_AIRSPACE:
    'Part of the area lies next to controlled airspace that the sandbox models: its boundary is uncertain, so that part may need an authorization LAANC cannot give from the model. Check the FAA facility map or apply through DroneZone.',
};
