/**
 * Feature mappers for the FAA's polygon layers of airspace (ADDS/UDDS ArcGIS exports):
 * UAS Facility Map grid, Class Airspace and Special Use Airspace (incl. the Prohibited Areas layer).
 * Field names and codes are those of the real exports in /work/shared/realdata (see docs/data-import.md).
 */
import { feetDown, feetUp } from '../../contract/units';
import type { AirspaceFeature, AltitudeLimit, Subtype } from '../model';
import { feet, field, fnum, fstr, isoDate, scalarProps, slug, str, num, type Props } from './common';
import type { MapContext } from './udds-geojson';

/**
 * An ADDS altitude (VAL/UOM/CODE triple) in feet, or null when unlimited or unreadable.
 * - CODE SFC with a value above 0 is a height above ground: the Class E5 layer writes its
 *   700 ft AGL floor as LOWER_VAL 700, LOWER_CODE SFC.
 * - VAL -9998 is Class E's "up to but not including 18,000 ft MSL" (14 CFR 71.71): 17,999 ft MSL.
 * - UOM FL (CODE STD) is a flight level; pressure altitude is taken as MSL (FL180 → 18,000 ft MSL).
 * - UOM M is metres, made whole feet on the restrictive side (contract/units.ts): a lower limit rounds
 *   down (the airspace reaches the drone no later), an upper limit up.
 */
export function addsAltitude(val: unknown, uom: unknown, code: unknown, side: 'lower' | 'upper'): AltitudeLimit | null {
  const v = num(val);
  const c = str(code)?.toUpperCase();
  const u = str(uom)?.toUpperCase();
  if (c === 'UNLTD' || u === 'UNLTD') return null;
  if (v === -9998) return { value: 17999, reference: 'MSL' };
  if (v === undefined) return c === 'SFC' ? { value: 0, reference: 'SFC' } : null;
  const ft = u === 'FL' || (c === 'STD' && v < 1000) ? v * 100 : u === 'M' ? (side === 'lower' ? feetDown(v, 'm') : feetUp(v, 'm')) : v;
  switch (c) {
    case 'SFC':
      return ft === 0 ? { value: 0, reference: 'SFC' } : { value: ft, reference: 'AGL' };
    case 'MSL':
    case 'ALT':
    case 'STD':
      return { value: ft, reference: 'MSL' };
    case 'AGL':
    case 'HEI':
      return ft === 0 ? { value: 0, reference: 'SFC' } : { value: ft, reference: 'AGL' };
    default:
      return null;
  }
}

export function altitudeText(a: AltitudeLimit | null | undefined, unlimitedText = 'no upper limit'): string {
  if (!a) return unlimitedText;
  if (a.reference === 'SFC') return 'the surface';
  return `${feet(a.value)} ft ${a.reference}`;
}

function objectKey(p: Props, index: number): string {
  return fstr(p, 'OBJECTID', 'GLOBAL_ID', 'GLOBALID') ?? `n${index + 1}`;
}

interface CellAirport {
  id: string;
  name?: string;
  /** APTn_LAANC (1/0); without it, a non-empty APTn_Enabled list. */
  laanc: boolean;
  /** APTn_Enabled ("107-AA,107-FC,44809-AA"), upper-cased; undefined when the file leaves it empty or out. */
  enabled?: string[];
}

/** APT1..APT5 of a cell: every airport whose facility map covers it, in the FAA's order. */
function cellAirports(p: Props): CellAirport[] {
  const out: CellAirport[] = [];
  for (const n of [1, 2, 3, 4, 5]) {
    const id = fstr(p, `APT${n}_FAAID`);
    if (!id) continue;
    const list = fstr(p, `APT${n}_Enabled`);
    const enabled = list ? list.split(',').map((e) => e.trim().toUpperCase()).filter(Boolean) : undefined;
    const flag = fnum(p, `APT${n}_LAANC`);
    out.push({ id, name: fstr(p, `APT${n}_NAME`), laanc: flag !== undefined ? flag === 1 : (enabled?.length ?? 0) > 0, ...(enabled ? { enabled } : {}) });
  }
  return out;
}

