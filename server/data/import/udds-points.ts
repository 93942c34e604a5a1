/**
 * Feature mappers for the FAA's point layers (Stadiums, Airports) and for the two UAS-specific
 * layers we have no real sample of (National Security UAS Flight Restrictions, Recreational Flyer
 * Fixed Sites). For those two the field names are read defensively: several spellings are tried
 * and anything unreadable falls back to the rule's documented value (99.7: surface to 400 ft AGL).
 */
import type { AirspaceFeature, Schedule, Subtype } from '../model';
import { field, fnum, fstr, scalarProps, slug, str, type Props } from './common';
import type { MapContext } from './udds-geojson';

/** The stadium restriction as the domain notes state it: 3 NM, up to 3,000 ft AGL, around events of 30,000+ seats. */
export const STADIUM_RADIUS_NM = 3;
const STADIUM_CEILING_FT = 3000;

export function mapStadium(p: Props, ctx: MapContext): AirspaceFeature {
  const name = fstr(p, 'NAME') ?? `Stadium ${fstr(p, 'OBJECTID') ?? ctx.index + 1}`;
  const state = fstr(p, 'STATE');
  const city = fstr(p, 'CITY');
  return {
    id: `stadium:${state ?? 'US'}:${slug(name).toLowerCase()}`,
    layer: 'stadium',
    name,
    geometry: ctx.point(),
    lower: { value: 0, reference: 'SFC' },
    upper: { value: STADIUM_CEILING_FT, reference: 'AGL' },
    description:
      `${name}${city ? `, ${city}` : ''}: during major sporting events (1 hour before to 1 hour after) drones are ` +
      `prohibited within ${STADIUM_RADIUS_NM} NM up to ${STADIUM_CEILING_FT.toLocaleString('en-US')} ft AGL.`,
    authority: 'FAA',
    sourceId: ctx.sourceId,
    props: scalarProps({
      radiusNm: STADIUM_RADIUS_NM,
      city,
      state,
      status: fstr(p, 'STATUS_CODE'),
      openingOn: fstr(p, 'OPENING_ON'),
    }),
  };
}

/** ADDS Airports TYPE_CODE: AD aerodrome, HP heliport, SP seaplane base (others, e.g. UL/GL/BP, are aerodromes). */
const AIRPORT_TYPES: Record<string, Subtype> = { AD: 'AIRPORT', HP: 'HELIPORT', SP: 'SEAPLANE_BASE' };

export function mapAirport(p: Props, ctx: MapContext): AirspaceFeature {
  const ident = fstr(p, 'IDENT', 'ARPT_ID', 'FAA_ID');
  if (!ident) throw new Error('IDENT is missing');
  const typeCode = fstr(p, 'TYPE_CODE')?.toUpperCase();
  const subtype = (typeCode && AIRPORT_TYPES[typeCode]) || 'AIRPORT';
  const name = fstr(p, 'NAME') ?? ident;
  const elevation = fnum(p, 'ELEVATION');
  const kind = subtype === 'HELIPORT' ? 'Heliport' : subtype === 'SEAPLANE_BASE' ? 'Seaplane base' : 'Airport';
  return {
    id: `airport:${ident}`,
    layer: 'airport',
    subtype,
    name,
    ident,
    geometry: ctx.point(),
    description: `${kind} ${name} (${ident})${elevation !== undefined ? `, elevation ${elevation} ft MSL` : ''}.`,
    authority: 'FAA',
    sourceId: ctx.sourceId,
    props: scalarProps({
      typeCode,
      icaoId: fstr(p, 'ICAO_ID'),
      elevationFt: elevation,
      city: fstr(p, 'SERVCITY', 'CITY'),
      state: fstr(p, 'STATE'),
      operStatus: fstr(p, 'OPERSTATUS'),
      privateUse: toBool(field(p, 'PRIVATEUSE')),
      militaryCode: fstr(p, 'MIL_CODE'),
    }),
  };
}

function toBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  const s = str(v)?.toUpperCase();
  if (s === undefined) return undefined;
  if (['1', 'Y', 'YES', 'TRUE', 'T'].includes(s)) return true;
  if (['0', 'N', 'NO', 'FALSE', 'F'].includes(s)) return false;
  return undefined;
}

/** A height in feet from "400", 400, "400 ft AGL" or "400FT"; undefined for "SFC" and the like. */
function heightFt(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:FT|FEET|')?/i.exec(str(v) ?? '');
  return m ? Number(m[1]) : undefined;
}

