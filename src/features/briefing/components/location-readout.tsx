/**
 * What is at one point of the map (a click or tap): the facility-map ceiling, the airspace class with
 * its floor, and any restriction with its times, from the location briefing for the plan's window and
 * altitude. Shown in the map's popup; it knows nothing of the map.
 */
import type { LocationBriefingV2Request, Notice } from '../../../../server/contract/briefing';
import { ErrorState, LoadingState, Pill } from '../../../components/load-states';
import { useLocationBriefing } from '../api/get-location-briefing';
import { altitudeText, sourceText, STATUS_TEXT } from '../briefing-text';
import { scheduleText } from './notice-details';
import './briefing.css';

interface Props {
  /** null: the reason is in `blockedText`. */
  input: LocationBriefingV2Request | null;
  blockedText: string | null;
  timeZone: string;
}

/** "from the surface to 400 ft AGL", "up to 100 ft AGL" (a facility-map cell's ceiling), or null. */
function heightsText(n: Notice): string | null {
  const lower = altitudeText(n.lowerAltitude);
  const upper = altitudeText(n.upperAltitude);
  // A ceiling of 0 ft reads as a number: "ceiling surface" would be read past.
  if (n.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING') return n.upperAltitude?.value !== undefined ? `Ceiling ${n.upperAltitude.value} ft AGL` : null;
  if (lower && upper) return `Floor ${lower}, top ${upper}`;
  if (lower) return `Floor ${lower}`;
  return upper ? `Up to ${upper}` : null;
}

export function LocationReadout({ input, blockedText, timeZone }: Props) {
  const query = useLocationBriefing(blockedText ? null : input);
  let body;
  if (blockedText || !input) {
    body = <p className="small">{blockedText}</p>;
  } else if (query.isError) {
    body = <ErrorState title="What is here could not be loaded." error={query.error} onRetry={() => void query.refetch()} testId="location:error" />;
  } else if (!query.data) {
    body = <LoadingState label="Reading what is here…" rows={2} testId="location:loading" />;
  } else {
    const here = (query.data.notices ?? []).filter((n) => (n.distance ?? 0) === 0);
    const nearby = (query.data.notices ?? []).length - here.length;
    const status = STATUS_TEXT[query.data.status ?? 'NOTICE_STATUS_UNSPECIFIED'];
    body = (
      <>
        <p className="small">
          <Pill tone={status.tone} testId="location:status">
            {status.label}
          </Pill>{' '}
          <span className="muted">at this point, for the planned time and altitude</span>
        </p>
        <ul className="location-notices" data-testid="location:notices">
          {here.map((n, i) => {
            const heights = heightsText(n);
            const times = scheduleText(n.schedule, timeZone);
            return (
              <li key={i} data-source={n.dataSource}>
                <strong>{sourceText(n.dataSource) ?? n.title}</strong>
                {n.title && sourceText(n.dataSource) && <span>: {n.title}</span>}
                {heights && <span className="location-line">{heights}</span>}
                {times.map((t) => (
                  <span key={t} className="location-line">
                    {t}
                  </span>
                ))}
              </li>
            );
          })}
        </ul>
        {nearby > 0 && (
          <p className="muted small">
            {nearby} more within 2 NM; draw an area here for the full briefing.
          </p>
        )}
      </>
    );
  }
  return (
    <div className="location-readout" data-testid="location:readout">
      <p className="location-title">What is here</p>
      {body}
    </div>
  );
}
