import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states';
import { errorMessage } from '../../../lib/api-error';
import { useActOnAuthorization } from '../../laanc/api/act-on-authorization';
import { filterItems, KIND_TEXT, type ReviewKind } from '../review-items';
import { MAX_ROWS, useReviewQueue } from '../use-review-queue';
import { ReviewTable } from './review-table';
import '../review.css';

/** /review: what in the organization needs someone's attention, and acknowledging rescinded ones in bulk. */
export function ReviewPage({ isOperator }: { isOperator: boolean }) {
  const queue = useReviewQueue();
  const [kind, setKind] = useState<ReviewKind | ''>('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: number; failed: string[] } | null>(null);
  const act = useActOnAuthorization();

  const shown = filterItems(queue.items, kind, q);
  // Only rows still in the queue and shown count as selected.
  const chosen = shown.filter((i) => selected.has(i.key) && i.kind === 'rescinded');
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setSelected(next);
  };

  const acknowledge = async () => {
    setBusy(true);
    let ok = 0;
    const failed: string[] = [];
    // One at a time: the service has no bulk endpoint, and each answer says what became of that one.
    for (const i of chosen) {
      try {
        await act.mutateAsync({ operationId: i.operationId, authorizationId: i.authorization!.id, action: 'acknowledge-rescinded' });
        ok += 1;
      } catch (e) {
        failed.push(`${i.authorization!.referenceCode}: ${errorMessage(e)}`);
      }
    }
    setBusy(false);
    setConfirming(false);
    setSelected(new Set());
    setOutcome({ ok, failed });
  };

  let body;
  if (queue.error) {
    body = <ErrorState title="The review queue could not be loaded." error={queue.error} onRetry={queue.refetch} testId="review:error" />;
  } else if (queue.loading && queue.items.length === 0) {
    body = <LoadingState label="Gathering what needs attention…" rows={4} testId="review:loading" />;
  } else if (queue.items.length === 0) {
    body = (
      <EmptyState title="Nothing needs attention" testId="review:empty">
        <p className="small">No pending further coordination, no rescinded or invalid authorizations, no failing callbacks.</p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div className="review-bar">
          <button type="button" className="button button-primary" disabled={!chosen.length} onClick={() => setConfirming(true)} data-testid="review:acknowledge">
            Acknowledge selected ({chosen.length})
          </button>
        </div>
        {shown.length ? (
          <ReviewTable
            items={shown}
            selected={selected}
            onToggle={toggle}
            onToggleAll={(on) => setSelected(on ? new Set(shown.filter((i) => i.kind === 'rescinded').map((i) => i.key)) : new Set())}
          />
        ) : (
          <EmptyState title="Nothing matches these filters" testId="review:no-match" />
        )}
      </>
    );
  }

  return (
    <main className="page page-wide" id="main">
      <div className="page-head">
        <h1>Review</h1>
      </div>
      <p className="muted">
        {isOperator ? "Your organization's" : 'Your'} authorizations that need someone: rescinded ones to acknowledge, invalid ones to cancel, further coordination waiting for the FAA, and callback receivers that keep failing.
      </p>
      <div role="status" data-testid="review:outcome">
        {outcome && (
          <div className={`notice-bar tone-${outcome.failed.length ? 'danger' : 'success'}`}>
            <p>
              Acknowledged {outcome.ok}.{outcome.failed.length > 0 && ` ${outcome.failed.length} could not be: ${outcome.failed.join('; ')}`}
            </p>
            <button type="button" className="button button-small button-quiet" onClick={() => setOutcome(null)}>
              Dismiss
            </button>
          </div>
        )}
      </div>
      <form className="filters" role="search" aria-label="Filter the review queue" onSubmit={(e) => e.preventDefault()}>
        <label className="field field-grow">
          <span>Search</span>
          <input type="search" value={q} placeholder="Operation, reference code or facility" onChange={(e) => setQ(e.target.value)} />
        </label>
        <label className="field">
          <span>Needs</span>
          <select value={kind} onChange={(e) => setKind(e.target.value as ReviewKind | '')} data-testid="review:kind">
            <option value="">Anything ({queue.items.length})</option>
            {(Object.keys(KIND_TEXT) as ReviewKind[]).map((k) => (
              <option key={k} value={k}>
                {KIND_TEXT[k].label} ({queue.items.filter((i) => i.kind === k).length})
              </option>
            ))}
          </select>
        </label>
      </form>
      {body}
      {queue.truncated && <p className="muted small review-note">Only the first {MAX_ROWS} authorizations and {MAX_ROWS} failing deliveries are shown.</p>}
      <ConfirmDialog
        open={confirming}
        title={`Acknowledge ${chosen.length} rescinded authorization${chosen.length === 1 ? '' : 's'}?`}
        confirmLabel="Acknowledge"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void acknowledge()}
      >
        <p>You confirm that the pilots know the FAA withdrew these and will not fly under them:</p>
        <ul className="small">
          {chosen.map((i) => (
            <li key={i.key}>
              {i.authorization!.referenceCode} · {i.operationName}
              {i.why && <> · “{i.why}”</>}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </main>
  );
}
