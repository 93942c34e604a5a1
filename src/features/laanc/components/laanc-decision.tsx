/**
 * The LAANC section's first lines: the decision a pilot reads before any detail. What can be (or was)
 * approved now, what needs the FAA's further coordination, and what cannot be flown (blocking notices,
 * and authorizations denied, rescinded or made invalid). The details (candidates, notices, the request's
 * contact) follow, folded.
 */
import type { AuthorizationStatus, LaancNotice, NoticeReason } from '../../../../server/contract/laanc';
import { REASON_TEXT } from '../laanc-text';

interface Props {
  candidates: ReadonlyArray<{ submissionType: string }>;
  notices: readonly LaancNotice[];
  authorizations: ReadonlyArray<{ status: AuthorizationStatus }>;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const STOPPED: readonly AuthorizationStatus[] = ['STATUS_DENIED', 'STATUS_RESCINDED', 'STATUS_RESCINDED_ACKNOWLEDGED', 'STATUS_INVALID', 'STATUS_INVALID_CANCELLED'];

export function LaancDecision({ candidates, notices, authorizations }: Props) {
  const auto = candidates.filter((c) => c.submissionType === 'SUBMISSION_TYPE_AUTO_AUTHORIZATION').length;
  const further = candidates.filter((c) => c.submissionType === 'SUBMISSION_TYPE_FURTHER_COORDINATION').length;
  const approved = authorizations.filter((a) => a.status === 'STATUS_APPROVED').length;
  const pending = authorizations.filter((a) => a.status === 'STATUS_PENDING').length;
  const stopped = authorizations.filter((a) => STOPPED.includes(a.status)).length;
  const blockReasons = [...new Set(notices.filter((n) => n.action === 'ACTION_BLOCK').map((n) => n.reason))] as NoticeReason[];

  const now: string[] = [];
  if (approved) now.push(count(approved, 'authorization approved', 'authorizations approved'));
  if (auto) now.push(`${count(auto, 'request', 'requests')} LAANC approves at once when submitted`);
  const coordination: string[] = [];
  if (pending) coordination.push(count(pending, 'request waiting for the FAA', 'requests waiting for the FAA'));
  if (further) coordination.push(`${count(further, 'request', 'requests')} to submit with a justification; the FAA decides, which can take days`);
  const cannot: string[] = blockReasons.map((r) => REASON_TEXT[r]);
  if (stopped) cannot.push(`${count(stopped, 'authorization', 'authorizations')} denied, rescinded or made invalid: see below`);

  return (
    <div className="laanc-decision" data-testid="laanc:decision">
      <p className="laanc-decision-row tone-success" data-testid="laanc:decision-now">
        <strong>Approved now or at once:</strong> {now.length ? now.join('; ') : 'nothing'}
      </p>
      <p className="laanc-decision-row tone-warning" data-testid="laanc:decision-further">
        <strong>Needs further coordination:</strong> {coordination.length ? coordination.join('; ') : 'nothing'}
      </p>
      <div className="laanc-decision-row tone-danger" data-testid="laanc:decision-cannot">
        <strong>Cannot be flown:</strong>{' '}
        {cannot.length === 0 ? (
          'nothing LAANC found'
        ) : cannot.length === 1 ? (
          cannot[0]
        ) : (
          <ul>
            {cannot.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
