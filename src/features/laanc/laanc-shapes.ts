/** The LAANC operation on the map: candidates dashed by submission type, authorizations by status, notices dotted. */
import type { LaancOperationResult } from '../../../server/contract/laanc';
import type { DisplayShape } from '../../map/operation-layers';
import { ACTION_TEXT, STATUS_TEXT } from './laanc-text';
import { isActive } from './pilot-actions';

export function laancShapes(result: LaancOperationResult | null | undefined): DisplayShape[] {
  if (!result) return [];
  const { candidates, authorizations, notices } = result.operation;
  return [
    ...notices.filter((n) => n.ids.length > 0).map((n, i): DisplayShape => ({ id: `notice:${i}`, kind: 'notice', tone: ACTION_TEXT[n.action].tone, geometry: n.geom })),
    ...candidates.map((c): DisplayShape => ({
      id: `candidate:${c.hashCode}`,
      kind: 'candidate',
      tone: c.submissionType === 'SUBMISSION_TYPE_FURTHER_COORDINATION' ? 'warning' : 'info',
      geometry: c.geom,
    })),
    ...authorizations.map((a): DisplayShape => ({ id: `authorization:${a.id}`, kind: 'authorization', tone: STATUS_TEXT[a.status].tone, geometry: a.geom })),
  ];
}

/** Why the operation cannot be edited or deleted now, or null (the service would answer 409). */
export function changeLock(result: LaancOperationResult | null | undefined): string | null {
  const n = result?.operation.authorizations.filter((a) => isActive(a.status)).length ?? 0;
  if (!n) return null;
  return `${n === 1 ? 'An authorization is' : `${n} authorizations are`} pending or approved: cancel or close ${n === 1 ? 'it' : 'them'} before changing or deleting the operation.`;
}

