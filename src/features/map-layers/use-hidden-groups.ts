/**
 * Which layer groups the pilot switched off, kept in localStorage: it is how they like to read the
 * map, not part of the plan, so it stays out of the plan's link and holds across plans.
 */
import { useCallback, useState } from 'react';
import { GROUP_IDS } from './layer-groups';

export const HIDDEN_GROUPS_KEY = 'skyplan:map-layers:hidden';

export function readHiddenGroups(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(HIDDEN_GROUPS_KEY) ?? '[]');
    // Ids of groups that no longer exist are dropped, so an old setting cannot hide a new layer.
    return Array.isArray(v) ? v.filter((id): id is string => typeof id === 'string' && GROUP_IDS.includes(id)) : [];
  } catch {
    return [];
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
