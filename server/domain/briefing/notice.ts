/**
 * Turns a classified feature into a Notice (spec 2.3), filled as far as the data allows: title,
 * a plain description, authority, source, contact, altitudes, geometry, schedule and events.
 */
import type { Altitude, ContactInformation, Event, Notice, Schedule } from '../../contract/briefing';
import type { AirspaceFeature, AltitudeLimit, FeatureGeometry, Schedule as DataSchedule } from '../../data/model';
import { describeLimit, feetAgl, toAltitude } from './altitude';
import { keep } from './answer-json';
import { circlePolygon, reachNm, roundNm } from './geometry';
import { LAYER_DEFAULTS, RULE_DESCRIPTIONS } from './rule-codes';
import { CLASS_G_OUTCOME, type Outcome } from './rules';
import { eventsWindow, type FlightWindow } from './time';

export interface NoticeContext {
  window: FlightWindow;
  maxAltitudeFt: number;
  includeGeometry: boolean;
}

/** Events listed on a notice: those that have not ended an hour before the window, at most this many. */
const MAX_EVENTS = 20;

function iso(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString().replace(/\.000Z$/, 'Z');
}

/** The object without its undefined fields, keys in the same order (a loop: Object.entries/fromEntries was ~5 % of a briefing's CPU). */
function compact<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) {
    const v = (o as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out as T;
}

/** Per dataset schedule, its notice form, kept (answer-json.ts `keep`): it depends on nothing else. */
const schedules = new WeakMap<DataSchedule, Schedule | undefined>();

/** The notice form of a dataset value, made once per value and kept (frozen, its text written once). */
function keptOnce<K extends object, V extends object>(cache: WeakMap<K, V | undefined>, key: K | undefined, make: (k: K) => V | undefined): V | undefined {
  if (!key) return undefined;
  if (cache.has(key)) return cache.get(key);
  const out = make(key);
  cache.set(key, out && keep(out));
  return out;
}

function keptSchedule(s: DataSchedule | undefined): Schedule | undefined {
  return keptOnce(schedules, s, toSchedule);
}

/** Per dataset altitude limit, its notice form, kept; and the facility maps' AGL figures by value (0 to 400 ft: few). */
const altitudes = new WeakMap<AltitudeLimit, Altitude | undefined>();
const feetAglKept = new Map<number, Altitude>();

function keptAltitude(limit: AltitudeLimit | undefined): Altitude | undefined {
  return keptOnce(altitudes, limit, toAltitude);
}

function keptFeetAgl(value: number): Altitude {
  let a = feetAglKept.get(value);
  if (!a) {
    a = feetAgl(value);
    if (feetAglKept.size >= 1000) return a;
    feetAglKept.set(value, keep(a));
  }
  return a;
}

/** A feature's own contact, copied without its undefined fields once per feature (the layers' defaults are kept too). */
const contacts = new WeakMap<object, ContactInformation>();

function keptContact(c: ContactInformation): ContactInformation {
  let out = contacts.get(c);
  if (!out) contacts.set(c, (out = keep(compact({ ...c }))));
  return out;
}

export function toSchedule(s: DataSchedule | undefined): Schedule | undefined {
  if (!s) return undefined;
  const timesOfUse = s.timesOfUse?.map((t) => compact({ ...t, startTime: iso(t.startTime), endTime: iso(t.endTime), daysActive: t.daysActive ? [...t.daysActive] : undefined }));
  return compact({ startTime: iso(s.startTime), endTime: iso(s.endTime), timezone: s.timezone, text: s.text, timesOfUse });
}

function toEvents(f: AirspaceFeature, window: FlightWindow): Event[] | undefined {
  if (!f.events?.length) return undefined;
  const from = eventsWindow(f, window).start.getTime() - 3_600_000;
  const list = f.events
    .filter((e) => Date.parse(e.endTime) >= from)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
    .slice(0, MAX_EVENTS)
    .map((e) => compact({ name: e.name, type: e.type, startTime: iso(e.startTime), endTime: iso(e.endTime) }));
  return list.length ? list : undefined;
}

/**
 * A stadium's circle, made once per feature: the same figures every time (circlePolygon is a pure function of
 * the point and the radius), and one object, so that its JSON text is written once too (answer-json.ts).
 */
const circles = new WeakMap<AirspaceFeature, FeatureGeometry>();

/** The boundary a notice shows: a stadium's 3 NM circle, otherwise the feature's own geometry. */
export function noticeGeometry(f: AirspaceFeature): FeatureGeometry {
  if (f.layer !== 'stadium' || f.geometry.type !== 'Point') return f.geometry;
  let c = circles.get(f);
  if (!c) circles.set(f, (c = circlePolygon(f.geometry.coordinates, reachNm(f))));
  return c;
}

const LAYER_NOUN: Record<AirspaceFeature['layer'], string> = {
  class_airspace: 'Controlled airspace',
  uasfm: 'UAS facility map',
  sua: 'Special use airspace',
  washington_frz: 'Washington DC Flight Restricted Zone',
  washington_sfra: 'Washington DC Special Flight Rules Area',
  satr: 'Special air traffic rules area',
  nsufr: 'National security UAS flight restriction',
  stadium: 'Stadium',
  tfr: 'Temporary flight restriction',
  airport: 'Airport',
  national_park: 'National park',
  recreational_flyer_fixed_site: 'Recreational flyer fixed site',
  mtr: 'Military training route',
  community_advisory: 'Community advisory',
  notam: 'NOTAM',
};

export function title(f: AirspaceFeature): string {
  const ident = f.ident && !f.name.includes(f.ident) ? ` (${f.ident})` : '';
  if (f.layer === 'class_airspace' && f.subtype?.startsWith('CLASS_')) {
    const cls = `Class ${f.subtype.slice(6)}`;
    return f.name.toUpperCase().includes(cls.toUpperCase()) ? `${f.name}${ident}` : `${cls} airspace: ${f.name}${ident}`;
  }
  return `${f.name}${ident}`;
}

function vertical(f: AirspaceFeature): string {
  if (!f.lower && !f.upper) return '';
  const top = f.upper && f.upper.value >= 0 ? ` to ${describeLimit(f.upper)}` : '';
  return ` It extends from ${describeLimit(f.lower)}${top}.`;
}

/** The plain-language description: what it is, how high, and why it matters for this flight (the rule itself is in ruleDescription). */
export function describe(f: AirspaceFeature, outcome: Outcome, extra?: string): string {
  const what = f.description ?? `${LAYER_NOUN[f.layer]}: ${f.name}.`;
  const now = outcome.situation ? ` It is ${outcome.situation}.` : '';
  return foldSpace(`${what}${vertical(f)}${now}${extra ? ` ${extra}` : ''}`);
}

/** Whitespace that foldSpace changes: any but a single space, two spaces, a space at either end. */
const UNFOLDED_SPACE = /[^\S ]| {2}|^ | $/;

/**
 * `text.replace(/\s+/g, ' ').trim()`, the same string every time (notice.test.ts). Most texts have nothing
 * to fold: a test is cheaper than a replace that copies the text (describe's was ~8 % of a briefing's CPU).
 */
export function foldSpace(text: string): string {
  return UNFOLDED_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}

function when(iso: string | undefined): string {
  return iso ? iso.replace('T', ' ').replace(/:00Z$|Z$/, ' UTC') : 'further notice';
}

/** What the pilot should do about it, from the data at hand. */
function advice(f: AirspaceFeature, o: Outcome, ctx: NoticeContext): string | undefined {
  switch (f.layer) {
    case 'class_airspace':
      if (!o.controlled) return undefined;
      return o.authorization === 'AUTHORIZATION_TYPE_LAANC'
        ? 'ATC authorization is required: request it through LAANC.'
        : 'ATC authorization is required and LAANC does not serve this airspace: apply through FAA DroneZone.';
    case 'tfr':
      return `In effect from ${when(f.schedule?.startTime)} to ${when(f.schedule?.endTime)}.`;
    case 'stadium': {
      const next = toEvents(f, ctx.window)?.[0];
      return next ? `Next event: ${next.name ?? 'event'}, ${when(next.startTime)} to ${when(next.endTime)}; the restriction runs from 1 hour before to 1 hour after it.` : undefined;
    }
    case 'national_park':
      return 'Do not launch, land or operate a drone on park land.';
    default:
      return f.schedule?.text ? `Times of use: ${f.schedule.text}.` : undefined;
  }
}

export interface BuildInput {
  feature: AirspaceFeature;
  outcome: Outcome;
  distanceNm: number;
  ctx: NoticeContext;
  /** Overrides (aggregated facility maps and class airspace). */
  title?: string;
  description?: string;
  geometry?: FeatureGeometry;
  /** A facility map's ceiling for the notice (the lowest of its cells), instead of the feature's own. */
  ceilingFt?: number;
}

export function buildNotice({ feature: f, outcome, distanceNm, ctx, ...over }: BuildInput): Notice {
  const d = LAYER_DEFAULTS[f.layer];
  let upper = keptAltitude(f.upper);
  let lower = keptAltitude(f.lower);
  const ceilingFt = over.ceilingFt ?? f.ceilingFt;
  if (f.layer === 'uasfm' && typeof ceilingFt === 'number') {
    lower = keptFeetAgl(0);
    upper = keptFeetAgl(ceilingFt);
  }
  // Written out field by field in the notice's key order, leaving out undefined values (what compact() of the
  // whole literal did, without the literal and its key walk: ~3 % of a dense briefing).
  const n: Notice = {};
  if (outcome.dataSource !== undefined) n.dataSource = outcome.dataSource;
  if (outcome.dataSubtype !== undefined) n.dataSubtype = outcome.dataSubtype;
  const t = over.title ?? title(f);
  if (t !== undefined) n.title = t;
  const description = over.description ?? describe(f, outcome, advice(f, outcome, ctx));
  if (description !== undefined) n.description = description;
  n.distance = roundNm(distanceNm);
  if (outcome.status !== undefined) n.status = outcome.status;
  if (outcome.code !== undefined) n.code = outcome.code;
  if (outcome.ruleCode !== undefined) n.ruleCode = outcome.ruleCode;
  const ruleDescription = RULE_DESCRIPTIONS[outcome.ruleCode];
  if (ruleDescription !== undefined) n.ruleDescription = ruleDescription;
  const authority = f.authority ?? d.authority;
  if (authority !== undefined) n.authority = authority;
  const sourceUrl = f.sourceUrl ?? d.sourceUrl;
  if (sourceUrl !== undefined) n.sourceUrl = sourceUrl;
  const contact = f.contact ? keptContact(f.contact) : d.contact && keep(d.contact);
  if (contact !== undefined) n.contact = contact;
  if (lower !== undefined) n.lowerAltitude = lower;
  if (upper !== undefined) n.upperAltitude = upper;
  const geometry = ctx.includeGeometry ? (over.geometry ?? noticeGeometry(f)) : undefined;
  if (geometry !== undefined) n.geometry = geometry as Notice['geometry'];
  const schedule = keptSchedule(f.schedule);
  if (schedule !== undefined) n.schedule = schedule;
  const events = toEvents(f, ctx.window);
  if (events !== undefined) n.events = events;
  return n;
}

/** Class G (domain.md): nothing controlled at the flight's altitude, so no authorization up to 400 ft AGL. */
export function classGNotice(ctx: NoticeContext): Notice {
  const d = LAYER_DEFAULTS.class_g;
  const o = CLASS_G_OUTCOME;
  return {
    dataSource: o.dataSource,
    dataSubtype: o.dataSubtype,
    title: 'Class G airspace',
    description: `No controlled airspace reaches down to your flight (planned up to ${ctx.maxAltitudeFt} ft AGL): this is uncontrolled Class G airspace and no ATC authorization is needed. Stay at or below 400 ft AGL.`,
    distance: 0,
    status: o.status,
    code: o.code,
    ruleCode: o.ruleCode,
    ruleDescription: RULE_DESCRIPTIONS.RULE_CODE_5_3P,
    authority: d.authority,
    sourceUrl: d.sourceUrl,
    lowerAltitude: feetAgl(0),
    upperAltitude: feetAgl(400),
  };
}
