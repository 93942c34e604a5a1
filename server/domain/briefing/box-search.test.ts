/**
 * The reused-buffer search against flatbush's own `search`: the same items in the same order, on random
 * trees (sizes around the node size and several levels deep, node sizes 2–32, points, thin segments,
 * overlapping boxes, a data buffer with a byte offset) and random queries, from empty ones to ones
 * holding the whole tree (the "contained" sweep), edges touching items exactly.
 */
import fc from 'fast-check';
import Flatbush from 'flatbush';
import { describe, expect, it } from 'vitest';
import { BoxSearch, packTree } from './box-search';

type Box = [number, number, number, number];

const coord = fc.integer({ min: -1000, max: 1000 }).map((v) => v / 10);
const box = fc.tuple(coord, coord, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), fc.boolean()).map(([x, y, w, h, point]): Box =>
  point ? [x, y, x, y] : [x, y, x + w / 10, y + h / 20],
);

function tree(items: Box[], nodeSize: number): Flatbush {
  const t = new Flatbush(items.length, nodeSize);
  for (const b of items) t.add(b[0], b[1], b[2], b[3]);
  t.finish();
  return t;
}

function ours(s: BoxSearch, t: Flatbush, q: Box): number[] {
  // Read ids after run: a run may replace the buffer with a larger one.
  const n = s.run(packTree(t), q[0], q[1], q[2], q[3]);
  return Array.from(s.ids.subarray(0, n));
}

describe('BoxSearch', () => {
  it('finds what Flatbush#search finds, in its order, on random trees and boxes', () => {
    const s = new BoxSearch();
    fc.assert(
      fc.property(fc.array(box, { minLength: 1, maxLength: 700 }), fc.constantFrom(2, 3, 4, 9, 16, 32), fc.array(box, { minLength: 1, maxLength: 12 }), (items, nodeSize, queries) => {
        const t = tree(items, nodeSize);
        // Queries of every kind: random, an item's own box (edges touch exactly), the whole tree and more.
        const all: Box[] = [...queries, items[0]!, items[items.length - 1]!, [t.minX, t.minY, t.maxX, t.maxY], [-1e9, -1e9, 1e9, 1e9], [200, 200, 300, 300]];
        for (const q of all) expect(ours(s, t, q)).toEqual(t.search(q[0], q[1], q[2], q[3]));
      }),
      { numRuns: 300 },
    );
  });

  it('grows its buffers past their first sizes (many results, a deep queue) and stays right after', () => {
    const items: Box[] = [];
    for (let i = 0; i < 20_000; i++) items.push([(i * 7919) % 1000, (i * 104729) % 997, ((i * 7919) % 1000) + 3, ((i * 104729) % 997) + 2]);
    const s = new BoxSearch();
    for (const nodeSize of [2, 16]) {
      const t = tree(items, nodeSize);
      for (const q of [[-1, -1, 2000, 2000], [100.5, 100.5, 600.5, 300.5], [0, 0, 0, 0], [500, 500, 500, 500]] as Box[]) {
        expect(ours(s, t, q)).toEqual(t.search(q[0], q[1], q[2], q[3]));
      }
    }
    expect(s.ids.length).toBeGreaterThanOrEqual(20_000);
  });

  it('reads a tree whose data sits at a byte offset of a larger buffer (Flatbush.from)', () => {
    const t = tree([[0, 0, 1, 1], [2, 2, 3, 3], [5, 5, 6, 6], [0.5, 0.5, 2.5, 2.5]], 2);
    const bytes = new Uint8Array(t.data.byteLength + 16);
    bytes.set(new Uint8Array(t.data), 16);
    const moved = Flatbush.from(bytes.buffer, 16);
    const s = new BoxSearch();
    expect(ours(s, moved, [0.9, 0.9, 2.1, 2.1])).toEqual(t.search(0.9, 0.9, 2.1, 2.1));
    expect(ours(s, moved, [0.9, 0.9, 2.1, 2.1]).sort()).toEqual([0, 1, 3]);
  });
});
