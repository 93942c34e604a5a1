/**
 * Advisories (spec 4.5, properties 2.7) from the same engine as the briefing: one advisory per
 * dataset feature that concerns the flight, facility-map cells one by one (the legacy
 * advisoryType uasfm_ceiling is per cell), with a severity for the flight's category and altitude.
 */
import type { AdvisoryFeature, AdvisoryProperties } from '../../contract/advisory';
import type { Notice } from '../../contract/briefing';
import type { Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry, Layer } from '../../data/model';
import type { Budget } from '../budget';
import type { GroundProvider } from './altitude';
import { assess } from './evaluate';
import { noticeGeometry, title } from './notice';
import { provenanceOf } from './provenance';
import { endedCycle, endedCycleText, type EndedCycle } from './currency';
import { isPartTime } from './rules';
import { activity, isoOrUndefined, type FlightWindow } from './time';

export type AdvisoryCategory = 'faa_107' | 'faa_44809';
export type AdvisorySource = 'faa' | 'community' | 'all';

export interface AdvisoryQuery {
  window: FlightWindow;
  maxAltitudeFt: number;
  category: AdvisoryCategory;
  source: AdvisorySource;
  /** The request's time budget, checked in the engine's loop. */
  budget?: Budget | undefined;
  /** The imported DEM's ground, as the briefings get it (docs/elevation.md): the same floors count. */
  groundMaxFt?: GroundProvider | undefined;
}

/** Layer codes of spec 4.6, else of 4.11 (national parks, MTRs), else ours (washington_sfra): the advisoryType values. */
export function advisoryType(f: AirspaceFeature): string {
  const codes: Record<Layer, string> = {
    class_airspace: 'controlled_airspace',
    uasfm: 'uasfm_ceiling',
    sua: 'sua',
    washington_frz: 'washington_frz',
    washington_sfra: 'washington_sfra',
    satr: 'satr',
    nsufr: isPartTime(f) ? 'nsufr_pt' : 'nsufr_ft',
    stadium: 'stadium',
    tfr: 'tfr',
    airport: f.subtype === 'HELIPORT' ? 'faa_helipads' : f.subtype === 'SEAPLANE_BASE' ? 'seaport' : 'airports',
    national_park: 'national_parks_simple',
    recreational_flyer_fixed_site: 'recreational_flyer_fixed_sites',
    mtr: 'mtr_buffer',
    community_advisory: 'community_advisories',
    notam: 'notams',
  };
  return codes[f.layer];
}

const SEVERITY: Record<NonNullable<Notice['status']>, string> = {
  NOTICE_STATUS_WARNING: 'warning',
  NOTICE_STATUS_CAUTION: 'caution',
  NOTICE_STATUS_CLEAR_TO_FLY: 'information',
  NOTICE_STATUS_INFORMATIONAL: 'information',
  NOTICE_STATUS_UNSPECIFIED: 'information',
};

/**
 * A facility-map cell below the planned altitude: Part 107 may ask for further coordination (caution);
 * a recreational flyer may not fly above it at all (warning; 49 U.S.C. 44809(a)(5)).
 */
function cellAdvisory(f: AirspaceFeature, q: AdvisoryQuery, ended: EndedCycle | undefined): { severity: string; message: string } {
  const ceiling = f.ceilingFt ?? 0;
  const facility = f.facility ?? f.ident ?? 'the facility';
  const base = `Facility map of ${facility}: ceiling ${ceiling} ft AGL.`;
  // A map whose FAA cycle ended before the flight starts is no ground for auto-authorization (currency.ts).
  if (ended) return { severity: 'caution', message: `${base} ${endedCycleText(ended)} LAANC does not auto-authorize from it: Part 107 pilots may request further coordination.` };
  if (ceiling >= q.maxAltitudeFt && ceiling > 0) return { severity: 'caution', message: `${base} LAANC can auto-authorize flights up to ${ceiling} ft AGL here.` };
  if (q.category === 'faa_44809') return { severity: 'warning', message: `${base} Recreational flyers may not fly above ${ceiling} ft AGL here.` };
  return { severity: 'caution', message: `${base} Above ${ceiling} ft AGL only further coordination (Part 107) can authorize a flight.` };
}

function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))) as T;
}

function properties(dataset: Dataset, f: AirspaceFeature, notice: Notice, q: AdvisoryQuery): AdvisoryProperties {
  const first = activity(f, q.window).intervals[0];
  const cell = f.layer === 'uasfm' ? cellAdvisory(f, q, endedCycle(dataset, f, q.window.start.getTime())) : undefined;
  const days = [...new Set((f.schedule?.timesOfUse ?? []).flatMap((t) => t.daysActive ?? []))];
  return compact({
    advisorySource: f.layer === 'community_advisory' ? 'community' : 'faa',
    advisoryType: advisoryType(f),
    contactEmail: notice.contact?.email,
    contactName: notice.contact?.text,
    contactPhone: notice.contact?.phoneNumber,
    contactUrl: notice.contact?.url,
    effectiveDays: days,
    startDate: notice.schedule?.startTime,
    endDate: notice.schedule?.endTime,
    startTime: first ? isoOrUndefined(first.start) : undefined,
    endTime: first ? isoOrUndefined(first.end) : undefined,
    message: cell?.message ?? notice.description,
    severity: cell?.severity ?? SEVERITY[notice.status ?? 'NOTICE_STATUS_UNSPECIFIED'],
    timezone: f.schedule?.timezone,
    provenance: provenanceOf(dataset, [f]),
    title: f.layer === 'uasfm' ? `${f.facility ?? f.ident ?? ''} facility map: ${f.ceilingFt ?? 0} ft AGL`.trim() : title(f),
  });
}

function wanted(f: AirspaceFeature, q: AdvisoryQuery): boolean {
  if (q.source === 'faa' && f.layer === 'community_advisory') return false;
  if (q.source === 'community' && f.layer !== 'community_advisory') return false;
  // Fixed sites only concern recreational flyers (49 U.S.C. 44809(a)(5)).
  if (q.category === 'faa_107' && f.layer === 'recreational_flyer_fixed_site') return false;
  return true;
}

export function advisoriesFor(dataset: Dataset, geometry: FeatureGeometry, q: AdvisoryQuery): AdvisoryFeature[] {
  const evaluated = assess(dataset, geometry, { window: q.window, maxAltitudeFt: q.maxAltitudeFt, includeGeometry: false, nearbyNm: 0, budget: q.budget, ground: q.groundMaxFt?.(geometry) });
  const out: AdvisoryFeature[] = [];
  for (const e of evaluated) {
    for (const f of e.features) {
      if (!wanted(f, q)) continue;
      out.push({ type: 'Feature', id: f.id, geometry: noticeGeometry(f), properties: properties(dataset, f, e.notice, q) });
    }
  }
  const rank: Record<string, number> = { warning: 0, caution: 1, information: 2 };
  return out.sort((a, b) => (rank[a.properties?.severity ?? ''] ?? 3) - (rank[b.properties?.severity ?? ''] ?? 3) || (a.id ?? '').localeCompare(b.id ?? ''));
}
