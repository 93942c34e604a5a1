import { formatInstant } from '../../../components/time-window';
import { STATUS_TEXT } from '../laanc-text';
import type { TimelineEvent } from '../timeline';

/** What happened to the authorization: what, when, who, why (the service's status history). */
export function AuthorizationTimeline({ events, timeZone }: { events: TimelineEvent[]; timeZone: string }) {
  return (
    <ol className="timeline" aria-label="Status history" data-testid="laanc:timeline">
      {events.map((e) => (
        <li key={e.key} className={`timeline-step tone-${e.status === 'SUBMITTED' ? 'neutral' : STATUS_TEXT[e.status].tone}`} data-status={e.status}>
          <p className="timeline-what">{e.title}</p>
          <p className="muted small">
            <time dateTime={e.at}>{formatInstant(e.at, timeZone)}</time> · {e.who}
          </p>
          {e.why && <p className="small timeline-why">“{e.why}”</p>}
        </li>
      ))}
    </ol>
  );
}
