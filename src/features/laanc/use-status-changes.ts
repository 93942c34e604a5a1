/**
 * Notices for authorization status changes that happened elsewhere (the FAA decided, the service
 * auto-cancelled, someone else in the organization acted), found by comparing each polled answer
 * with the one before. Changes this page made itself are expected and not announced twice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Authorization, AuthorizationStatus } from '../../../server/contract/laanc';

export interface StatusChangeNotice {
  key: string;
  authorizationId: string;
  referenceCode: string;
  from: AuthorizationStatus | null;
  to: AuthorizationStatus;
}

const MAX_SHOWN = 3;

export function useStatusChanges(authorizations: Authorization[] | undefined) {
  const previous = useRef<Map<string, AuthorizationStatus> | null>(null);
  const expected = useRef(new Map<string, AuthorizationStatus>());
  const [notices, setNotices] = useState<StatusChangeNotice[]>([]);

  useEffect(() => {
    if (!authorizations) return;
    const now = new Map(authorizations.map((a) => [a.id, a.status]));
    const before = previous.current;
    previous.current = now;
    if (!before) return; // the first answer is the starting point, not a change
    const found: StatusChangeNotice[] = [];
    for (const a of authorizations) {
      const was = before.get(a.id) ?? null;
      if (was === a.status) continue;
      if (expected.current.get(a.id) === a.status) {
        expected.current.delete(a.id);
        continue;
      }
      found.push({ key: `${a.id}:${a.status}`, authorizationId: a.id, referenceCode: a.referenceCode, from: was, to: a.status });
    }
    if (found.length) setNotices((list) => [...found, ...list.filter((n) => !found.some((f) => f.authorizationId === n.authorizationId))].slice(0, MAX_SHOWN));
  }, [authorizations]);

  /** This page caused `id` to become `status` (an action or a submission): do not announce it. */
  const expect = useCallback((id: string, status: AuthorizationStatus) => expected.current.set(id, status), []);
  const dismiss = useCallback((key: string) => setNotices((list) => list.filter((n) => n.key !== key)), []);
  return { notices, expect, dismiss };
}
