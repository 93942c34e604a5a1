/**
 * The briefing requests the app has answered, by their exact bytes (the early answer's side:
 * server/routes/briefing/briefing.fast-path.ts). When the app answers a request the early answer handed
 * to it, the briefing handler notes the answer cache's key it computed for it, under the route, the
 * Content-Type and the body's exact bytes. Validation depends on nothing else (the request schemas hold
 * no clock), so the same bytes are the same valid request with the same key. Not remembered: a window
 * with an end but no start (its length then moves with the clock), and a ground whose DEM read failed.
 * Bounded (lru-cache) and kept per dataset object: a new dataset version starts empty.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { Dataset } from '../../data/dataset';
import { lruPerOwner } from '../lru-per-owner';
import type { AnswerKey } from './answer-cache';

/** Memory for the remembered requests, per dataset: their keys are the bodies themselves. */
const MAX_BYTES = 4 * 1024 * 1024;

/** What the app computed for a request's bytes: enough to ask the answer cache again. */
export interface RememberedRequest {
  key: AnswerKey;
  /** The window's start the request names (epoch ms); null: it starts when asked. */
  startMs: number | null;
  /** The DEM set its ground was read from (KeyedGround.dems). */
  dems: object;
}

const memoOf = lruPerOwner<Dataset, RememberedRequest>({ maxSize: MAX_BYTES, sizeCalculation: (_, key) => key.length + 200 });

/** Set on a request handed to the app: the key its bytes are remembered under. */
const REQUEST_KEY = Symbol('briefing request bytes');
type Marked = IncomingMessage & { [REQUEST_KEY]?: string };

/** Marks a request the early answer hands to the app with the key of its bytes. */
export function markForMemory(req: IncomingMessage, bytesKey: string): void {
  (req as Marked)[REQUEST_KEY] = bytesKey;
}

/** What the app worked out for these bytes, if remembered for this dataset. */
export function rememberedRequest(ds: Dataset, bytesKey: string): RememberedRequest | undefined {
  return memoOf(ds).get(bytesKey);
}

/**
 * Called by the briefing handler with the answer cache's key of a request it answered. Remembers it when
 * the request came through the early answer (`c.env.incoming` marked) and its window's length does not
 * depend on the clock.
 */
export function rememberRequest(c: Context | undefined, ds: Dataset, r: { key: AnswerKey; startTime: string | undefined; endTime: string | undefined; dems: object | null }): void {
  const incoming = (c?.env as { incoming?: Marked } | undefined)?.incoming;
  const bytesKey = incoming?.[REQUEST_KEY];
  if (bytesKey === undefined || r.dems === null) return;
  if (r.startTime === undefined && r.endTime !== undefined) return;
  memoOf(ds).set(bytesKey, { key: r.key, startMs: r.startTime === undefined ? null : Date.parse(r.startTime), dems: r.dems });
}
