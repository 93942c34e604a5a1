/**
 * The request the advisories panel sends: the flight area and altitude, with the source and time
 * window the pilot picked. Pure, so the choices are tested without a service.
 */
import type { AdvisoryGeoJsonRequest, AdvisoryProperties } from '../../../server/contract/advisory';
import type { PolygonGeometry } from '../../geo/types';

export type AdvisorySource = NonNullable<AdvisoryGeoJsonRequest['source']>;
/** flight: the planned window; now: the service's default (now, one hour); day: 24 h from the start. */
export type AdvisoryWindow = 'flight' | 'now' | 'day';

export interface AdvisoryArea {
  boundary: PolygonGeometry;
  /** RFC 3339 UTC. */
  startTime: string;
  endTime: string;
  /** Feet AGL, 0 to 400. */
  maxAltitude: number;
  category: 'faa_107' | 'faa_44809';
}

export interface AdvisoryFilters {
  source: AdvisorySource;
  window: AdvisoryWindow;
}

export const DEFAULT_FILTERS: AdvisoryFilters = { source: 'all', window: 'flight' };

/** Whole minutes, as spec 4.5 writes times (YYYY-MM-DDThh:mmZ). */
const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16) + 'Z';

export function advisoryRequest(area: AdvisoryArea, f: AdvisoryFilters): AdvisoryGeoJsonRequest {
  const base = { geometry: area.boundary, category: area.category, source: f.source, maxAltitude: area.maxAltitude };
  if (f.window === 'now') return base;
  const start = Date.parse(area.startTime);
  const end = f.window === 'flight' ? Date.parse(area.endTime) : start + 24 * 3_600_000;
  return { ...base, startTime: minute(start), endTime: minute(end) };
}

const SEVERITY_RANK: Record<string, number> = { warning: 0, caution: 1, information: 2 };

/** Warnings first, then cautions, then information; by title within each. */
export function bySeverity(a: AdvisoryProperties, b: AdvisoryProperties): number {
  const r = (SEVERITY_RANK[a.severity ?? ''] ?? 3) - (SEVERITY_RANK[b.severity ?? ''] ?? 3);
  return r !== 0 ? r : (a.title ?? '').localeCompare(b.title ?? '');
}

export const SEVERITY_TONE: Record<string, string> = { warning: 'danger', caution: 'warning', information: 'info' };

/** Words for the advisory types of spec 2.7 (layer codes of 4.11); an unknown code is shown as is. */
export const TYPE_TEXT: Record<string, string> = {
  uasfm_ceiling: 'Facility map ceiling',
  controlled_airspace: 'Controlled airspace',
  tfr: 'Temporary flight restriction',
  sporting_tfr: 'Sporting event TFR',
  stadium: 'Stadium',
  sua: 'Special use airspace',
  nsufr_ft: 'National security restriction',
  nsufr_pt: 'National security restriction (part time)',
  washington_frz: 'Washington DC FRZ',
  washington_sfra: 'Washington DC SFRA',
  satr: 'Special air traffic rule',
  national_parks_simple: 'National park',
  // Sent by this service before 2026-11-24 (another deployment may still): the spec's codes are above.
  national_parks: 'National park',
  airports: 'Airport',
  faa_helipads: 'Heliport',
  seaport: 'Seaport',
  mtr_buffer: 'Military training route',
  mtr: 'Military training route',
  notams: 'NOTAM',
  community_advisories: 'Community advisory',
  recreational_flyer_fixed_sites: 'Recreational flying site',
  class_airspace_schedule: 'Part-time controlled airspace',
  sua_schedule: 'Special use airspace schedule',
};
