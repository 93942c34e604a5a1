/**
 * The JSON text of a briefing answer, byte for byte what JSON.stringify gives, assembled from fragments.
 * A notice's geometry is the dataset's own (or its polygons, folded: cells of one facility, sectors of one
 * airspace, a stadium's circle kept per feature), so its text is written once per geometry or polygon and
 * kept in a WeakMap: it goes with the dataset. The rest of each notice (its texts, distance, provenance) is
 * serialised per answer as before. JSON.stringify of the DC area answer's geometry was ~45 % of its CPU in
 * process (docs/perf.md, "Briefings over HTTP, fourth round"). Nothing here caches an answer.
 */
import type { BriefingResult, Notice } from '../../contract/briefing';

/**
 * Text of geometries and of polygons (coordinate arrays), by object. Only dataset objects and the engine's
 * per-feature circles reach here, and the dataset is immutable once loaded (server/data/dataset.ts); a
 * geometry built per answer (a fold) is keyed by its polygons, so its own object is not kept.
 */
const texts = new WeakMap<object, string>();

function polygonText(p: unknown[]): string {
  let s = texts.get(p);
  if (s === undefined) texts.set(p, (s = JSON.stringify(p)));
  return s;
}

/** Whether the object's own keys are exactly `type` then `coordinates` (else its text is left to JSON.stringify). */
function plainGeometry(g: Record<string, unknown>): boolean {
  let n = 0;
  for (const k in g) {
    if (!Object.hasOwn(g, k)) return false;
    if ((n === 0 && k !== 'type') || (n === 1 && k !== 'coordinates') || n > 1) return false;
    n++;
  }
  return n === 2 && Array.isArray(g.coordinates);
}

/** The text of a notice's geometry. */
export function geometryText(g: { type: string; coordinates?: unknown }): string {
  const known = texts.get(g);
  if (known !== undefined) return known;
  const o = g as Record<string, unknown>;
  if (!plainGeometry(o)) return JSON.stringify(g);
  const coords = o.coordinates as unknown[];
  if (g.type === 'Polygon') return `{"type":"Polygon","coordinates":${polygonText(coords)}}`;
  if (g.type === 'MultiPolygon') {
    let s = '{"type":"MultiPolygon","coordinates":[';
    for (let i = 0; i < coords.length; i++) s += (i ? ',' : '') + polygonText(coords[i] as unknown[]);
    return `${s}]}`;
  }
  return JSON.stringify(g);
}

/**
 * JSON.stringify(o) with the value under `key` written by `write`, keys in the object's own order: the keys
 * before it and after it are stringified as two objects and joined around it (undefined values are left out
 * as JSON.stringify leaves them out).
 */
function spliced(o: object, key: string, write: (v: never) => string): string {
  const v = (o as Record<string, unknown>)[key];
  if (v === undefined || v === null || typeof v !== 'object') return JSON.stringify(o);
  // Without a prototype, a key named __proto__ is an own key here, as it is in `o`.
  const before = Object.create(null) as Record<string, unknown>;
  const after = Object.create(null) as Record<string, unknown>;
  let seen = false;
  for (const k of Object.keys(o)) {
    if (k === key) seen = true;
    else (seen ? after : before)[k] = (o as Record<string, unknown>)[k];
  }
  const head = JSON.stringify(before);
  const tail = JSON.stringify(after);
  return `${head === '{}' ? '{' : `${head.slice(0, -1)},`}${JSON.stringify(key)}:${write(v as never)}${tail === '{}' ? '}' : `,${tail.slice(1)}`}`;
}

export function noticeText(n: Notice): string {
  return spliced(n, 'geometry', geometryText);
}

function noticesText(list: Notice[]): string {
  let s = '[';
  for (let i = 0; i < list.length; i++) s += (i ? ',' : '') + noticeText(list[i]!);
  return `${s}]`;
}

/** The answer's JSON text: equal to JSON.stringify(answer) (answer-json.test.ts). */
export function briefingText(answer: BriefingResult): string {
  return Array.isArray(answer.notices) ? spliced(answer, 'notices', noticesText) : JSON.stringify(answer);
}
