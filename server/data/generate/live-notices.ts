/**
 * Time-relative TFRs and NOTAMs, anchored to the UTC day of `now` (D): every moment of day D has
 * active cases (a VIP TFR, two fire TFRs, a security TFR) and later ones (another VIP visit, a space
 * launch, an airshow), whatever the hour. Numbers read "SBX y/nnnn" so nobody mistakes them for real
 * FDC NOTAMs.
 */
import type { AirspaceFeature, AltitudeLimit, Schedule } from '../model';
import { annulus, disc } from './geo';
import { pick, shuffled } from './prng';
import { AIRSHOW_PLACES, CRANE, FIRE_PLACES, HAZARD_PLACES, LIGHT_SHOW_PLACES, PARACHUTE, SECURITY_PLACES, SPACE_LAUNCH, UAS_TEST_RANGE, VIP_ACTIVE, VIP_LATER, type Place } from './tables/live';
import { agl, msl, SFC, UNLIMITED } from './tables/shapes';
import { DAY_MS, HOUR_MS, dayStamp, iso, timeZoneAt, utcDayStart } from './time';

const TFR_URL = 'https://tfr.faa.gov/';
const NOTAM_URL = 'https://notams.aim.faa.gov/notamSearch/';

interface Notice {
  key: string;
  kind: 'tfr' | 'notam';
  reason: string;
  regulation: string;
  title: string;
  place: Place;
  radiusNm: number;
  /** An outer ring (VIP TFRs: 10 NM inner core, 30 NM outer ring). */
  outerNm?: number;
  lower: AltitudeLimit;
  upper: AltitudeLimit;
  start: number;
  end: number;
  daily?: { start: string; end: string };
  text: string;
}

function notices(day: number): Notice[] {
  const stamp = dayStamp(day);
  const h = (n: number) => day + n * HOUR_MS;
  const [fireA, fireB] = shuffled(FIRE_PLACES, `fire:${stamp}`) as [(typeof FIRE_PLACES)[number], (typeof FIRE_PLACES)[number]];
  return [
    { key: 'vip-active', kind: 'tfr', reason: 'VIP', regulation: '14 CFR 91.141', title: 'VIP movement', place: VIP_ACTIVE, radiusNm: 10, outerNm: 30, lower: SFC, upper: msl(17999), start: h(-28), end: h(46), text: 'Drones are prohibited in the 10 NM core; in the 30 NM outer ring they need FAA/TSA approval.' },
    { key: 'vip-later', kind: 'tfr', reason: 'VIP', regulation: '14 CFR 91.141', title: 'VIP movement', place: VIP_LATER, radiusNm: 10, outerNm: 30, lower: SFC, upper: msl(17999), start: h(69), end: h(117), text: 'Drones will be prohibited in the 10 NM core while it is in effect.' },
    { key: 'fire-1', kind: 'tfr', reason: 'FIRE', regulation: '14 CFR 91.137(a)(2)', title: 'Wildfire', place: fireA, radiusNm: 5, lower: SFC, upper: msl(fireA.topMsl), start: h(-54), end: h(114), text: 'Firefighting aircraft are operating at low altitude. If you fly, they can\'t: no drones.' },
    { key: 'fire-2', kind: 'tfr', reason: 'FIRE', regulation: '14 CFR 91.137(a)(2)', title: 'Wildfire', place: fireB, radiusNm: 4, lower: SFC, upper: msl(fireB.topMsl), start: h(-22), end: h(50), text: 'Firefighting aircraft are operating at low altitude. If you fly, they can\'t: no drones.' },
    { key: 'security', kind: 'tfr', reason: 'SECURITY', regulation: '14 CFR 99.7', title: 'Special security event', place: pick(SECURITY_PLACES, `security:${stamp}`), radiusNm: 3, lower: SFC, upper: agl(3000), start: h(-12), end: h(36), text: 'Special security instructions: no drones without FAA and TSA approval.' },
    { key: 'hazard', kind: 'tfr', reason: 'HAZARD', regulation: '14 CFR 91.137(a)(1)', title: 'Hazard area', place: pick(HAZARD_PLACES, `hazard:${stamp}`), radiusNm: 2, lower: SFC, upper: agl(2000), start: h(6), end: h(20), text: 'Emergency response in progress: no drones.' },
    { key: 'space-launch', kind: 'tfr', reason: 'SPACE_OPERATIONS', regulation: '14 CFR 91.143', title: 'Space launch', place: SPACE_LAUNCH, radiusNm: 15, lower: SFC, upper: UNLIMITED, start: h(71), end: h(75), text: 'Rocket launch window: all aircraft and drones excluded.' },
    { key: 'airshow', kind: 'tfr', reason: 'AIRSHOW', regulation: '14 CFR 91.145', title: 'Aerial demonstration', place: pick(AIRSHOW_PLACES, `airshow:${stamp}`), radiusNm: 5, lower: SFC, upper: msl(15000), start: h(5 * 24 + 16), end: h(5 * 24 + 23), text: 'Airshow performers fly low and fast: no drones.' },
    { key: 'uas-test-range', kind: 'notam', reason: 'UAS', regulation: 'NOTAM', title: 'Unmanned aircraft operations', place: UAS_TEST_RANGE, radiusNm: 3, lower: SFC, upper: agl(400), start: h(-72), end: h(30 * 24), daily: { start: '08:00', end: '18:00' }, text: 'Beyond-visual-line-of-sight drone testing during the daily hours; expect other drones.' },
    { key: 'crane', kind: 'notam', reason: 'OBSTACLE', regulation: 'NOTAM', title: 'Obstacle: crane 250 ft AGL', place: CRANE, radiusNm: 0.25, lower: SFC, upper: agl(250), start: h(-120), end: h(240), text: 'Unlit crane up to 250 ft AGL.' },
    { key: 'parachute', kind: 'notam', reason: 'PARACHUTE', regulation: 'NOTAM', title: 'Parachute jumping', place: PARACHUTE, radiusNm: 2, lower: SFC, upper: msl(13000), start: h(-24), end: h(60 * 24), daily: { start: '07:00', end: '19:00' }, text: 'Parachutists descending from up to 13,000 ft MSL during the daily hours.' },
    { key: 'light-show', kind: 'notam', reason: 'UAS', regulation: 'NOTAM', title: 'Drone light show', place: pick(LIGHT_SHOW_PLACES, `light-show:${stamp}`), radiusNm: 1, lower: SFC, upper: agl(400), start: h(27), end: h(28), text: 'Hundreds of drones in a light show; keep clear.' },
  ];
}

