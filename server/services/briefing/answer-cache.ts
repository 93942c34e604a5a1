/**
 * Briefing answers given again (issue 13; docs/perf.md "Briefings, ninth round"). A briefing is a pure
 * function of the dataset, the geometry, the altitude, whether geometry is included, the DEM's ground
 * under the geometry and the flight window. The engine is handed an ObservedWindow
 * (server/domain/briefing/time.ts): an answer that never read its window, and whose time decisions (a
 * schedule's periods, a stadium's events, an FAA cycle's end) all hold over a range of starts, is the
 * answer for every window of the same length starting in that range. It is kept, as the text that was
 * sent (its UTF-8 bytes), for the same dataset object and the same other inputs, and given again only for a start inside
 * that range (at most an hour past the start it was computed for). Nothing else is assumed about time.
 *
 * Bounded by bytes (lru-cache); an entry dies with its dataset (a WeakMap by dataset object), so a new
 * dataset version (an import, a sandbox TFR) is never answered from the old one's entries.
 */
import { lruPerOwner } from '../lru-per-owner';
import type { Dataset } from '../../data/dataset';
import type { ObservedWindow } from '../../domain/briefing';

/** Bounds: a briefing's text is 1-25 KB (KBFI 12.9 KB, the DC area with geometry 21 KB); 8 MB keeps several hundred. */
const MAX_BYTES = 8 * 1024 * 1024;
/** An answer larger than this is not kept (an area with hundreds of notices and their geometry). */
const MAX_ENTRY_BYTES = 512 * 1024;

interface Entry {
  /** The answer's JSON text as sent, UTF-8: written as it is (no encoding, no length to count again). */
  bytes: Buffer;
  /** The window it was computed on, which says for which starts it holds. */
  window: ObservedWindow;
}

const cacheOf = lruPerOwner<Dataset, Entry>({ maxSize: MAX_BYTES, maxEntrySize: MAX_ENTRY_BYTES, sizeCalculation: (e, key) => Math.max(1, e.bytes.byteLength + key.length * 2) });

/** Everything an answer depends on but the dataset and the window's start; the window's length is part of it. */
export interface AnswerKey {
  /** Which briefing (route and version), as the handler names it. */
  kind: string;
  /** The geometry as received (parsed): a point's coordinates or an area's boundary. */
  geometry: string;
  includeGeometry: boolean;
  maxAltitudeFt: number | undefined;
  /** The DEM's ground under the geometry, as demGround read it. */
  ground: string;
  windowMs: number;
}

function keyText(k: AnswerKey): string {
  return `${k.kind}|${k.windowMs}|${k.includeGeometry ? 1 : 0}|${k.maxAltitudeFt ?? ''}|${k.ground}|${k.geometry}`;
}

/** The answer given before for these inputs and a window starting at `startMs`, if it holds for it. */
export function keptAnswer(ds: Dataset, key: AnswerKey, startMs: number): Buffer | undefined {
  const e = cacheOf(ds).get(keyText(key));
  return e?.window.holdsFor(startMs) ? e.bytes : undefined;
}

/** Keeps the text of an answer computed on `window`, when the window says over which starts it holds; true if kept. */
export function keepAnswer(ds: Dataset, key: AnswerKey, window: ObservedWindow, text: string): boolean {
  if (window.read || !(window.startBefore > window.startFrom)) return false;
  const k = keyText(key);
  return cacheOf(ds).set(k, { bytes: Buffer.from(text, 'utf8'), window }).has(k);
}
