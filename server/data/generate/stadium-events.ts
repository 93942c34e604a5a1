/**
 * Stadiums with sandbox event schedules, relative to the UTC day of `now`.
 * Two kinds of events: a plausible schedule per league and season (home games on typical local days
 * and times), and a "live chain": every day eight back-to-back three-hour events at different venues,
 * so at any moment some venue has an event in progress and its restriction is active. The chain runs
 * round the clock, which real games do not: it exists so the sandbox always has a live case.
 */
import type { AirspaceFeature, ScheduledEvent } from '../model';
import { pos } from './geo';
import { shuffled, unit } from './prng';
import { COLLEGE_AND_SPEEDWAYS } from './tables/stadiums-college';
import { PRO_STADIUMS, type League, type StadiumEntry } from './tables/stadiums-pro';
import { agl, SFC } from './tables/shapes';
import { DAY_MS, HOUR_MS, dayStamp, iso, localTime, timeZoneAt, utcDayStart, weekday } from './time';

export const STADIUMS: readonly StadiumEntry[] = [...PRO_STADIUMS, ...COLLEGE_AND_SPEEDWAYS];

const LIVE_SLOTS = 8;
const LIVE_SLOT_HOURS = 3;
/** Days of schedule around `now` that each stadium carries: yesterday to a week ahead. */
const FIRST_DAY = -1;
const LAST_DAY = 7;

const TYPE: Record<League, string> = { MLB: 'MLB game', NFL: 'NFL game', NCAA: 'NCAA football game', MOTORSPORT: 'Motor race' };

function eventName(s: StadiumEntry): string {
  return s.league === 'MOTORSPORT' ? `${s.tenant} race at ${s.name}` : `${s.tenant} home game`;
}

interface Slot {
  hhmm: string;
  hours: number;
}

/**
 * Typical home-game slots per league for a local day, or none. Seasons by UTC month: MLB April to
 * October, NFL September to early January, NCAA late August to early December, racing February to
 * November. Probabilities give roughly the number of home dates a venue has.
 */
function slotFor(s: StadiumEntry, dayMs: number): Slot | null {
  const d = new Date(dayMs);
  const month = d.getUTCMonth(), date = d.getUTCDate(), wd = weekday(dayMs);
  const r = unit(`stadium:${s.id}:${dayStamp(dayMs)}`);
  switch (s.league) {
    case 'MLB':
      if (month < 3 || month > 9 || r >= 0.5) return null;
      return wd === 'SUN' ? { hhmm: '13:10', hours: 3 } : { hhmm: '19:05', hours: 3 };
    case 'NFL':
      if (!(month >= 8 || (month === 0 && date <= 10))) return null;
      if (wd === 'SUN' && r < 0.5) return { hhmm: r < 0.35 ? '13:00' : '16:25', hours: 3.5 };
      if ((wd === 'MON' || wd === 'THU') && r < 0.06) return { hhmm: '20:15', hours: 3.5 };
      return null;
    case 'NCAA':
      if (!((month === 7 && date >= 25) || (month >= 8 && month <= 10) || (month === 11 && date <= 6)) || wd !== 'SAT' || r >= 0.55) return null;
      return { hhmm: r < 0.2 ? '12:00' : r < 0.4 ? '15:30' : '19:00', hours: 3.5 };
    case 'MOTORSPORT':
      if (month < 1 || month > 10 || wd !== 'SUN' || r >= 0.12) return null;
      return { hhmm: '15:00', hours: 4 };
  }
}

function scheduledEvents(s: StadiumEntry, day: number, timeZone: string): ScheduledEvent[] {
  const out: ScheduledEvent[] = [];
  for (let k = FIRST_DAY; k <= LAST_DAY; k++) {
    const dayMs = day + k * DAY_MS;
    const slot = slotFor(s, dayMs);
    if (!slot) continue;
    const start = localTime(dayMs, slot.hhmm, timeZone);
    out.push({ name: eventName(s), type: TYPE[s.league], startTime: iso(start), endTime: iso(start + slot.hours * HOUR_MS) });
  }
  return out;
}

/** The live chain of the UTC day: venue k hosts an event from k·3 h to (k+1)·3 h after midnight UTC. */
function liveEvents(day: number): Map<string, ScheduledEvent[]> {
  const order = shuffled(STADIUMS, `live-chain:${dayStamp(day)}`);
  const out = new Map<string, ScheduledEvent[]>();
  for (let k = 0; k < LIVE_SLOTS; k++) {
    const s = order[k]!;
    const start = day + k * LIVE_SLOT_HOURS * HOUR_MS;
    const ev = { name: `${eventName(s)} (sandbox live event)`, type: TYPE[s.league], startTime: iso(start), endTime: iso(start + LIVE_SLOT_HOURS * HOUR_MS) };
    out.set(s.id, [...(out.get(s.id) ?? []), ev]);
  }
  return out;
}

export function buildStadiums(now: Date): AirspaceFeature[] {
  const day = utcDayStart(now);
  const live = liveEvents(day);
  return STADIUMS.map((s) => {
    const timezone = timeZoneAt(s.lon, s.lat);
    const events = [...scheduledEvents(s, day, timezone), ...(live.get(s.id) ?? [])].sort((a, b) => a.startTime.localeCompare(b.startTime));
    return {
      id: `stadium:${s.id}`, layer: 'stadium', name: s.name, geometry: { type: 'Point', coordinates: pos(s.lon, s.lat) },
      lower: SFC, upper: agl(3000),
      description: `${s.name}, ${s.capacity.toLocaleString('en-US')} seats (${s.tenant}). From 1 hour before to 1 hour after an event, drones are prohibited within 3 NM up to 3,000 ft AGL (FDC NOTAM 4/3621).`,
      authority: 'FAA', sourceUrl: 'https://www.faa.gov/uas/getting_started/where_can_i_fly/airspace_restrictions', sourceId: 'sandbox-stadiums',
      schedule: { timezone, text: 'During events: from 1 hour before the scheduled start until 1 hour after the end' },
      events,
      props: { capacity: s.capacity, league: s.league, tenant: s.tenant, radiusNm: 3, timeRelative: true },
    };
  });
}