function schedule(n: Notice): Schedule {
  const timezone = timeZoneAt(n.place.lon, n.place.lat);
  const base: Schedule = { startTime: iso(n.start), endTime: iso(n.end), timezone };
  if (!n.daily) return base;
  return {
    ...base,
    text: `Daily ${n.daily.start}-${n.daily.end} local`,
    timesOfUse: [{ dailyStart: n.daily.start, dailyEnd: n.daily.end, startTime: base.startTime!, endTime: base.endTime!, timezone }],
  };
}

function number(day: number, i: number): string {
  const d = new Date(day);
  const dayOfYear = Math.floor((day - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS);
  return `SBX ${d.getUTCFullYear() % 10}/${1000 + ((dayOfYear * 16 + i) % 9000)}`;
}

function toFeatures(n: Notice, i: number, day: number): AirspaceFeature[] {
  const ident = number(day, i);
  const id = `${n.kind}:${dayStamp(day)}:${n.key}`;
  const common = {
    layer: n.kind, ident, lower: n.lower, upper: n.upper, authority: 'FAA',
    sourceUrl: n.kind === 'tfr' ? TFR_URL : NOTAM_URL, sourceId: 'sandbox-live', schedule: schedule(n),
  } as const;
  const props = { reason: n.reason, regulation: n.regulation, place: n.place.name, timeRelative: true, sandboxCase: true };
  const name = `${n.title} - ${n.place.name}`;
  const out: AirspaceFeature[] = [{
    ...common, id, name, geometry: disc(n.place.lon, n.place.lat, n.radiusNm),
    description: `${n.title} near ${n.place.name} (${n.regulation}), ${n.radiusNm} NM radius. ${n.text} Sandbox notice.`,
    props: { ...props, radiusNm: n.radiusNm },
  }];
  if (n.outerNm) {
    out.push({
      ...common, id: `${id}:outer`, name: `${name} (outer ring)`, geometry: annulus(n.place.lon, n.place.lat, n.radiusNm, n.outerNm),
      description: `Outer ring (${n.radiusNm}-${n.outerNm} NM) of the ${n.title} TFR near ${n.place.name} (${n.regulation}). Drones need FAA/TSA approval here. Sandbox notice.`,
      props: { ...props, radiusNm: n.outerNm, ring: 'outer' },
    });
  }
  return out;
}

export function buildLiveNotices(now: Date): AirspaceFeature[] {
  const day = utcDayStart(now);
  return notices(day).flatMap((n, i) => toFeatures(n, i, day));
}

