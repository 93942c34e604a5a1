/**
 * tfr.faa.gov TFR detail XML (https://tfr.faa.gov/download/detail_N_NNNN.xml) → features.
 * One feature per TFRAreaGroup of each NOTAM. 14 CFR 99.7 special security NOTAMs that describe
 * the Washington DC FRZ or SFRA become the layers 'washington_frz' / 'washington_sfra' (the domain
 * notes name FDC 4/2565 and 4/9433); every other NOTAM is a 'tfr' with its effective window.
 * The files start with a UTF-8 byte-order mark, which is stripped.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { feetDown, feetUp } from '../../contract/units';
import type { AirspaceFeature, AltitudeLimit, Layer, Schedule, TimeOfUse } from '../model';
import { FAA_LICENCE, ImportError, feet, num, scalarProps, sha256, slug, type ParseOptions, type ParseResult } from './common';
import { areaGroupGeometry, arr, text, type XmlNode } from './tfr-shapes';

const ARRAYS = new Set(['Group', 'Add', 'Not', 'TFRAreaGroup', 'aseShapes', 'Abd', 'Avx', 'Aac', 'ScheduleGroup', 'InstructionsGroup']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Keep every value a string: "076.78666176W" and NOTAM numbers must not be turned into numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

/**
 * AIXM vertical distance: HEI height above ground, ALT altitude above MSL, STD flight level. Metres are
 * made whole feet on the restrictive side (contract/units.ts): a floor rounds down, a top up.
 */
function tfrAltitude(node: XmlNode, which: 'Upper' | 'Lower'): AltitudeLimit | undefined {
  const v = num(text(node, `valDistVer${which}`));
  if (v === undefined) return undefined;
  const code = text(node, `codeDistVer${which}`)?.toUpperCase();
  const uom = text(node, `uomDistVer${which}`)?.toUpperCase();
  const ft = uom === 'FL' || code === 'STD' ? v * 100 : uom === 'M' ? (which === 'Lower' ? feetDown(v, 'm') : feetUp(v, 'm')) : v;
  if (ft === 0 && code !== 'ALT') return { value: 0, reference: 'SFC' };
  // Only HEI says "above the ground"; a missing or unknown code is read as MSL, which places a floor no
  // higher above the drone than AGL would (audit 2026-11-25).
  return { value: ft, reference: code === 'HEI' ? 'AGL' : 'MSL' };
}

