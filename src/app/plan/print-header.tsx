/**
 * What a printed briefing says at its top (hidden on screen): the flight it is for, so the paper
 * stands on its own at the field, and when it was printed, since the airspace changes.
 */
import { formatInstant, formatWindow } from '../../components/time-window';
import type { Plan } from '../../features/plan/plan-params';

interface Props {
  plan: Plan;
  areaSqMi: number | null;
  window: { startTime: string; endTime: string } | null;
  timeZone: string;
  /** From the Print button: the map as an image (the live map's canvas does not print) and the time. */
  printed: { mapImage: string | null; at: string } | null;
}

export function PrintHeader({ plan, areaSqMi, window, timeZone, printed }: Props) {
  return (
    <div className="print-only print-header" data-testid="plan:print-header">
      <h1>Flight briefing</h1>
      <dl className="print-facts">
        <div>
          <dt>Flight</dt>
          <dd>{window ? formatWindow(window.startTime, window.endTime, timeZone) : 'No time set'}</dd>
        </div>
        <div>
          <dt>Altitude</dt>
          <dd>
            Up to {plan.maxAltitude} {plan.unit} above ground
          </dd>
        </div>
        <div>
          <dt>Rules</dt>
          <dd>{plan.flightType === 'part107' ? 'Part 107 (commercial)' : 'Recreational (49 U.S.C. 44809)'}</dd>
        </div>
        {areaSqMi !== null && (
          <div>
            <dt>Area</dt>
            <dd>{areaSqMi.toFixed(2)} sq mi</dd>
          </div>
        )}
        {printed && (
          <div>
            <dt>Printed</dt>
            <dd>{formatInstant(printed.at, timeZone)}</dd>
          </div>
        )}
      </dl>
      {printed?.mapImage && <img className="print-map" src={printed.mapImage} alt="Map of the flight area" />}
    </div>
  );
}
