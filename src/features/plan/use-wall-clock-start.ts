import { useEffect, useRef } from 'react';
import { utcToZonedLocal, zonedLocalToUtc } from '../../lib/zoned-time';
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

/**
 * The pilot types the start on the clocks of the area. Before there is an area (or when it moves to
 * another zone) the zone changes under the typed time: keep the time as typed, not the instant.
 * A plan opened from a link starts in its own zone (unknown until the zone table loads), so its start is never moved.
 */
export function useWallClockStart(start: string | null, timeZone: string | null, update: (u: PlanUpdate) => void): void {
  const previous = useRef(timeZone);
  useEffect(() => {
    // An unknown zone (the zone table still loading) is no change: the next known zone is compared with the last.
    if (timeZone === null) return;
    const from = previous.current;
    previous.current = timeZone;
    if (from === null || from === timeZone || !start) return;
    const next = keepWallClock(start, from, timeZone);
    if (next !== start) update({ start: next });
    // Only a change of zone moves the start; a start typed in the current zone is already right.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeZone]);
}
