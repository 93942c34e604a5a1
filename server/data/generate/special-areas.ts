/**
 * Static special airspace from the constant tables: the Washington DC FRZ, SFRA and P-56, the other
 * prohibited areas, restricted areas, MOAs, warning and alert areas, SATR areas, military training
 * routes, national-security UAS flight restrictions and the permanent Disney TFRs.
 */
import type { AirspaceFeature } from '../model';
import { disc, pos } from './geo';
import { recurringSchedule, shapeCenter, shapeGeometry } from './shape-geometry';
import { MTR, SATR } from './tables/satr-mtr';
import { agl, msl, SFC } from './tables/shapes';
import { DISNEY_TFR, NSUFR, NSUFR_URL } from './tables/security';
import { SUA } from './tables/sua';
import { DCA_VOR, FRZ_RADIUS_NM, FRZ_SFRA_TOP_MSL, FRZ_URL, OTHER_PROHIBITED, P56, SFRA_RADIUS_NM, SFRA_URL } from './tables/washington';
import { timeZoneAt } from './time';

const SOURCE_ID = 'sandbox-special-airspace';
const SUA_URL = 'https://sua.faa.gov/';

function washington(): AirspaceFeature[] {
  const [lon, lat] = DCA_VOR;
  const center = { centerFix: 'DCA VOR/DME', centerLon: lon, centerLat: lat };
  return [
    {
      id: 'washington_frz:dc', layer: 'washington_frz', name: 'Washington DC Flight Restricted Zone (FRZ)', ident: 'FDC 4/2565',
      geometry: disc(lon, lat, FRZ_RADIUS_NM), lower: SFC, upper: msl(FRZ_SFRA_TOP_MSL),
      description: 'Drones may not fly in the Washington DC Flight Restricted Zone without FAA and TSA authorization (FDC NOTAM 4/2565, 14 CFR 93 Subpart V). Recreational flying is not allowed.',
      authority: 'FAA', sourceUrl: FRZ_URL, sourceId: SOURCE_ID, props: { ...center, radiusNm: FRZ_RADIUS_NM, approximate: true },
    },
    {
      id: 'washington_sfra:dc', layer: 'washington_sfra', name: 'Washington DC Special Flight Rules Area (SFRA)', ident: 'FDC 4/9433',
      geometry: disc(lon, lat, SFRA_RADIUS_NM), lower: SFC, upper: msl(FRZ_SFRA_TOP_MSL),
      description: 'Inside the Washington DC SFRA drones may fly only under Part 107 or recreational rules with the FAA\'s SFRA conditions and any needed airspace authorization (FDC NOTAM 4/9433). The SFRA contains the FRZ, where drones are prohibited.',
      authority: 'FAA', sourceUrl: SFRA_URL, sourceId: SOURCE_ID, props: { ...center, radiusNm: SFRA_RADIUS_NM, includesFrz: true, approximate: true },
    },
  ];
}

function prohibited(): AirspaceFeature[] {
  return [...P56, ...OTHER_PROHIBITED].map((p) => ({
    id: `sua:${p.designator}`, layer: 'sua', subtype: 'PROHIBITED', name: p.name, ident: p.designator,
    geometry: shapeGeometry(p.shape), lower: SFC, upper: msl(p.topMsl),
    description: `Prohibited area ${p.designator} over ${p.note}: no aircraft, drones included, may fly here at any time (FAA JO 7400.10).`,
    authority: 'FAA', sourceUrl: SUA_URL, sourceId: SOURCE_ID,
    schedule: { timezone: timeZoneAt(...shapeCenter(p.shape)), text: 'Continuous' },
    props: { approximate: true },
  }));
}

const SUA_SENTENCE = {
  RESTRICTED: 'drones must not enter while it is active',
  MOA: 'military aircraft train here at high speed and low altitude; stay alert while it is active',
  WARNING_AREA: 'hazardous military activity over international waters while active',
  ALERT: 'a high volume of pilot training happens here; fly with extra care',
} as const;

