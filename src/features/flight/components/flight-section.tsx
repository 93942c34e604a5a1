/**
 * The operation's live flight: the last position reported (polled), its conformance alerts as they come,
 * and in the sandbox a button that flies a simulated drone along the area (docs/positions.md).
 */
import type { PlatformOperation } from '../../../../server/contract/operations';
import type { ConformanceEvent } from '../../../../server/contract/positions';
import { Pill } from '../../../components/load-states';
import { formatInstant } from '../../../components/time-window';
import { errorMessage } from '../../../lib/api-error';
import { useDataStatus } from '../../briefing/api/get-data-status';
import { useConformance, useLastPosition, useSendPositions } from '../api/positions';
import { simulatedTrack } from '../simulate';

const REASON_TEXT: Record<ConformanceEvent['reason'], string> = {
  OUTSIDE_AREA: 'Left the operation area',
  ABOVE_ALTITUDE: 'Above the operation ceiling',
  OUTSIDE_TIME_WINDOW: 'Flying outside the time window',
  ALTITUDE_UNKNOWN: 'Altitude could not be checked',
};

const FT_PER_M = 3.280839895;

export function FlightSection({ operation: op }: { operation: PlatformOperation }) {
  const last = useLastPosition(op.id);
  const events = useConformance(op.id);
  const send = useSendPositions(op.id);
  const sandbox = useDataStatus().data?.profile === 'sandbox';
  const tz = op.timezone;
  const ceilingFt = op.altitudeUnit === 'ALTITUDE_UNIT_METERS' ? op.maxAltitude * FT_PER_M : op.maxAltitude;
  const p = last.data;
  return (
    <section className="card" aria-labelledby="flight-heading" data-testid="flight">
      <h2 id="flight-heading">Flight</h2>
      {last.isError && !last.data ? (
        <p className="error-text">The last position could not be loaded: {errorMessage(last.error)}</p>
      ) : p === undefined ? (
        <p className="muted small">Loading the last position…</p>
      ) : p === null ? (
        <p className="muted small" data-testid="flight:none">No position reported yet. Positions sent to POST /v1/positions appear here within seconds.</p>
      ) : (
        <p data-testid="flight:last">
          Last position at {formatInstant(p.time, tz)}: {p.latitude.toFixed(5)}, {p.longitude.toFixed(5)}, {Math.round(p.altitude)} ft {p.altitudeReference}
          {p.speed !== undefined && <>, {p.speed} m/s</>}
        </p>
      )}
      {events.data && events.data.length > 0 && (
        <div role="alert" data-testid="flight:alerts">
          <h3 className="small">Conformance alerts</h3>
          <ul className="delivery-list">
            {events.data.slice(-10).map((e) => (
              <li key={e.id} data-testid="flight:alert" data-reason={e.reason}>
                <Pill tone="danger">{REASON_TEXT[e.reason]}</Pill> <span className="muted small">{formatInstant(e.position.time, tz)} · {e.detail}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {sandbox && (
        <div className="toolbar">
          <button
            type="button"
            className="button button-small"
            disabled={send.isPending}
            onClick={() => send.mutate(simulatedTrack(op.boundary, ceilingFt, new Date()))}
            data-testid="flight:simulate"
          >
            {send.isPending ? 'Flying…' : 'Simulate a flight (sandbox)'}
          </button>
          {send.isError && <span className="error-text small">{errorMessage(send.error)}</span>}
          {send.data && <span className="muted small" data-testid="flight:sent">Sent {send.data.accepted} positions; {send.data.conformance.length} new alert(s).</span>}
        </div>
      )}
    </section>
  );
}
