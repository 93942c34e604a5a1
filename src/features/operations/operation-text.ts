/** Words for a platform operation's fields (spec 2.4), shared by the list, the operation page and the review queue. */
import type { PlatformOperation } from '../../../server/contract/operations';

export type OperationPhaseNow = 'UPCOMING' | 'ACTIVE' | 'ENDED';

/** Where the operation stands now; spec 2.4 gives a platform operation no status of its own. */
export function phaseOf(op: Pick<PlatformOperation, 'startTime' | 'endTime'>, now: number): OperationPhaseNow {
  if (Date.parse(op.startTime) > now) return 'UPCOMING';
  return Date.parse(op.endTime) > now ? 'ACTIVE' : 'ENDED';
}

export const PHASE_TEXT: Record<OperationPhaseNow, { label: string; tone: string }> = {
  UPCOMING: { label: 'Upcoming', tone: 'info' },
  ACTIVE: { label: 'Flying now', tone: 'success' },
  ENDED: { label: 'Ended', tone: 'neutral' },
};

export const FLIGHT_TYPE_TEXT: Record<PlatformOperation['flightType'], string> = {
  FLIGHT_TYPE_COMMERCIAL: 'Commercial (Part 107)',
  FLIGHT_TYPE_RECREATIONAL: 'Recreational (44809)',
  FLIGHT_TYPE_UNSPECIFIED: 'Not set',
};

const UNIT: Record<PlatformOperation['altitudeUnit'], string> = { ALTITUDE_UNIT_FEET: 'ft', ALTITUDE_UNIT_METERS: 'm', ALTITUDE_UNIT_UNSPECIFIED: 'ft' };
const REFERENCE: Record<PlatformOperation['altitudeReference'], string> = {
  ALTITUDE_REFERENCE_AGL: 'AGL',
  ALTITUDE_REFERENCE_AMSL: 'MSL',
  ALTITUDE_REFERENCE_WGS84: 'WGS 84',
  ALTITUDE_REFERENCE_UNSPECIFIED: '',
};

/** "0–200 ft AGL" */
export function altitudeRange(op: Pick<PlatformOperation, 'minAltitude' | 'maxAltitude' | 'altitudeUnit' | 'altitudeReference'>): string {
  const ref = REFERENCE[op.altitudeReference];
  return `${op.minAltitude}–${op.maxAltitude} ${UNIT[op.altitudeUnit]}${ref ? ` ${ref}` : ''}`;
}

/** "You", the person's name from the organization's members, or (an API client, someone outside) a short id. */
export function pilotLabel(id: string, meId: string | null, names?: ReadonlyMap<string, string>): string {
  if (id === meId) return 'You';
  return names?.get(id) ?? `Pilot ${id.slice(0, 8)}`;
}