const CLASS_RANK = ['B', 'C', 'D', 'E'] as const;

/** The most restrictive class among AIRSPACE_1..5 (B before C before D before E). */
function cellClass(classes: string[]): Subtype | undefined {
  const found = CLASS_RANK.find((c) => classes.some((x) => x.toUpperCase() === c));
  return found ? (`CLASS_${found}` as Subtype) : undefined;
}

/** UAS Facility Map grid cell: CEILING in feet AGL, APT1 is the authorizing facility, APT2..5 share the cell. */
export function mapUasfm(p: Props, ctx: MapContext): AirspaceFeature {
  let ceiling = fnum(p, 'CEILING');
  if (ceiling === undefined) throw new Error('CEILING is missing or not a number');
  // A ceiling is the most LAANC may grant: metres round down (30.6 m is 100.4 ft, a 100 ft ceiling; rounded, 30.63 m gave 101).
  if (/^m/i.test(fstr(p, 'UNIT') ?? '')) ceiling = feetDown(ceiling, 'm');
  if (ceiling < 0 || ceiling > 400) throw new Error(`CEILING ${ceiling} ft is outside the 0 to 400 ft the facility maps use`);
  const geometry = ctx.area();
  const airports = cellAirports(p);
  const first = airports[0];
  const facility = first?.id;
  const laancEnabled = first?.laanc ?? false;
  const enabled = first?.enabled;
  const lat = fnum(p, 'LATITUDE') ?? ctx.centre()[1];
  const lon = fnum(p, 'LONGITUDE') ?? ctx.centre()[0];
  const classes = [1, 2, 3, 4, 5].map((n) => fstr(p, `AIRSPACE_${n}`)).filter((s): s is string => !!s);
  const subtype = cellClass(classes);
  const named = airports.map((a) => `${a.id}${a.name ? ` (${a.name})` : ''}`);
  const where = named.length === 0 ? 'unknown facility' : named.length === 1 ? named[0]! : `${named[0]!}, shared with ${named.slice(1).join(', ')}`;
  const inClass = subtype ? ` in Class ${subtype.slice(6)} airspace` : '';
  const description = !laancEnabled
    ? `UAS facility map cell of ${where}${inClass}: LAANC is not available here; authorization goes through FAA DroneZone.`
    : ceiling === 0
      ? `UAS facility map cell of ${where}${inClass}: 0 ft ceiling, LAANC cannot auto-authorize any altitude here.`
      : `UAS facility map cell of ${where}${inClass}: LAANC can auto-authorize up to ${ceiling} ft AGL.`;
  return {
    id: `uasfm:${facility ?? 'NONE'}:${lat.toFixed(5)}:${lon.toFixed(5)}`,
    layer: 'uasfm',
    ...(subtype ? { subtype } : {}),
    name: `${facility ?? 'UAS'} facility map ${ceiling} ft`,
    ident: facility,
    geometry,
    ceilingFt: ceiling,
    laancEnabled,
    facility,
    description,
    authority: 'FAA',
    sourceId: ctx.sourceId,
    props: scalarProps({
      airports: airports.map((a) => a.id).join(','),
      airportNames: airports.map((a) => `${a.id} ${a.name ?? ''}`.trim()).join('; '),
      laancAirports: airports.filter((a) => a.laanc).map((a) => a.id).join(','),
      airspaceClasses: classes.join(','),
      airportName: first?.name,
      icaoId: fstr(p, 'APT1_ICAO'),
      // "107-AA,107-FC,44809-AA": Part 107 auto-authorization, Part 107 further coordination, 44809 (recreational)
      // auto-authorization. Left out when the file does not say (the LAANC module then goes by laancEnabled).
      part107AutoAuthorization: enabled ? enabled.includes('107-AA') : undefined,
      part107FurtherCoordination: enabled ? enabled.includes('107-FC') : undefined,
      recreationalAutoAuthorization: enabled ? enabled.includes('44809-AA') : undefined,
      mapEffective: isoDate(fstr(p, 'MAP_EFF')),
      lastEdit: isoDate(fstr(p, 'LAST_EDIT')),
      region: fstr(p, 'REGION'),
    }),
  };
}