/** "2024-06-24T15:47:00" in the file's UTC, or a NOTAM "2406241600" (YYMMDDHHMM, UTC). */
function utc(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const notam = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  const iso = notam ? `20${notam[1]}-${notam[2]}-${notam[3]}T${notam[4]}:${notam[5]}:00Z` : /[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** UTC+14 to UTC-12 bound every zone: a local start may be 14 h before its UTC reading, a local end 12 h after. */
const ZONE_WIDEN_BEFORE_MS = 14 * 3_600_000;
const ZONE_WIDEN_AFTER_MS = 12 * 3_600_000;

function isUtcZone(zone: string | undefined): boolean {
  return zone === undefined || /^(UTC|GMT|Z|ZULU|UT)$/i.test(zone.trim());
}

function shift(iso: string | undefined, ms: number): string | undefined {
  return iso && ms !== 0 ? new Date(Date.parse(iso) + ms).toISOString() : iso;
}

export type TfrLayer = Extract<Layer, 'washington_frz' | 'washington_sfra' | 'tfr'>;
const TFR_LAYERS: readonly Layer[] = ['washington_frz', 'washington_sfra', 'tfr'];

/** FRZ, SFRA or an ordinary TFR, from the NOTAM type and the way its own text names the area. */
export function classifyTfr(notamType: string | undefined, texts: string): TfrLayer {
  if (notamType !== '99.7') return 'tfr';
  const t = texts.toUpperCase().replace(/\s+/g, ' ');
  const ref = /THIS NOTAM REFERENCES THE WASHINGTON,? DC (FRZ|FLIGHT RESTRICTED ZONE|SPECIAL FLIGHT RULES AREA|SFRA)\b/.exec(t);
  if (ref) return ref[1] === 'FRZ' || ref[1] === 'FLIGHT RESTRICTED ZONE' ? 'washington_frz' : 'washington_sfra';
  if (/WI THE AREA DESCRIBED AS DC FRZ\b/.test(t)) return 'washington_frz';
  if (/AIRSPACE WASHINGTON DC SPECIAL FLIGHT RULES AREA/.test(t)) return 'washington_sfra';
  return 'tfr';
}

function plainDescription(layer: TfrLayer, notam: string, lower?: AltitudeLimit, upper?: AltitudeLimit, traditional?: string): string {
  const range = `from ${lower && lower.reference !== 'SFC' ? `${feet(lower.value)} ft ${lower.reference}` : 'the surface'}` +
    `${upper ? ` to ${feet(upper.value)} ft ${upper.reference}` : ''}`;
  if (layer === 'washington_frz') {
    // FDC 4/2565 lists UAS among the operations not authorized in the FRZ, except by FAA/TSA waiver.
    return `Washington DC Flight Restricted Zone (FDC ${notam}, 14 CFR 99.7): drone flights are prohibited ${range} unless the FAA and TSA authorize them.`;
  }
  if (layer === 'washington_sfra') {
    return `Washington DC Special Flight Rules Area (FDC ${notam}, 14 CFR 99.7): special security procedures apply ${range}; a separate NOTAM sets the rules for drones in the SFRA.`;
  }
  const sentence = traditional
    ?.replace(/^!/, '')
    .split(/(?<=\.)\s+/)
    .find((s) => /PROHIBITED|RESTRICTED/.test(s));
  return `Temporary flight restriction FDC ${notam}: ${(sentence ?? traditional ?? 'see the NOTAM text').slice(0, 400)}`;
}

function parseXml(input: string, file: string): XmlNode {
  const xml = input.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new ImportError(file, 'XML with a DOCTYPE or entity declarations is refused (TFR files have none)');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new ImportError(file, `not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  return parser.parse(xml) as XmlNode;
}

/** Parses one tfr.faa.gov detail XML file. */
export function parseTfrXml(input: string, opts: ParseOptions): ParseResult {
  const file = opts.fileName;
  if (opts.layer && !TFR_LAYERS.includes(opts.layer)) throw new ImportError(file, `layer ${opts.layer} cannot be read from TFR XML (${TFR_LAYERS.join(', ')})`);
  const doc = parseXml(input, file);
  const root = doc['XNOTAM-Update'] as XmlNode | undefined;
  if (!root) throw new ImportError(file, `not a tfr.faa.gov TFR detail file (root element ${Object.keys(doc).filter((k) => !k.startsWith('?'))[0] ?? 'missing'})`);
  const nots = arr(root.Group).flatMap((g) => arr(g.Add)).flatMap((a) => arr(a.Not));
  if (nots.length === 0) throw new ImportError(file, 'holds no NOTAM (no Group/Add/Not element)');
  const features: AirspaceFeature[] = [];
  let effective: string | undefined;
  const notams: string[] = [];
  nots.forEach((not, n) => {
    const notam = text(not, 'NotUid', 'txtLocalName') ?? `${text(not, 'NotUid', 'dateIndexYear')?.slice(-1) ?? '?'}/${text(not, 'NotUid', 'noSeqNo') ?? n + 1}`;
    notams.push(notam);
    const type = text(not, 'TfrNot', 'codeType');
    const traditional = text(not, 'txtDescrTraditional');
    const instructions = arr(arr(not.TfrNot)[0]?.TFRAreaGroup).map((g) => text(g, 'InstructionsGroup', 'txtInstr') ?? '').join(' ');
    const city = text(not, 'AffLocGroup', 'txtNameCity');
    const state = text(not, 'AffLocGroup', 'txtNameUSState');
    const layer = (opts.layer as TfrLayer | undefined) ?? classifyTfr(type, `${instructions} ${traditional ?? ''} ${city ?? ''}`);
    // Validity: explicit dates when the file has them, else the NOTAM's own "YYMMDDHHMM-YYMMDDHHMM|PERM".
    const validity = /\b(\d{10})-(\d{10}|PERM)\b/.exec(`${traditional ?? ''} ${text(not, 'txtDescrUSNS') ?? ''}`);
    const issued = utc(text(not, 'NotUid', 'dateIssued'));
    // Times in another zone than UTC (codeTimeZone, codeExpirationTimeZone) are read as UTC and widened by
    // the farthest US offsets, so the window holds the true one wherever the zone is (audit 2026-11-25).
    const localStart = !isUtcZone(text(not, 'codeTimeZone')), localEnd = !isUtcZone(text(not, 'codeExpirationTimeZone') ?? text(not, 'codeTimeZone'));
    // (The NOTAM text's own YYMMDDHHMM times are UTC whatever the zone.)
    const start = shift(utc(text(not, 'dateEffective')), localStart ? -ZONE_WIDEN_BEFORE_MS : 0) ?? utc(validity?.[1]) ?? issued;
    const end = shift(utc(text(not, 'dateExpire')), localEnd ? ZONE_WIDEN_AFTER_MS : 0) ?? (validity?.[2] && validity[2] !== 'PERM' ? utc(validity[2]) : undefined);
    if (start && (!effective || start > effective)) effective = start;
    const groups = arr(arr(not.TfrNot)[0]?.TFRAreaGroup);
    if (groups.length === 0) throw new ImportError(file, `NOTAM ${notam} has no TFRAreaGroup`);
    groups.forEach((group, g) => {
      const where = `NOTAM ${notam} area ${g + 1}`;
      let built;
      try {
        built = areaGroupGeometry(group, where);
      } catch (e) {
        throw new ImportError(file, (e as Error).message);
      }
      const area = arr(group.aseTFRArea)[0] ?? {};
      const lower = tfrAltitude(area, 'Lower');
      const upper = tfrAltitude(area, 'Upper');
      const windows: TimeOfUse[] = arr(area.ScheduleGroup).flatMap((s) => {
        const [from, to] = [shift(utc(text(s, 'dateEffective')), localStart ? -ZONE_WIDEN_BEFORE_MS : 0), shift(utc(text(s, 'dateExpire')), localEnd ? ZONE_WIDEN_AFTER_MS : 0)];
        return from || to ? [{ ...(from ? { startTime: from } : {}), ...(to ? { endTime: to } : {}) }] : [];
      });
      const schedule: Schedule = {
        ...(start ? { startTime: start } : {}),
        ...(end ? { endTime: end } : {}),
        timezone: 'UTC',
        text: end ? `Effective until ${end}` : 'Until further notice',
        ...(windows.length ? { timesOfUse: windows } : {}),
      };
      const key = notam.replace(/\//g, '_');
      features.push({
        id: `${layer}:${key}${groups.length > 1 ? `:${g + 1}` : ''}`,
        layer,
        name:
          layer === 'washington_frz' ? 'Washington DC Flight Restricted Zone (FRZ)'
          : layer === 'washington_sfra' ? 'Washington DC Special Flight Rules Area (SFRA)'
          : `TFR ${notam}${city ? ` ${city}` : ''}${state ? `, ${state}` : ''}`,
        ident: notam,
        geometry: built.geometry,
        ...(lower ? { lower } : {}),
        ...(upper ? { upper } : {}),
        description: plainDescription(layer, notam, lower, upper, traditional),
        schedule,
        authority: 'FAA',
        sourceUrl: `https://tfr.faa.gov/download/detail_${key}.xml`,
        sourceId: opts.sourceId ?? `faa:tfr:${slug(file)}`,
        props: scalarProps({
          notamType: type,
          facility: text(not, 'codeFacility'),
          city,
          state,
          issued,
          scheduled: text(area, 'isScheduledTfrArea')?.toUpperCase() === 'TRUE',
          areaId: text(area, 'AseUid', 'codeId'),
          geometryFrom: built.from,
          notamText: traditional,
        }),
      });
    });
  });
  const created = text(root, '@_created');
  return {
    features,
    warnings: [],
    source: {
      id: opts.sourceId ?? `faa:tfr:${slug(file)}`,
      name: `FAA TFR ${notams.map((x) => `FDC ${x}`).join(', ')} (${file})`,
      kind: 'faa',
      file,
      effectiveDateStated: effective !== undefined,
      version: `${notams.join(',')}@${created ?? sha256(input).slice(0, 12)}`,
      effectiveDate: effective ?? opts.retrievedAt,
      retrievedAt: opts.retrievedAt,
      attribution: 'FAA Temporary Flight Restrictions (tfr.faa.gov)',
      licence: FAA_LICENCE,
      ...(opts.url ? { url: opts.url } : {}),
      refreshMinutes: 10,
    },
  };
}
