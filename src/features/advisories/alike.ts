/**
 * Advisories that read the same, one entry each: over an airfield the service sends one advisory per
 * facility-map cell, and thirteen "BFI facility map: 0 ft AGL" in a row pushed the airspace and the
 * restrictions below them out of sight. Alike means every word a pilot reads is the same (title, type,
 * source, severity, times, message, contact); only the place differs, so the entry says how many areas
 * and shows them all on the map. Nothing is dropped: the count beside the list is still the service's.
 */
import type { AdvisoryFeature } from '../../../server/contract/advisory';
import type { Geometry } from '../../../server/contract/common';
import { mergeGeometries } from '../../geo/merge-geometries';

export interface AdvisoryGroup {
  key: string;
  /** The first of the alike advisories: what the entry says. */
  advisory: AdvisoryFeature;
  /** How many advisories the entry stands for. */
  count: number;
  /** All their areas: one geometry, or a MultiPolygon of their polygons (null: none has a geometry). */
  geometry: Geometry | null;
}

function sameWords(a: AdvisoryFeature): string {
  const p = a.properties ?? {};
  return JSON.stringify([p.title, p.advisoryType, p.advisorySource, p.severity, p.startTime, p.endTime, p.startDate, p.endDate, p.message, p.contactName, p.contactUrl, p.contactPhone, p.contactEmail, p.effectiveDays]);
}

/** Groups alike advisories, in the order of their first appearance; a group takes its first one's key. */
export function groupAlike(advisories: { a: AdvisoryFeature; key: string }[]): AdvisoryGroup[] {
  const groups = new Map<string, { advisory: AdvisoryFeature; key: string; members: AdvisoryFeature[] }>();
  for (const { a, key } of advisories) {
    const words = sameWords(a);
    const g = groups.get(words);
    if (g) g.members.push(a);
    else groups.set(words, { advisory: a, key, members: [a] });
  }
  return [...groups.values()].map(({ advisory, key, members }) => ({
    key,
    advisory,
    count: members.length,
    geometry: mergeGeometries(members.flatMap((m) => (m.geometry ? [m.geometry] : []))),
  }));
}
