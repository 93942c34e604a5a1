import { useState } from 'react';
import type { AuthorizationStatus } from '../../../../server/contract/laanc';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ErrorState, LoadingState, Pill } from '../../../components/load-states';
import { formatWindow } from '../../../components/time-window';
import { LICENSE_TEXT, STATUS_TEXT, SUBMISSION_TEXT } from '../../laanc/laanc-text';
import { useDecideAuthorization, type FaaDecision } from '../api/decide-authorization';
import { useSandboxAuthorizations, type SandboxAuthorization } from '../api/list-sandbox-authorizations';

const DECISION_TEXT: Record<FaaDecision, { label: string; title: string; reasonRequired: boolean; danger: boolean; help: string }> = {
  approve: { label: 'Approve', title: 'Approve the further-coordination request?', reasonRequired: false, danger: false, help: 'The pilot may fly as requested.' },
  deny: { label: 'Deny', title: 'Deny the request?', reasonRequired: true, danger: true, help: 'The pilot sees your reason.' },
  rescind: { label: 'Rescind', title: 'Rescind the approval?', reasonRequired: true, danger: true, help: 'The pilot must not fly under it and is asked to acknowledge.' },
  invalidate: { label: 'Invalidate', title: 'Mark the approval invalid?', reasonRequired: true, danger: true, help: 'As after an airspace data change: the pilot is asked to cancel it.' },
};

interface Props {
  heading: string;
  status: AuthorizationStatus;
  decisions: FaaDecision[];
  empty: string;
  testId: string;
  /** The request shown on the console's map. */
  selectedId?: string | null;
  onSelect?(id: string): void;
}

/** A list of authorizations in one status, with the decisions the FAA may take on them. */
export function DecisionList({ heading, status, decisions, empty, testId, selectedId = null, onSelect }: Props) {
  const list = useSandboxAuthorizations(status);
  const decide = useDecideAuthorization();
  const [asking, setAsking] = useState<{ item: SandboxAuthorization; decision: FaaDecision } | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const t = asking ? DECISION_TEXT[asking.decision] : null;
  const headingId = `${testId}-heading`;

  let body;
  if (list.isError && !list.data) body = <ErrorState title="The list could not be loaded." error={list.error} onRetry={() => void list.refetch()} testId={`${testId}:error`} />;
  else if (!list.data) body = <LoadingState label="Loading…" testId={`${testId}:loading`} />;
  else if (!list.data.authorizations.length) body = <EmptyState title={empty} testId={`${testId}:empty`} />;
  else {
    body = (
      <ul className="faa-list">
        {list.data.authorizations.map((item) => {
          const a = item.authorization;
          return (
            <li
              key={a.id}
              className={selectedId === a.id ? 'faa-item selected' : 'faa-item'}
              data-testid={`${testId}:item`}
              data-id={a.id}
              data-operation={item.operationId}
            >
              <div className="auth-head">
                <strong>{item.operationName}</strong>
                <Pill tone={STATUS_TEXT[a.status].tone}>{STATUS_TEXT[a.status].label}</Pill>
              </div>
              <p className="small">
                <span className="auth-code">{a.referenceCode}</span> · {a.airTrafficControl} · {a.altitude} ft AGL · {formatWindow(a.startTime, a.endTime, item.operationTimezone)}
              </p>
              <p className="muted small">
                {SUBMISSION_TEXT[a.submissionType].label} · {LICENSE_TEXT[item.license]} · pilot {item.pilotName ?? item.pilotId.slice(0, 8)}
                {item.pilotCertificate && <> (Part 107 certificate {item.pilotCertificate})</>}
              </p>
              {a.justification && <p className="small">Justification: “{a.justification}”</p>}
              <div className="toolbar">
                {onSelect && (
                  <button type="button" className="button button-small" aria-pressed={selectedId === a.id} onClick={() => onSelect(a.id)}>
                    Show on map
                  </button>
                )}
                {decisions.map((d) => (
                  <button
                    key={d}
                    type="button"
                    className="button button-small"
                    onClick={() => {
                      setReason('');
                      decide.reset();
                      setAsking({ item, decision: d });
                    }}
                    data-testid={`faa:${d}`}
                  >
                    {DECISION_TEXT[d].label}
                  </button>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="card" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId}>{heading}</h2>
      <div role="status">{done && <p className="notice-bar tone-success">{done}</p>}</div>
      {body}
      <ConfirmDialog
        open={asking !== null}
        title={t?.title ?? ''}
        confirmLabel={t?.label ?? ''}
        danger={t?.danger ?? false}
        busy={decide.isPending}
        error={decide.error}
        canConfirm={!t?.reasonRequired || reason.trim().length > 0}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          decide.mutate(
            { authorizationId: asking.item.authorization.id, decision: asking.decision, reason },
            {
              onSuccess: (r) => {
                setDone(`${r.authorization.referenceCode} is now ${STATUS_TEXT[r.authorization.status].label}.`);
                setAsking(null);
              },
            },
          )
        }
      >
        {asking && (
          <p>
            {asking.item.authorization.referenceCode} · {asking.item.operationName}. {t?.help}
          </p>
        )}
        <label className="field">
          <span>Reason{t?.reasonRequired ? ' (required)' : ' (optional)'}</span>
          <textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="faa:reason" />
        </label>
      </ConfirmDialog>
    </section>
  );
}
