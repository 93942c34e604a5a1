/**
 * Replay of a finished flight: play/pause and a slider over the recorded positions; the map's marker
 * follows (the operation page draws positions[index]). Playing steps one position every REPLAY_TICK_MS.
 */
import { useEffect, useState } from 'react';
import type { StoredPosition } from '../../../../server/contract/positions';
import { formatInstant } from '../../../components/time-window';

export const REPLAY_TICK_MS = 250;

interface Props {
  positions: readonly StoredPosition[];
  /** The replayed position, or null (the map shows the last one). */
  index: number | null;
  onIndex(i: number | null): void;
  timeZone: string;
}

export function FlightReplay({ positions, index, onIndex, timeZone }: Props) {
  const [playing, setPlaying] = useState(false);
  const last = positions.length - 1;
  const at = index ?? last;

  useEffect(() => {
    if (!playing) return;
    const t = setInterval(() => {
      // Stops on the last position; the map keeps it.
      const next = Math.min(last, (index ?? -1) + 1);
      onIndex(next);
      if (next >= last) setPlaying(false);
    }, REPLAY_TICK_MS);
    return () => clearInterval(t);
  }, [playing, index, last, onIndex]);

  const p = positions[at]!;
  const toggle = () => {
    if (playing) return setPlaying(false);
    // From the start when the marker is at the end.
    if (at >= last) onIndex(0);
    setPlaying(true);
  };
  return (
    <div className="flight-replay" data-testid="flight:replay">
      <h3 className="small">Replay</h3>
      <div className="toolbar">
        <button type="button" className="button button-small" onClick={toggle} aria-pressed={playing} data-testid="flight:play">
          {playing ? 'Pause' : 'Play'}
        </button>
        <input
          type="range"
          min={0}
          max={last}
          step={1}
          value={at}
          aria-label="Replayed moment of the flight"
          aria-valuetext={formatInstant(p.time, timeZone)}
          onChange={(e) => {
            setPlaying(false);
            onIndex(Number(e.target.value));
          }}
          data-testid="flight:slider"
        />
      </div>
      <p className="muted small" data-testid="flight:replay-at">
        {formatInstant(p.time, timeZone)}: {p.latitude.toFixed(5)}, {p.longitude.toFixed(5)}, {Math.round(p.altitude)} ft {p.altitudeReference} ({at + 1} of {positions.length})
      </p>
    </div>
  );
}