/** Class Airspace layer: only Class B, C, D and E are airspace classes; MODE C veils and the like are skipped. */
export function mapClassAirspace(p: Props, ctx: MapContext): AirspaceFeature | null {
  // An export without CLASS still says it in LOCAL_TYPE (CLASS_B, CLASS_E5): a Class D skipped for a
  // missing field would brief its surface area as Class G (audit 2026-11-25).
  const cls = (fstr(p, 'CLASS') ?? /^CLASS_([A-G])/i.exec(fstr(p, 'LOCAL_TYPE') ?? '')?.[1])?.toUpperCase();
  if (!cls || !['B', 'C', 'D', 'E'].includes(cls)) {
    return ctx.skip(`not Class B/C/D/E airspace (${fstr(p, 'LOCAL_TYPE', 'TYPE_CODE') ?? 'no CLASS'})`);
  }
  const geometry = ctx.area();
  const ident = fstr(p, 'IDENT');
  const sector = fstr(p, 'SECTOR');
  const baseName = fstr(p, 'NAME') ?? `CLASS ${cls}`;
  const lower = addsAltitude(field(p, 'LOWER_VAL'), fstr(p, 'LOWER_UOM'), fstr(p, 'LOWER_CODE'), 'lower');
  const upper = addsAltitude(field(p, 'UPPER_VAL'), fstr(p, 'UPPER_UOM'), fstr(p, 'UPPER_CODE'), 'upper');
  if (!lower) ctx.note('a Class airspace floor could not be read; treated as the surface');
  const floor = lower ?? { value: 0, reference: 'SFC' as const };
  const surface = floor.reference === 'SFC';
  const work = fstr(p, 'WKHR_CODE');
  const of = ident ? ` of ${ident}` : '';
  const range = `from ${altitudeText(floor)} to ${altitudeText(upper)}`;
  const description = surface
    ? `Class ${cls} controlled airspace${of} ${range}: drone flights here need FAA authorization (14 CFR 107.41, 49 U.S.C. 44809).`
    : `Class ${cls} airspace${of} ${range}.`;
  return {
    id: `class:${ident ?? slug(baseName)}:${cls}:${objectKey(p, ctx.index)}`,
    layer: 'class_airspace',
    subtype: `CLASS_${cls}` as Subtype,
    name: sector ? `${baseName} ${sector}` : baseName,
    ident,
    geometry,
    lower: floor,
    ...(upper ? { upper } : {}),
    facility: ident,
    description,
    ...(work && work !== 'H24' ? { schedule: { text: fstr(p, 'WKHR_RMK') ?? `Hours of operation: ${work}` } } : {}),
    authority: 'FAA',
    sourceId: ctx.sourceId,
    props: scalarProps({
      surface,
      localType: fstr(p, 'LOCAL_TYPE'),
      sector,
      icaoId: fstr(p, 'ICAO_ID'),
      workHours: work,
      upperDesc: fstr(p, 'UPPER_DESC'),
      city: fstr(p, 'CITY'),
      state: fstr(p, 'STATE'),
    }),
  };
}

const SUA_TYPES: Record<string, Subtype> = {
  P: 'PROHIBITED', R: 'RESTRICTED', MOA: 'MOA', M: 'MOA', A: 'ALERT', W: 'WARNING_AREA', D: 'DANGER', ADA: 'ADVISORY',
  // The words, as other exports write them: "PROHIBITED" read as an unknown code briefed P-56 as information.
  PROHIBITED: 'PROHIBITED', RESTRICTED: 'RESTRICTED', ALERT: 'ALERT', WARNING: 'WARNING_AREA', DANGER: 'DANGER', ADVISORY: 'ADVISORY',
};

