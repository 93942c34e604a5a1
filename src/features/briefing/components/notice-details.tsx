import type { Notice, Schedule, TimeOfUse } from '../../../../server/contract/briefing';
import { formatInZone } from '../../../lib/zoned-time';
import { altitudeText, ruleCodeText, sourceText } from '../briefing-text';

interface Props {
  notice: Notice;
  /** The flight area's zone, for times the notice gives without one. */
  timeZone: string;
}

/** Everything a pilot may need from one notice: the rule, altitudes, schedule, whom to call, the source. */
export function NoticeDetails({ notice: n, timeZone }: Props) {
  const lower = altitudeText(n.lowerAltitude);
  const upper = altitudeText(n.upperAltitude);
  const rule = ruleCodeText(n.ruleCode);
  const schedule = scheduleText(n.schedule, timeZone);
  const contact = n.contact;
  const hasContact = contact && (contact.text || contact.phoneNumber || contact.email || contact.url);
  return (
    <dl className="notice-details">
      {n.description && (
        <>
          <dt>What it is</dt>
          <dd>{n.description}</dd>
        </>
      )}
      {(rule || n.ruleDescription) && (
        <>
          <dt>Rule</dt>
          <dd>{[rule, n.ruleDescription].filter(Boolean).join(': ')}</dd>
        </>
      )}
      {(lower || upper) && (
        <>
          <dt>Altitudes</dt>
          <dd>
            {lower ?? '—'} to {upper ?? '—'}
          </dd>
        </>
      )}
      {schedule.length > 0 && (
        <>
          <dt>Schedule</dt>
          {schedule.map((s) => (
            <dd key={s}>{s}</dd>
          ))}
        </>
      )}
      {n.events?.map((e, i) => (
        <dd key={`e${i}`}>
          {e.name ?? e.type ?? 'Event'}
          {e.startTime && `: ${formatInZone(new Date(e.startTime), timeZone)}`}
          {e.endTime && ` to ${formatInZone(new Date(e.endTime), timeZone)}`}
        </dd>
      ))}
      {n.distance !== undefined && n.distance > 0 && (
        <>
          <dt>Distance</dt>
          <dd>{n.distance.toFixed(1)} NM from the area</dd>
        </>
      )}
      {(n.authority || sourceText(n.dataSource)) && (
        <>
          <dt>Source</dt>
          <dd>{[sourceText(n.dataSource), n.authority].filter(Boolean).join(' · ')}</dd>
        </>
      )}
      {hasContact && (
        <>
          <dt>Contact</dt>
          <dd>
            {contact.text && <span>{contact.text} </span>}
            {contact.phoneNumber && <a href={`tel:${contact.phoneNumber.replace(/[^\d+]/g, '')}`}>{contact.phoneNumber}</a>}{' '}
            {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}{' '}
            {contact.url && safeUrl(contact.url) && (
              <a href={contact.url} target="_blank" rel="noreferrer">
                Website
              </a>
            )}
          </dd>
        </>
      )}
      {n.sourceUrl && safeUrl(n.sourceUrl) && (
        <>
          <dt>Reference</dt>
          <dd>
            <a href={n.sourceUrl} target="_blank" rel="noreferrer">
              Read the source<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </dd>
        </>
      )}
    </dl>
  );
}

/** Only web links: a notice is data from elsewhere, and a javascript: URL must not become a link. */
function safeUrl(u: string): boolean {
  return /^https?:\/\//i.test(u);
}

export function scheduleText(s: Schedule | undefined, fallbackZone: string): string[] {
  if (!s) return [];
  const zone = s.timezone ?? fallbackZone;
  const out: string[] = [];
  if (s.text) out.push(s.text);
  if (s.startTime || s.endTime) {
    const from = s.startTime ? formatInZone(new Date(s.startTime), zone) : 'now';
    const to = s.endTime ? formatInZone(new Date(s.endTime), zone) : 'until further notice';
    out.push(`${from} to ${to}`);
  }
  for (const t of s.timesOfUse ?? []) out.push(timeOfUseText(t));
  return out;
}

function timeOfUseText(t: TimeOfUse): string {
  const days = t.daysActive?.length ? (t.daysActive.length === 7 ? 'Daily' : t.daysActive.join(', ')) : 'Daily';
  const hours = t.dailyStart && t.dailyEnd ? ` ${t.dailyStart}–${t.dailyEnd}` : '';
  const zone = t.timezone ? ` (${t.timezone})` : '';
  return `${days}${hours}${zone}`;
}
