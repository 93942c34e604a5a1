/**
 * Deterministic pseudo-random numbers keyed by strings, so the sandbox is the same on every machine
 * for the same inputs and one feature's draw never shifts another's (no shared sequence, no Math.random).
 */

/** FNV-1a 32-bit hash of a string. */
export function hash32(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, well-distributed 32-bit generator (public domain, Tommy Ettinger). */
export function prng(key: string): () => number {
  let a = hash32(key);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One draw in [0, 1) for a key. */
export function unit(key: string): number {
  return prng(key)();
}

/** Picks one element of a non-empty list for a key. */
export function pick<T>(list: readonly T[], key: string): T {
  if (list.length === 0) throw new Error('pick from an empty list');
  return list[Math.floor(unit(key) * list.length)]!;
}

/** A deterministic shuffle (Fisher–Yates driven by the keyed generator). */
export function shuffled<T>(list: readonly T[], key: string): T[] {
  const out = list.slice();
  const next = prng(key);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
