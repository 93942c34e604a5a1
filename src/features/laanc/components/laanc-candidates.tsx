import { useState } from 'react';
import type { Candidate, LaancOperationResult } from '../../../../server/contract/laanc';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, Pill } from '../../../components/load-states';
import { formatWindow } from '../../../components/time-window';
import { useSubmitAuthorizations, type SubmitResult } from '../api/submit-authorizations';
import { SUBMISSION_TEXT } from '../laanc-text';

interface Props {
  operationId: string;
  laanc: LaancOperationResult['operation'];
  requestedAltitude: number;
  timeZone: string;
  /** The lowest facility-map ceiling under each candidate, as the service computed it. */
  ceilings: LaancOperationResult['candidateDetails'];
  onSubmitted(result: SubmitResult): void;
  /** Runs before the new answer is cached: the page's own changes are not announced as news. */
  onResult(result: SubmitResult): void;
}

const isFurther = (c: Candidate) => c.submissionType === 'SUBMISSION_TYPE_FURTHER_COORDINATION';

function blockReason(laanc: Props['laanc'], chosen: Candidate[], justification: string): string | null {
  if (laanc.notices.some((n) => n.action === 'ACTION_BLOCK' && n.ids.length === 0)) return 'A blocking notice applies to the whole operation (see Notices).';
  if (laanc.license === 'LICENSE_UNSPECIFIED') return 'Set the license in the LAANC details first.';
  if (!chosen.length) return 'Choose at least one candidate.';
  if (chosen.some(isFurther) && laanc.license !== 'LICENSE_PART_107') return 'Further coordination is for Part 107 pilots only.';
  if (chosen.some(isFurther) && !justification.trim()) return 'Explain why you need to fly above the ceiling (the justification the FAA reads).';
  return null;
}

/** Candidates for authorization (spec 2.5) and submitting them: all, or those the pilot picks. */
export function LaancCandidates({ operationId, laanc, requestedAltitude, timeZone, ceilings: ceilingList, onSubmitted, onResult }: Props) {
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [justification, setJustification] = useState('');
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmitAuthorizations(operationId, onResult);
  const { candidates } = laanc;
  const ceilings = new Map(ceilingList.map((d) => [d.hashCode, d.ceilingFt]));

  if (!candidates.length) {
    return (
      <section className="stack-tight" aria-labelledby="laanc-candidates">
        <h3 id="laanc-candidates">Candidates</h3>
        <EmptyState title={laanc.authorizations.length ? 'Every candidate has been submitted' : 'Nothing to submit'} testId="laanc:no-candidates">
          <p className="muted small">
            {laanc.authorizations.length
              ? 'The authorizations below cover the operation.'
              : 'The area does not meet LAANC facility-map cells at this time, or a notice blocks it.'}
          </p>
        </EmptyState>
      </section>
    );
  }

  const chosen = candidates.filter((c) => !unchecked.has(c.hashCode));
  const further = chosen.filter(isFurther);
  const blocked = blockReason(laanc, chosen, justification);
  const toggle = (hash: string) => {
    const next = new Set(unchecked);
    if (next.has(hash)) next.delete(hash);
    else next.add(hash);
    setUnchecked(next);
  };

  return (
    <section className="stack-tight" aria-labelledby="laanc-candidates">
      <h3 id="laanc-candidates">Candidates</h3>
      <ul className="laanc-list">
        {candidates.map((c) => {
          const ceiling = ceilings.get(c.hashCode);
          const sub = SUBMISSION_TEXT[c.submissionType];
          return (
            <li key={c.hashCode} className={`laanc-item tone-${isFurther(c) ? 'warning' : 'info'}`} data-testid="laanc:candidate" data-submission={c.submissionType}>
              <label className="check">
                <input type="checkbox" checked={!unchecked.has(c.hashCode)} onChange={() => toggle(c.hashCode)} />
                <span>
                  <strong>{c.airTrafficControl}</strong> <Pill tone={isFurther(c) ? 'warning' : 'info'}>{sub.label}</Pill>
                </span>
              </label>
              <p className="small">
                Requested {requestedAltitude} ft · this candidate {c.altitude} ft AGL
                {ceiling !== undefined && <> · facility-map ceiling {ceiling} ft</>}
                {c.altitude < requestedAltitude && <> (lowered to the ceiling)</>}
              </p>
              <p className="muted small">
                {formatWindow(c.startTime, c.endTime, timeZone)} · {sub.sentence}
              </p>
            </li>
          );
        })}
      </ul>
      {further.length > 0 && (
        <label className="field">
          <span>Justification for further coordination (required)</span>
          <textarea rows={3} value={justification} onChange={(e) => setJustification(e.target.value)} data-testid="laanc:justification" />
        </label>
      )}
      <div className="toolbar">
        <button type="button" className="button button-primary" disabled={!!blocked || submit.isPending} onClick={() => setConfirming(true)} aria-describedby={blocked ? 'laanc-submit-blocked' : undefined} data-testid="laanc:submit">
          Submit {chosen.length === candidates.length ? 'for authorization' : `${chosen.length} of ${candidates.length}`}
        </button>
      </div>
      {blocked && (
        <p id="laanc-submit-blocked" className="muted small">
          {blocked}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Submit for authorization?"
        confirmLabel="Submit"
        busy={submit.isPending}
        error={submit.error}
        onCancel={() => {
          setConfirming(false);
          submit.reset();
        }}
        onConfirm={() =>
          submit.mutate(
            { hashCodes: chosen.map((c) => c.hashCode), ...(further.length ? { justification: justification.trim() } : {}) },
            {
              onSuccess: (r) => {
                setConfirming(false);
                onSubmitted(r);
              },
            },
          )
        }
      >
        <ul className="small">
          {chosen.length - further.length > 0 && <li>{chosen.length - further.length} for automatic approval: LAANC answers at once.</li>}
          {further.length > 0 && <li>{further.length} for further coordination: the FAA decides, which can take days; it lapses if not answered before the start.</li>}
        </ul>
      </ConfirmDialog>
    </section>
  );
}
