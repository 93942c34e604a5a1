/**
 * The sandbox's simulated drone, flown live from the page: the track of simulate.ts starts now, one
 * position every LIVE_STEP_S, and what is due is sent every SEND_EVERY_MS, as a real drone's telemetry
 * would come (never ahead of time), so the track and the marker are seen moving and the alert coming.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Polygon } from 'geojson';
import type { TelemetryPosition } from '../../../server/contract/positions';
import { errorMessage } from '../../lib/api-error';
import { useSendPositions } from './api/positions';
import { simulatedTrack, TRACK_POINTS } from './simulate';

export const LIVE_STEP_S = 1;
export const SEND_EVERY_MS = 2000;

export interface SimulatedFlight {
  flying: boolean;
  sent: number;
  alerts: number;
  done: boolean;
  error: string | null;
  start(): void;
}

export function useSimulatedFlight(operationId: string, boundary: Polygon, ceilingFt: number): SimulatedFlight {
  const send = useSendPositions(operationId);
  const [state, setState] = useState({ flying: false, sent: 0, alerts: 0, done: false, error: null as string | null });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const { mutateAsync } = send;
  const start = useCallback(() => {
    const t0 = Date.now();
    const track = simulatedTrack(boundary, ceilingFt, new Date(t0 + (TRACK_POINTS - 1) * LIVE_STEP_S * 1000), true, LIVE_STEP_S);
    let next = 0;
    setState({ flying: true, sent: 0, alerts: 0, done: false, error: null });
    const tick = async () => {
      const now = Date.now();
      const due: TelemetryPosition[] = [];
      while (next + due.length < track.length && Date.parse(track[next + due.length]!.time) <= now) due.push(track[next + due.length]!);
      if (due.length) {
        try {
          const r = await mutateAsync(due);
          next += due.length;
          if (alive.current) setState((s) => ({ ...s, sent: s.sent + r.accepted, alerts: s.alerts + r.conformance.length }));
        } catch (e) {
          if (alive.current) setState((s) => ({ ...s, flying: false, error: errorMessage(e) }));
          return;
        }
      }
      if (!alive.current) return;
      if (next >= track.length) setState((s) => ({ ...s, flying: false, done: true }));
      else timer.current = setTimeout(() => void tick(), SEND_EVERY_MS);
    };
    void tick();
  }, [boundary, ceilingFt, mutateAsync]);

  return { ...state, start };
}
