/**
 * How well a place matches, best first: an exact identifier (FAA or ICAO), an exact name, the start of
 * the name or identifier, the start of a later word. docs/places.md.
 */
import type { Place } from '../../contract/places';
import type { NameKeys } from './normalize';

export const TIER = { ident: 0, name: 1, prefix: 2, word: 3 } as const;
export type Tier = (typeof TIER)[keyof typeof TIER];

export interface Candidate {
  place: Place;
  tier: Tier;
  /** Comparable size: population for cities, an equivalent for airports (see airports.ts). */
  weight: number;
}

/** The tier of a name match, or null: `q` normalized. */
export function nameTier(keys: NameKeys, q: string): Tier | null {
  if (!q) return null;
  if (keys.names.includes(q)) return TIER.name;
  if (keys.names.some((n) => n.startsWith(q))) return TIER.prefix;
  if (keys.words.some((w) => w.startsWith(q))) return TIER.word;
  return null;
}

/** US places before the world's within a tier: the portal plans flights in the US. */
const DOMESTIC = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

/** What the order looks at: a candidate, or a city not yet made into a Place (cities.ts). */
export interface Ranked {
  tier: Tier;
  weight: number;
  country: string;
  name: string;
}

export function compareRanked(a: Ranked, b: Ranked): number {
  return a.tier - b.tier || abroad(a.country) - abroad(b.country) || b.weight - a.weight || a.name.localeCompare(b.name);
}

export function compareCandidates(a: Candidate, b: Candidate): number {
  return a.tier - b.tier || abroad(a.place.country) - abroad(b.place.country) || b.weight - a.weight || a.place.name.localeCompare(b.place.name);
}

function abroad(country: string): number {
  return DOMESTIC.has(country) ? 0 : 1;
}

/**
 * The `limit` best items in order, as a stable sort and slice would give them, in one pass keeping only
 * `limit` items: a one-letter query matches about 20,000 places, and sorting them all (localeCompare on
 * ties) held the event loop for 0.4–0.9 s a request under load (docs/security.md, "Resource exhaustion").
 */
export function selectBest<T>(items: Iterable<T>, limit: number, cmp: (a: T, b: T) => number): T[] {
  const best: T[] = [];
  if (limit <= 0) return best;
  for (const item of items) {
    if (best.length === limit && cmp(item, best[limit - 1]!) >= 0) continue;
    // After every equal one already kept: ties keep their input order, as a stable sort does.
    let lo = 0, hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(item, best[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    best.splice(lo, 0, item);
    if (best.length > limit) best.pop();
  }
  return best;
}
