/**
 * TFR detail XML for the fake FAA, made from the real tfr.faa.gov files in ../shared/realdata
 * (server/data/import/realdata.ts finds them): the Washington DC FRZ file (FDC 4/2565, a 72-vertex
 * merged area) moved, scaled and renamed into other TFRs (other ids, places, sizes, types, times), so the
 * service reads the FAA's own document structure, byte-order mark and all.
 */
import { readReal } from '../../server/data/import/realdata';

export interface TfrSpec {
  /** NOTAM id, e.g. "6/1234". */
  id: string;
  /** Where the area's centre goes [lon, lat]. */
  center: [number, number];
  /** The area's size relative to the FRZ's (~15 NM across at 1). */
  scale?: number;
  /** The TfrNot codeType: "91.137" (hazards), "91.141" (VIP), "99.7" (security), "91.145" (sporting event)... */
  codeType?: string;
  city?: string;
  state?: string;
  facility?: string;
  /** The NOTAM's validity "YYMMDDHHMM-YYMMDDHHMM" or "-PERM"; default from 2024 on, permanent. */
  validity?: { from: Date; to?: Date };
  /** Upper limit in ft (AGL); default the FRZ's 17999. */
  upperFt?: number;
}

let template: string | null = null;

/** The real FRZ file, read once. */
export function frzTemplate(): string {
  return (template ??= readReal('faa-tfr-xml/detail_4_2565.xml'));
}

const yymmddhhmm = (d: Date) => d.toISOString().replace(/[-T:]/g, '').slice(2, 12);

function parseCoord(v: string): number {
  const m = /^(\d+(?:\.\d+)?)([NSEW])$/.exec(v.trim());
  if (!m) throw new Error(`not a coordinate: ${v}`);
  const n = Number(m[1]);
  return m[2] === 'S' || m[2] === 'W' ? -n : n;
}

const fmtLat = (lat: number) => `${Math.abs(lat).toFixed(8).padStart(11, '0')}${lat < 0 ? 'S' : 'N'}`;
const fmtLon = (lon: number) => `${Math.abs(lon).toFixed(8).padStart(12, '0')}${lon < 0 ? 'W' : 'E'}`;

/** The real file's vertices' centre, to move and scale around. */
function centreOf(xml: string): [number, number] {
  const lats = [...xml.matchAll(/<geoLat>([^<]+)<\/geoLat>/g)].map((m) => parseCoord(m[1]!));
  const lons = [...xml.matchAll(/<geoLong>([^<]+)<\/geoLong>/g)].map((m) => parseCoord(m[1]!));
  return [(Math.min(...lons) + Math.max(...lons)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
}

/** A TFR detail document as tfr.faa.gov serves it, for the spec. */
export function tfrXml(spec: TfrSpec): string {
  const xml = frzTemplate();
  const [cx, cy] = centreOf(xml);
  const k = spec.scale ?? 0.2;
  const [tx, ty] = spec.center;
  const [year, seq] = spec.id.split('/');
  const type = spec.codeType ?? '91.137';
  const city = spec.city ?? 'FAKE FAA TEST AREA';
  const state = spec.state ?? 'WASHINGTON';
  const from = spec.validity?.from ?? new Date(Date.UTC(2024, 0, 1));
  const validity = `${yymmddhhmm(from)}-${spec.validity?.to ? yymmddhhmm(spec.validity.to) : 'PERM'}`;
  const text = `!FDC ${spec.id} ${spec.facility ?? 'ZSE'} ${state.slice(0, 2)}..AIRSPACE ${city}..TEMPORARY FLIGHT RESTRICTIONS. PURSUANT TO 14 CFR SECTION ${type} ` +
    `TEMPORARY FLIGHT RESTRICTIONS ARE IN EFFECT. UNMANNED AIRCRAFT OPERATIONS ARE PROHIBITED WITHIN THE AREA. ${validity}`;
  return xml
    .replace(/<geoLat>([^<]+)<\/geoLat>/g, (_, v: string) => `<geoLat>${fmtLat(ty + (parseCoord(v) - cy) * k)}</geoLat>`)
    .replace(/<geoLong>([^<]+)<\/geoLong>/g, (_, v: string) => `<geoLong>${fmtLon(tx + (parseCoord(v) - cx) * k)}</geoLong>`)
    .replace(/<txtLocalName>[^<]*<\/txtLocalName>/, `<txtLocalName>${spec.id}</txtLocalName>`)
    .replace(/<noSeqNo>[^<]*<\/noSeqNo>/, `<noSeqNo>${seq}</noSeqNo>`)
    .replace(/<dateIndexYear>[^<]*<\/dateIndexYear>/, `<dateIndexYear>202${year}</dateIndexYear>`)
    .replace(/(<TfrNot>\s*<codeType>)[^<]*(<\/codeType>)/, `$1${type}$2`)
    .replace(/<txtNameCity>[^<]*<\/txtNameCity>/, `<txtNameCity>${city}</txtNameCity>`)
    .replace(/<txtNameUSState>[^<]*<\/txtNameUSState>/, `<txtNameUSState>${state}</txtNameUSState>`)
    .replace(/<codeFacility>[^<]*<\/codeFacility>/, `<codeFacility>${spec.facility ?? 'ZSE'}</codeFacility>`)
    .replace(/<txtDescrTraditional>[^<]*<\/txtDescrTraditional>/, `<txtDescrTraditional>${text}</txtDescrTraditional>`)
    .replace(/<txtDescrUSNS>[^<]*<\/txtDescrUSNS>/, `<txtDescrUSNS>${text}</txtDescrUSNS>`)
    .replace(/<txtDescrModern>[^<]*<\/txtDescrModern>/, `<txtDescrModern>${text}</txtDescrModern>`)
    .replace(/<txtInstr>[^<]*<\/txtInstr>/, `<txtInstr>UNMANNED AIRCRAFT OPERATIONS ARE PROHIBITED.</txtInstr>`)
    .replace(/<valDistVerUpper>[^<]*<\/valDistVerUpper>/, `<valDistVerUpper>${spec.upperFt ?? 17999}</valDistVerUpper>`);
}
