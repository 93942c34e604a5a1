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

/** "Facility map BFI: ceiling 50 ft AGL" notices of an area briefing → lowest ceiling per facility. */
export function ceilingsFromNotices(notices: { dataSource?: string; title?: string; upperAltitude?: { value?: number } }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const n of notices) {
    if (n.dataSource !== 'NOTICE_DATA_SOURCE_UASFM_CEILING' || n.upperAltitude?.value === undefined) continue;
    const facility = /Facility map ([A-Z0-9]+)/.exec(n.title ?? '')?.[1];
    if (!facility) continue;
    const prev = out.get(facility);
    out.set(facility, prev === undefined ? n.upperAltitude.value : Math.min(prev, n.upperAltitude.value));
  }
  return out;
}
