/**
 * The operation's live flight: the track polled (drawn on the page's map by the operation page), the
 * last position, its conformance alerts as they come, a replay once the flight is over, and in the
 * sandbox a button that flies a simulated drone along the area (docs/positions.md).
 */
import { useEffect, useState } from 'react';
import type { PlatformOperation } from '../../../../server/contract/operations';
import type { ConformanceEvent, StoredPosition } from '../../../../server/contract/positions';
import { lengthUnitOf, toFeet } from '../../../../server/contract/units';
import { Pill } from '../../../components/load-states';
import { formatInstant } from '../../../components/time-window';
import { errorMessage } from '../../../lib/api-error';
import { useDataStatus } from '../../briefing/api/get-data-status';
import { useConformance } from '../api/positions';
import { TRACK_POINTS } from '../simulate';
import { flightOver } from '../track';
import { useSimulatedFlight } from '../use-simulated-flight';
import { FlightReplay } from './flight-replay';

const REASON_TEXT: Record<ConformanceEvent['reason'], string> = {
  OUTSIDE_AREA: 'Left the operation area',
  ABOVE_ALTITUDE: 'Above the operation ceiling',
  OUTSIDE_TIME_WINDOW: 'Flying outside the time window',
  ALTITUDE_UNKNOWN: 'Altitude could not be checked',
};

/** How often "is the flight over?" is looked at again when nothing else changes. */
const CLOCK_MS = 5000;

interface Props {
  operation: PlatformOperation;
  /** The track, oldest first (undefined while loading). */
  track: { data?: StoredPosition[] | undefined; isError: boolean; error: unknown };
  /** The replayed position (null: live, the map shows the last). */
  replayAt: number | null;
  onReplay(i: number | null): void;
}

function useClock(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

export function FlightSection({ operation: op, track, replayAt, onReplay }: Props) {
  const events = useConformance(op.id, op.endTime);
  const sandbox = useDataStatus().data?.profile === 'sandbox';
  const tz = op.timezone;
  const ceilingFt = toFeet(op.maxAltitude, lengthUnitOf(op.altitudeUnit));
  const sim = useSimulatedFlight(op.id, op.boundary, ceilingFt);
  const now = useClock(CLOCK_MS);
  const positions = track.data;
  const p = positions?.at(-1);
  const over = !sim.flying && !!positions && flightOver(op.endTime, positions, now);
  return (
    <section className="card" aria-labelledby="flight-heading" data-testid="flight">
      <h2 id="flight-heading">Flight</h2>
      {track.isError && !positions ? (
        <p className="error-text">The track could not be loaded: {errorMessage(track.error)}</p>
      ) : positions === undefined ? (
        <p className="muted small">Loading the track…</p>
      ) : !p ? (
        <p className="muted small" data-testid="flight:none">No position reported yet. Positions sent to POST /v1/positions appear here and on the map within seconds.</p>
      ) : (
        <>
          <p data-testid="flight:last">
            Last position at {formatInstant(p.time, tz)}: {p.latitude.toFixed(5)}, {p.longitude.toFixed(5)}, {Math.round(p.altitude)} ft {p.altitudeReference}
            {p.speed !== undefined && <>, {p.speed} m/s</>}
          </p>
          <p className="muted small" data-testid="flight:track" data-count={positions.length}>
            Track on the map: {positions.length} position{positions.length === 1 ? '' : 's'} since {formatInstant(positions[0]!.time, tz)}.
          </p>
        </>
      )}
      {/* Always in the page, so that an alert added to it is announced as it comes. */}
      <div role="alert" data-testid="flight:alerts">
        {events.data && events.data.length > 0 && (
          <>
            <h3 className="small">Conformance alerts</h3>
            <ul className="delivery-list">
              {events.data.slice(-10).map((e) => (
                <li key={e.id} data-testid="flight:alert" data-reason={e.reason}>
                  <Pill tone="danger">{REASON_TEXT[e.reason]}</Pill> <span className="muted small">{formatInstant(e.position.time, tz)} · {e.detail}{e.positionCount > 1 ? ` · ${e.positionCount} positions, the last at ${formatInstant(e.lastPositionTime, tz)}` : ''}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {over && positions && <FlightReplay positions={positions} index={replayAt} onIndex={onReplay} timeZone={tz} />}
      {sandbox && (
        <div className="toolbar">
          <button type="button" className="button button-small" disabled={sim.flying} onClick={sim.start} data-testid="flight:simulate">
            {sim.flying ? 'Flying…' : 'Simulate a flight (sandbox)'}
          </button>
          {sim.error && <span className="error-text small">{sim.error}</span>}
          {(sim.flying || sim.done) && (
            <span className="muted small" data-testid="flight:sent">
              {sim.done ? `Sent ${sim.sent} positions; ${sim.alerts} new alert(s).` : `Flying: ${sim.sent} of ${TRACK_POINTS} positions sent.`}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
