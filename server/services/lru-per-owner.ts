/**
 * One bounded LRU cache per owner object (a store, a dataset), made on first use and dropped with its
 * owner (a WeakMap): what a cache keyed to an owner's state needs, so that a new owner never sees the
 * old one's entries. Used by the operations list pages and the briefing answers.
 */
import { LRUCache } from 'lru-cache';

export function lruPerOwner<O extends object, V extends object>(options: LRUCache.Options<string, V, unknown>): (owner: O) => LRUCache<string, V> {
  const caches = new WeakMap<O, LRUCache<string, V>>();
  return (owner) => {
    let c = caches.get(owner);
    if (!c) caches.set(owner, (c = new LRUCache<string, V>(options)));
    return c;
  };
}
