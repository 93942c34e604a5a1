/**
 * Which layer groups the pilot switched off, kept in localStorage: it is how they like to read the
 * map, not part of the plan, so it stays out of the plan's link and holds across plans.
 */
import { useCallback, useState } from 'react';
import { GROUP_IDS } from './layer-groups';

export const HIDDEN_GROUPS_KEY = 'skyplan:map-layers:hidden';

/**
 * A first visit shows what decides whether and how a drone may fly: controlled airspace, the
 * facility-map ceilings, restrictions (prohibited areas, the FRZ, TFRs and NOTAMs, national security)
 * and special-use airspace. Class E, stadiums, parks and flying sites, community advisories and
 * airport symbols are a click away (docs/portal.md, "Map layers").
 */
export const DEFAULT_HIDDEN_GROUPS: readonly string[] = ['class-e', 'stadiums', 'parks', 'advisories', 'airports'];

export function readHiddenGroups(): string[] {
  try {
    const raw = localStorage.getItem(HIDDEN_GROUPS_KEY);
    if (raw === null) return [...DEFAULT_HIDDEN_GROUPS];
    const v: unknown = JSON.parse(raw);
    // Ids of groups that no longer exist are dropped, so an old setting cannot hide a new layer.
    return Array.isArray(v) ? v.filter((id): id is string => typeof id === 'string' && GROUP_IDS.includes(id)) : [];
  } catch {
    return [...DEFAULT_HIDDEN_GROUPS];
  }
}

export function useHiddenGroups(): [string[], (groupId: string, visible: boolean) => void] {
  const [hidden, setHidden] = useState(readHiddenGroups);
  const toggle = useCallback((groupId: string, visible: boolean) => {
    setHidden((prev) => {
      const next = visible ? prev.filter((id) => id !== groupId) : [...new Set([...prev, groupId])];
      try {
        localStorage.setItem(HIDDEN_GROUPS_KEY, JSON.stringify(next));
      } catch {
        // Storage full or refused (private mode): the choice holds for this visit only.
      }
      return next;
    });
  }, []);
  return [hidden, toggle];
}