/** ArcGIS date fields arrive as epoch milliseconds in GeoJSON; text dates are accepted too. */
function time(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v).toISOString();
  const s = str(v);
  if (!s) return undefined;
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) || !/\d:\d/.test(s) ? s : `${s}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

const START_FIELDS = ['ACTIVETIME', 'STARTTIME', 'START_TIME', 'ACTIVE_TIME', 'EFFECTIVE', 'START'];
const END_FIELDS = ['ENDTIME', 'END_TIME', 'EXPIRE', 'EXPIRATION', 'END'];

/** True when a feature carries activation-time fields, the mark of the part-time list. */
export function hasPartTimeFields(keys: ReadonlySet<string>): boolean {
  return [...START_FIELDS, ...END_FIELDS].some((f) => keys.has(f.toLowerCase()));
}

/** National Security UAS Flight Restrictions (14 CFR 99.7): full-time (DoD_Mar_13) or part-time. */
export function mapNsufr(p: Props, ctx: MapContext): AirspaceFeature {
  const geometry = ctx.area();
  const facilityName = fstr(p, 'Facility', 'FACILITY_NAME', 'NAME', 'SITE_NAME');
  const base = fstr(p, 'Base', 'BASE_NAME');
  const name = facilityName ?? base ?? `National security area ${fstr(p, 'OBJECTID') ?? ctx.index + 1}`;
  const partTime = ctx.partTime ?? false;
  const ceiling = heightFt(field(p, 'Ceiling', 'CEILING', 'UPPER_VAL', 'MAX_ALT')) ?? 400;
  const floor = heightFt(field(p, 'Floor', 'FLOOR', 'LOWER_VAL')) ?? 0;
  const start = time(field(p, ...START_FIELDS));
  const end = time(field(p, ...END_FIELDS));
  const scheduleText = fstr(p, 'SCHEDULE', 'Times', 'TIMES_OF_USE', 'ACTIVE_HOURS');
  const schedule: Schedule | undefined =
    start || end || scheduleText
      ? { ...(start ? { startTime: start } : {}), ...(end ? { endTime: end } : {}), ...(scheduleText ? { text: scheduleText } : {}) }
      : undefined;
  const poc = fstr(p, 'POC', 'CONTACT', 'Contact');
  return {
    id: `nsufr:${partTime ? 'part-time' : 'full-time'}:${slug(name).toLowerCase()}:${fstr(p, 'OBJECTID', 'GLOBALID', 'GLOBAL_ID') ?? ctx.index + 1}`,
    layer: 'nsufr',
    name: base && facilityName && base !== facilityName ? `${facilityName} (${base})` : name,
    ident: fstr(p, 'FAA_ID', 'IDENT'),
    geometry,
    lower: floor === 0 ? { value: 0, reference: 'SFC' } : { value: floor, reference: 'AGL' },
    upper: { value: ceiling, reference: 'AGL' },
    description:
      `National security UAS flight restriction (14 CFR 99.7): drones are prohibited from the surface to ${ceiling} ft AGL` +
      `${partTime ? ' while it is active' : ''}.`,
    ...(schedule ? { schedule } : {}),
    authority: 'FAA',
    ...(poc ? { contact: { text: poc } } : {}),
    sourceId: ctx.sourceId,
    props: scalarProps({
      partTime,
      base,
      branch: fstr(p, 'Branch', 'BRANCH'),
      reason: fstr(p, 'Reason', 'REASON'),
      state: fstr(p, 'State', 'STATE'),
    }),
  };
}

/** FAA-Recognized Recreational Flyer Fixed Sites (sites where recreational flyers may fly to a set altitude). */
export function mapRecreationalSite(p: Props, ctx: MapContext): AirspaceFeature {
  const geometry = ctx.areaOrPoint();
  const siteId = fstr(p, 'SITE_ID', 'SITEID', 'FRIA_ID');
  const name = fstr(p, 'SITE_NAME', 'NAME', 'SITENAME') ?? `Recreational flyer site ${siteId ?? ctx.index + 1}`;
  const ceiling = heightFt(field(p, 'CEILING', 'MAX_ALT', 'ALTITUDE', 'ALT_LIMIT', 'MAX_ALTITUDE', 'HEIGHT'));
  return {
    id: `recreational_flyer_fixed_site:${siteId ?? `${slug(name).toLowerCase()}:${fstr(p, 'OBJECTID') ?? ctx.index + 1}`}`,
    layer: 'recreational_flyer_fixed_site',
    name,
    ident: siteId,
    geometry,
    ...(ceiling !== undefined ? { lower: { value: 0, reference: 'SFC' as const }, upper: { value: ceiling, reference: 'AGL' as const } } : {}),
    description:
      `FAA-approved recreational flyer fixed site ${name}` +
      `${ceiling !== undefined ? `: recreational flyers may fly up to ${ceiling} ft AGL here` : ''}.`,
    authority: 'FAA',
    sourceId: ctx.sourceId,
    props: scalarProps({
      city: fstr(p, 'CITY'),
      state: fstr(p, 'STATE'),
      sponsor: fstr(p, 'SPONSOR', 'CBO', 'ORGANIZATION'),
    }),
  };
}
