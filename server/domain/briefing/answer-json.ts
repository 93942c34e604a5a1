/**
 * The JSON text of a briefing answer, byte for byte what JSON.stringify gives, assembled from fragments.
 * A notice's geometry is the dataset's own (or its polygons, folded: cells of one facility, sectors of one
 * airspace, a stadium's circle kept per feature), so its text is written once per geometry or polygon and
 * kept in a WeakMap: it goes with the dataset. The notice's parts that depend only on its feature (contact,
 * altitudes, schedule, provenance) are objects the engine keeps per feature (`keep`), frozen, with their
 * text written once. The rest (texts, distance) is serialised per answer. JSON.stringify of the DC area
 * answer was ~45 % of its CPU in process (docs/perf.md, "Briefings over HTTP, fourth round"). Nothing here
 * caches an answer.
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

/**
 * An object that answers share (the engine keeps it per feature or per dataset): frozen, so that no answer
 * can change it for the others, and its text written now, once.
 */
export function keep<T extends object>(o: T): T {
  if (!texts.has(o)) {
    deepFreeze(o);
    texts.set(o, JSON.stringify(o));
  }
  return o;
}

function deepFreeze(o: object): void {
  for (const v of Object.values(o)) if (v !== null && typeof v === 'object') deepFreeze(v as object);
  Object.freeze(o);
}

/** `"key":` per notice key (a notice has ~18 keys, always the same ones; a few more are allowed, then they are written each time). */
const keyTexts = new Map<string, string>();

function keyText(k: string): string {
  let t = keyTexts.get(k);
  if (t === undefined) {
    t = `${JSON.stringify(k)}:`;
    if (keyTexts.size < 64) keyTexts.set(k, t);
  }
  return t;
}

/** What JSON.stringify escapes in a string: quotes, backslashes, and (outside space to U+FFFF less the surrogates) control characters and surrogates. */
const ESCAPED = /["\\]|[^ -\ud7ff\ue000-\uffff]/;

/**
 * JSON.stringify of a notice's plain value without its call where the text is plain: a string with nothing
 * to escape is itself in quotes, a finite number its String (JSON.stringify writes numbers so), NaN and
 * infinities null. JSON.stringify of ~180 values per answer was 8 % of a KBFI briefing.
 */
function primitiveText(v: unknown): string | undefined {
  if (typeof v === 'string') return ESCAPED.test(v) ? JSON.stringify(v) : `"${v}"`;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  return JSON.stringify(v);
}

/**
 * Texts of the strings that recur from answer to answer whatever is asked (a notice's enumerations, rule
 * descriptions, authorities, source addresses, titles: from the rule tables and the dataset), by value,
 * bounded. Descriptions, which carry the request's figures and times, are not kept.
 */
const recurring = new Map<string, string>();
const MAX_RECURRING = 2048;

function recurringText(v: string): string {
  let t = recurring.get(v);
  if (t === undefined) {
    t = ESCAPED.test(v) ? JSON.stringify(v) : `"${v}"`;
    if (recurring.size < MAX_RECURRING) recurring.set(v, t);
  }
  return t;
}

/** JSON.stringify(n), each key in turn: kept objects and geometries from their texts, the rest stringified. */
export function noticeText(n: Notice): string {
  let s = '{';
  const o = n as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    let t: string | undefined;
    if (v !== null && typeof v === 'object') t = k === 'geometry' ? geometryText(v as { type: string }) : (texts.get(v) ?? JSON.stringify(v));
    else if (typeof v === 'string' && k !== 'description') t = recurringText(v);
    else t = primitiveText(v);
    // JSON.stringify leaves out keys whose value has no text (undefined, functions, symbols).
    if (t === undefined) continue;
    s += `${s.length > 1 ? ',' : ''}${keyText(k)}${t}`;
  }
  return `${s}}`;
}

function noticesText(list: Notice[]): string {
  let s = '[';
  for (let i = 0; i < list.length; i++) s += (i ? ',' : '') + noticeText(list[i]!);
  return `${s}]`;
}

/** The answer's JSON text: equal to JSON.stringify(answer) (answer-json.test.ts). */
export function briefingText(answer: BriefingResult): string {
  if (!Array.isArray(answer.notices)) return JSON.stringify(answer);
  // The engine's answer (summarise): its status, its authorization and its notices, in this order, nothing else.
  const keys = Object.keys(answer);
  if (keys.length === 3 && keys[0] === 'status' && keys[1] === 'authorizationType' && keys[2] === 'notices' && typeof answer.status === 'string' && typeof answer.authorizationType === 'string') {
    return `{"status":${recurringText(answer.status)},"authorizationType":${recurringText(answer.authorizationType)},"notices":${noticesText(answer.notices)}}`;
  }
  return spliced(answer, 'notices', noticesText);
}
