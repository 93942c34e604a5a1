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

export function compareCandidates(a: Candidate, b: Candidate): number {
  return a.tier - b.tier || abroad(a) - abroad(b) || b.weight - a.weight || a.place.name.localeCompare(b.place.name);
}

function abroad(c: Candidate): number {
  return DOMESTIC.has(c.place.country) ? 0 : 1;
}
