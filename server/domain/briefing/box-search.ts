/**
 * flatbush's box search without its allocations. `Flatbush#search` returns a fresh array and keeps its
 * queue in another on every call; the briefing's distance kernel searches a segment index several times per
 * candidate feature (the box grows fourfold), ~30 KB of arrays per dense briefing (docs/perf.md, "Briefings
 * over HTTP, fifth round"). flatbush 4 has no search into a caller's buffer, so this walks the tree's packed
 * arrays: the very layout `Flatbush.from(data)` reads (an 8-byte header, then the boxes, then the indices),
 * through the public `data`, `byteOffset`, `numItems`, `nodeSize` and array types, with the level bounds
 * computed as flatbush's constructor computes them. The walk is flatbush 4.7's own, step for step, so it
 * finds the same items in the same order (box-search.test.ts checks it against `search` over random trees
 * and boxes); only its queue and results live in reused typed arrays.
 */
import type Flatbush from 'flatbush';

export interface PackedTree {
  boxes: Float64Array<ArrayBufferLike>;
  indices: Uint16Array<ArrayBufferLike> | Uint32Array<ArrayBufferLike>;
  /** End of each level in `boxes` (×4), leaves first, as flatbush's `_levelBounds`. */
  levelBounds: Int32Array;
  nodeSize: number;
  numItems: number;
}

/** The packed arrays of a finished Float64 index (views on its data: nothing is copied). */
export function packTree(tree: Flatbush): PackedTree {
  if (tree.ArrayType !== Float64Array) throw new Error('box-search reads Float64Array indexes only');
  const { numItems, nodeSize } = tree;
  const bounds: number[] = [numItems * 4];
  let n = numItems, numNodes = numItems;
  do {
    n = Math.ceil(n / nodeSize);
    numNodes += n;
    bounds.push(numNodes * 4);
  } while (n !== 1);
  const start = tree.byteOffset + 8;
  const boxes = new Float64Array(tree.data, start, numNodes * 4);
  const at = start + numNodes * 4 * Float64Array.BYTES_PER_ELEMENT;
  const indices = tree.IndexArrayType === Uint16Array ? new Uint16Array(tree.data, at, numNodes) : new Uint32Array(tree.data, at, numNodes);
  return { boxes, indices, levelBounds: Int32Array.from(bounds), nodeSize, numItems };
}

/**
 * A search with its own buffers: `run` leaves the items in `ids[0 … count)`, valid until its next run. One
 * instance per call site that may be nested inside another's loop (the caller reads ids while searching again).
 */
export class BoxSearch {
  ids: Int32Array = new Int32Array(256);
  private queue: Int32Array = new Int32Array(64);

  /** Items whose box meets [minX, maxX] × [minY, maxY] (edges included), as tree.search gives them. */
  run(t: PackedTree, minX: number, minY: number, maxX: number, maxY: number): number {
    const { boxes, indices, levelBounds, nodeSize } = t;
    const numItems4 = t.numItems * 4;
    let count = 0;
    let top = 0;
    let nodeIndex = boxes.length - 4;
    let level = levelBounds.length - 1;
    let contained = false;
    for (;;) {
      const end = Math.min(nodeIndex + nodeSize * 4, levelBounds[level]!);
      const isNode = nodeIndex >= numItems4;
      if (contained) {
        // A node wholly inside the query: its leaves are one run of the leaf level (flatbush's _collectContained).
        let pos = nodeIndex;
        for (let l = level; l > 0; l--) pos = indices[pos >> 2]!;
        const leafEnd = Math.min(pos + (end - nodeIndex) * nodeSize ** level, numItems4);
        for (; pos < leafEnd; pos += 4) {
          if (count === this.ids.length) this.ids = grow(this.ids);
          this.ids[count++] = indices[pos >> 2]! | 0;
        }
      } else {
        for (let pos = nodeIndex; pos < end; pos += 4) {
          const x0 = boxes[pos]!;
          if (maxX < x0) continue;
          const y0 = boxes[pos + 1]!;
          if (maxY < y0) continue;
          const x1 = boxes[pos + 2]!;
          if (minX > x1) continue;
          const y1 = boxes[pos + 3]!;
          if (minY > y1) continue;
          const index = indices[pos >> 2]! | 0;
          if (isNode) {
            if (top + 2 > this.queue.length) this.queue = grow(this.queue);
            this.queue[top++] = index | +(minX <= x0 && minY <= y0 && maxX >= x1 && maxY >= y1);
            this.queue[top++] = level - 1;
          } else {
            if (count === this.ids.length) this.ids = grow(this.ids);
            this.ids[count++] = index;
          }
        }
      }
      if (top === 0) return count;
      level = this.queue[--top]!;
      nodeIndex = this.queue[--top]!;
      contained = (nodeIndex & 1) === 1;
      nodeIndex &= ~1;
    }
  }
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
