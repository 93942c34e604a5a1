/** Crafted input geometries of the QA report, shared by the geometry tests. */
import type { Position } from 'geojson';

/** A closed star: every edge crosses many others (the QA denial of service). */
export function star(n: number, [lon, lat] = [-122.3, 47.6], r = 0.05): Position[] {
  const k = Math.floor(n / 2) - 1;
  const ring: Position[] = [];
  for (let i = 0; i < n - 1; i++) {
    const t = (2 * Math.PI * ((i * k) % (n - 1))) / (n - 1);
    ring.push([lon + r * Math.cos(t), lat + r * Math.sin(t)]);
  }
  ring.push(ring[0]!);
  return ring;
}