/** Without a known TYPE_CODE, the designation says it: P-56, R-6703A, (MY)P3002 (audit 2026-11-25). */
function suaTypeFromName(name: string | undefined): Subtype | undefined {
  const m = /^(?:\([A-Z]{2}\))?([PR])-?\d/i.exec(name?.trim() ?? '');
  return m ? (m[1]!.toUpperCase() === 'P' ? 'PROHIBITED' : 'RESTRICTED') : undefined;
}
const SUA_WORDS: Partial<Record<Subtype, string>> = {
  PROHIBITED: 'Prohibited area', RESTRICTED: 'Restricted area', MOA: 'Military operations area', ALERT: 'Alert area',
  WARNING_AREA: 'Warning area', DANGER: 'Danger area', ADVISORY: 'Advisory area',
};

/** Special Use Airspace and Prohibited Areas layers (same fields). */
export function mapSua(p: Props, ctx: MapContext): AirspaceFeature {
  const geometry = ctx.area();
  const typeCode = fstr(p, 'TYPE_CODE')?.toUpperCase();
  const subtype = (typeCode ? SUA_TYPES[typeCode] : undefined) ?? suaTypeFromName(fstr(p, 'NAME'));
  if (!subtype) ctx.note(`special use airspace of unknown TYPE_CODE ${typeCode ?? '(none)'} kept without a subtype`);
  const name = fstr(p, 'NAME') ?? `${typeCode ?? 'SUA'} ${objectKey(p, ctx.index)}`;
  const lower = addsAltitude(field(p, 'LOWER_VAL'), fstr(p, 'LOWER_UOM'), fstr(p, 'LOWER_CODE'), 'lower') ?? { value: 0, reference: 'SFC' as const };
  const upper = addsAltitude(field(p, 'UPPER_VAL'), fstr(p, 'UPPER_UOM'), fstr(p, 'UPPER_CODE'), 'upper');
  const times = fstr(p, 'TIMESOFUSE');
  const agent = fstr(p, 'CONT_AGENT');
  const place = [fstr(p, 'CITY'), fstr(p, 'STATE')].filter(Boolean).join(', ');
  const kind = (subtype && SUA_WORDS[subtype]) ?? 'Special use airspace';
  return {
    id: `sua:${name}:${objectKey(p, ctx.index)}`,
    layer: 'sua',
    ...(subtype ? { subtype } : {}),
    name,
    ident: name,
    geometry,
    lower,
    ...(upper ? { upper } : {}),
    description: `${kind} ${name}${place ? ` (${place})` : ''} from ${altitudeText(lower)} to ${altitudeText(upper)}.${times ? ` Times of use: ${times}.` : ''}`,
    ...(times ? { schedule: { text: times } } : {}),
    authority: agent ?? 'FAA',
    ...(agent ? { contact: { text: `Controlling agency: ${agent}` } } : {}),
    sourceId: ctx.sourceId,
    props: scalarProps({
      // The FAA's id of the airspace: the same SUA in two layers (P-51 in Special Use Airspace and Prohibited Areas) shares it.
      globalId: fstr(p, 'GLOBAL_ID', 'GLOBALID'),
      typeCode,
      upperRaw: upper ? undefined : [str(field(p, 'UPPER_VAL')), fstr(p, 'UPPER_UOM'), fstr(p, 'UPPER_CODE')].filter(Boolean).join(' ') || null,
      upperDesc: fstr(p, 'UPPER_DESC'),
      city: fstr(p, 'CITY'),
      state: fstr(p, 'STATE'),
      gmtOffset: fnum(p, 'GMTOFFSET'),
      remarks: fstr(p, 'REMARKS'),
    }),
  };
}
