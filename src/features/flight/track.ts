/** The map's view of a flight: the line flown and where the marker is (the last position, or the replayed one). */
import type { StoredPosition } from '../../../server/contract/positions';
import type { FlightTrack } from '../../map/track-layers';

export function flightTrack(positions: readonly StoredPosition[], replayAt: number | null): FlightTrack | null {
  if (!positions.length) return null;
  const at = replayAt === null ? positions.length - 1 : Math.min(Math.max(0, replayAt), positions.length - 1);
  const p = positions[at]!;
  return { line: positions.map((q) => [q.longitude, q.latitude]), marker: [p.longitude, p.latitude] };
}

/** No position for this long (and none being sent from this page): the flight is taken as over, and may be replayed. */
export const FLIGHT_QUIET_S = 30;

/** Whether the flight can be replayed: the operation's window is over, or nothing came for FLIGHT_QUIET_S. */
export function flightOver(endTime: string, positions: readonly StoredPosition[], now: number): boolean {
  const last = positions.at(-1);
  if (!last || positions.length < 2) return false;
  return Date.parse(endTime) < now || Date.parse(last.time) < now - FLIGHT_QUIET_S * 1000;
}
