/**
 * The sandbox's simulated drone: a track along the operation area's outer ring, one position every
 * STEP_S seconds ending now, at 80 % of the ceiling, with one leg that strays EXCURSION_M outside so that
 * the conformance alerts can be seen working.
 */
import type { Polygon } from 'geojson';
import type { TelemetryPosition } from '../../../server/contract/positions';

export const TRACK_POINTS = 30;
export const STEP_S = 2;
/** How far the straying leg goes beyond the area, metres: well past the 30 m tolerance. */
export const EXCURSION_M = 150;

const M_PER_DEG_LAT = 111_320;

/** `now` is the time of the last position; positions are `stepS` seconds apart. */
export function simulatedTrack(boundary: Polygon, maxAltitudeFt: number, now: Date, stray = true, stepS = STEP_S): TelemetryPosition[] {
  const ring = boundary.coordinates[0]!;
  const lons = ring.map((p) => p[0]!);
  const lats = ring.map((p) => p[1]!);
  const cx = (Math.min(...lons) + Math.max(...lons)) / 2;
  const cy = (Math.min(...lats) + Math.max(...lats)) / 2;
  const out: TelemetryPosition[] = [];
  for (let i = 0; i < TRACK_POINTS; i++) {
    // Along the ring, drawn in 10 % towards the centre so the track stays inside the area.
    const at = (i / TRACK_POINTS) * (ring.length - 1);
    const a = ring[Math.floor(at)]!, b = ring[Math.min(ring.length - 1, Math.floor(at) + 1)]!;
    const f = at - Math.floor(at);
    let lon = a[0]! + (b[0]! - a[0]!) * f;
    let lat = a[1]! + (b[1]! - a[1]!) * f;
    lon = cx + (lon - cx) * 0.9;
    lat = cy + (lat - cy) * 0.9;
    // Positions 2/3 of the way through stray north, beyond the area's northern edge.
    if (stray && i >= Math.floor(TRACK_POINTS * 0.6) && i < Math.floor(TRACK_POINTS * 0.7)) lat = Math.max(...lats) + EXCURSION_M / M_PER_DEG_LAT;
    out.push({
      time: new Date(now.getTime() - (TRACK_POINTS - 1 - i) * stepS * 1000).toISOString(),
      longitude: lon,
      latitude: lat,
      altitude: Math.round(maxAltitudeFt * 0.8),
      altitudeReference: 'AGL',
      speed: 5,
    });
  }
  return out;
}