function specialUse(): AirspaceFeature[] {
  return SUA.map((a) => ({
    id: `sua:${a.designator.replace(/\s+/g, '-')}`, layer: 'sua', subtype: a.subtype, name: a.name, ident: a.designator,
    geometry: shapeGeometry(a.shape), lower: a.lower, upper: a.upper,
    description: `${a.name}: ${SUA_SENTENCE[a.subtype]}. Times of use: ${a.text}. Controlling agency: ${a.controllingAgency}.`,
    authority: 'FAA', sourceUrl: SUA_URL, sourceId: SOURCE_ID,
    schedule: recurringSchedule(a.shape, a.text, a.hours),
    contact: { text: `Controlling agency: ${a.controllingAgency}` },
    props: { state: a.state, controllingAgency: a.controllingAgency, activeByNotam: !a.hours, approximate: true },
  }));
}

function satr(): AirspaceFeature[] {
  return SATR.map((a) => ({
    id: `satr:${a.id}`, layer: 'satr', name: a.name, ident: a.rule, geometry: shapeGeometry(a.shape), lower: a.lower, upper: a.upper,
    description: `${a.name}: ${a.summary} (${a.rule}). Special air traffic rules apply; keep drones clear of the manned traffic they govern.`,
    authority: 'FAA', sourceUrl: a.url, sourceId: SOURCE_ID, props: { approximate: true },
  }));
}

function mtr(): AirspaceFeature[] {
  return MTR.map((r) => ({
    id: `mtr:${r.designator}`, layer: 'mtr', name: `${r.designator} military training route (sandbox)`, ident: r.designator,
    geometry: { type: 'LineString', coordinates: r.line.map(([lon, lat]) => pos(lon, lat)) }, lower: r.lower, upper: r.upper,
    description: `Military jets may fly ${r.designator} at low altitude and high speed within ${r.widthNm / 2} NM of the line. Sandbox route, not the charted one.`,
    authority: 'FAA', sourceUrl: 'https://www.faa.gov/air_traffic/flight_info/aeronav/productcatalog/', sourceId: SOURCE_ID,
    props: { widthNm: r.widthNm, kind: r.kind, state: r.state, sandboxCase: true },
  }));
}

function nsufr(): AirspaceFeature[] {
  return NSUFR.map((n) => {
    const [lon, lat, r] = n.circle;
    const partTime = Boolean(n.hours);
    const shape = { circle: n.circle };
    const when = partTime ? 'during the published hours' : 'at all times';
    return {
      id: `nsufr:${n.id}`, layer: 'nsufr', name: `${n.name} UAS flight restriction`, geometry: disc(lon, lat, r), lower: SFC, upper: agl(400),
      description: `Drones are prohibited over ${n.name} from the ground to 400 ft AGL ${when} (14 CFR 99.7 special security instructions).`,
      authority: 'FAA', sourceUrl: NSUFR_URL, sourceId: SOURCE_ID,
      ...(partTime ? { schedule: recurringSchedule(shape, 'Part-time: see times of use', n.hours) } : {}),
      props: { partTime, kind: n.kind, approximate: true, ...(n.sandboxCase ? { sandboxCase: true } : {}) },
    };
  });
}

function permanentTfrs(): AirspaceFeature[] {
  return DISNEY_TFR.map((t) => {
    const [lon, lat, r] = t.circle;
    return {
      id: `tfr:${t.id}`, layer: 'tfr', name: `${t.name} flight restriction`, geometry: disc(lon, lat, r), lower: SFC, upper: agl(3000),
      description: `Permanent flight restriction over ${t.name}: no drones within ${r} NM, surface to 3,000 ft AGL (14 CFR 99.7 special security instructions).`,
      authority: 'FAA', sourceUrl: NSUFR_URL, sourceId: SOURCE_ID,
      schedule: { timezone: timeZoneAt(lon, lat), text: 'Permanent, until further notice' },
      props: { permanent: true, reason: 'SECURITY' },
    };
  });
}

export function buildSpecialAirspace(): AirspaceFeature[] {
  return [...washington(), ...prohibited(), ...specialUse(), ...satr(), ...mtr(), ...nsufr(), ...permanentTfrs()];
}
