import { useEffect, useRef, useState } from 'react';
import { nextQuarterHour, utcToZonedLocal, zonedLocalToUtc } from '../../lib/zoned-time';
import { toPlanStart } from './plan-params';
import type { PlanUpdate } from './use-plan';

/**
 * The same wall-clock time in another zone: 09:00 typed while the zone was Los Angeles stays 09:00
 * when the area moves to Atlanta. The URL keeps UTC, so the instant moves instead.
 */
export function keepWallClock(start: string, fromZone: string, toZone: string): string {
  const local = utcToZonedLocal(new Date(start.replace('Z', ':00Z')), fromZone);
  const utc = zonedLocalToUtc(local, toZone);
  return utc ? toPlanStart(utc) : start;
}

/** A start kept on the wall clock while the zone changed under it: the form says so (docs/portal.md). */
export interface ZoneMove {
  from: string;
  to: string;
  start: string;
}

/**
 * The pilot types the start on the clocks of the area. Before there is an area (or when it moves to
 * another zone) the zone changes under the typed time: keep the time as typed, not the instant, and
 * return the move while that start stands, so the form can say it. A plan without a start gets the next
 * quarter hour (written to the URL so the link is exact); that start is an instant, "soon" in every zone,
 * so it is not moved: kept on the wall clock it went hours into the past (New York) or the future
 * (Honolulu) when the first area was drawn. A plan opened from a link starts in its own zone (unknown
 * until the zone table loads), so its start is never moved.
 */
export function useWallClockStart(start: string | null, timeZone: string | null, update: (u: PlanUpdate) => void): ZoneMove | null {
  const previous = useRef(timeZone);
  const chosen = useRef<string | null>(null);
  const [move, setMove] = useState<ZoneMove | null>(null);
  useEffect(() => {
    if (start) return;
    chosen.current = toPlanStart(nextQuarterHour(new Date()));
    update({ start: chosen.current });
  }, [start, update]);
  useEffect(() => {
    // An unknown zone (the zone table still loading) is no change: the next known zone is compared with the last.
    if (timeZone === null) return;
    const from = previous.current;
    previous.current = timeZone;
    if (from === null || from === timeZone || !start || start === chosen.current) return;
    const next = keepWallClock(start, from, timeZone);
    if (next === start) return;
    update({ start: next });
    setMove({ from, to: timeZone, start: next });
    // Only a change of zone moves the start; a start typed in the current zone is already right.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeZone]);
  return move && move.start === start ? move : null;
}
