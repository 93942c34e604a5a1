/**
 * Notices that read alike, one entry each. Over an airfield the service can send the same line twice or
 * more ("Facility map BFI: ceiling 0 ft AGL" for the map's cells in Class D and for its other cells), and
 * the pilot saw identical lines with nothing to tell them apart. An entry stands for the notices with the
 * same status, source, title and ceiling; inside it, each distinct notice keeps all its words (its cells,
 * whether LAANC serves the facility), and notices whose every word is the same are one variant with
 * "N areas". Nothing the service said is dropped: the counts above the lists stay the service's.
 */
import type { Notice } from '../../../server/contract/briefing';
import type { Geometry } from '../../../server/contract/common';
import { mergeGeometries } from '../../geo/merge-geometries';

export interface NoticeVariant {
  notice: Notice;
  /** The service's indexes of the notices with exactly these words. */
  indexes: number[];
}

export interface NoticeGroup {
  /** The service's index of the first notice of the entry: the entry's key and what selection refers to. */
  index: number;
  /** The distinct notices of the entry, in the service's order. */
  variants: NoticeVariant[];
  /** How many notices of the service the entry stands for. */
  count: number;
  /** All their areas (null: none has a geometry). */
  geometry: Geometry | null;
}

function lineWords(n: Notice): string {
  const up = n.upperAltitude;
  return JSON.stringify([n.status, n.dataSource, n.title, up?.value, up?.unit, up?.reference]);
}

function allWords(n: Notice): string {
  // Every field but the area: key order is the service's, the same for notices of one answer.
  const { geometry: _geometry, ...words } = n;
  return JSON.stringify(words);
}

/** Groups alike notices, in the order of their first appearance. */
export function groupAlikeNotices(notices: Notice[]): NoticeGroup[] {
  const groups = new Map<string, { index: number; variants: Map<string, NoticeVariant>; geometries: Geometry[]; count: number }>();
  notices.forEach((n, i) => {
    const line = lineWords(n);
    let g = groups.get(line);
    if (!g) {
      g = { index: i, variants: new Map(), geometries: [], count: 0 };
      groups.set(line, g);
    }
    g.count += 1;
    if (n.geometry) g.geometries.push(n.geometry);
    const words = allWords(n);
    const v = g.variants.get(words);
    if (v) v.indexes.push(i);
    else g.variants.set(words, { notice: n, indexes: [i] });
  });
  return [...groups.values()].map((g) => ({ index: g.index, variants: [...g.variants.values()], count: g.count, geometry: mergeGeometries(g.geometries) }));
}
