/** Turns the tables' shapes into GeoJSON and finds a representative point (for the time zone). */
import type { Polygon } from 'geojson';
import type { Schedule } from '../model';
import { disc, polygon } from './geo';
import type { Hours, Shape } from './tables/shapes';
import { timeZoneAt } from './time';

export function shapeGeometry(shape: Shape): Polygon {
  if ('circle' in shape) return disc(...shape.circle);
  if ('box' in shape) {
    const [w, s, e, n] = shape.box;
    return polygon([[w, s], [e, s], [e, n], [w, n]]);
  }
  return polygon(shape.poly);
}

export function shapeCenter(shape: Shape): [lon: number, lat: number] {
  if ('circle' in shape) return [shape.circle[0], shape.circle[1]];
  if ('box' in shape) return [(shape.box[0] + shape.box[2]) / 2, (shape.box[1] + shape.box[3]) / 2];
  const n = shape.poly.length;
  return [shape.poly.reduce((s, p) => s + p[0], 0) / n, shape.poly.reduce((s, p) => s + p[1], 0) / n];
}

/** A recurring schedule in the local zone of the area, in the spec's Schedule/TimeOfUse shape. */
export function recurringSchedule(shape: Shape, text: string, hours: readonly Hours[] | undefined): Schedule {
  const timezone = timeZoneAt(...shapeCenter(shape));
  return { timezone, text, ...(hours ? { timesOfUse: hours.map((h) => ({ ...h, timezone })) } : {}) };
}
