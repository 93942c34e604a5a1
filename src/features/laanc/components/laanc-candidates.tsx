import { useState } from 'react';
import type { Candidate, LaancOperationResult } from '../../../../server/contract/laanc';
import { ALTITUDE_FT } from '../../../../server/contract/operation-limits';
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
  /** Lowers the operation's altitude (feet) to what LAANC can approve automatically; absent when it cannot be changed. */
  onLowerAltitude?(ft: number): void;
  lowering?: boolean;
}

/** Further coordination goes to a person at the FAA: in practice it needs 72 hours (docs/operations-laanc.md). */
export const FURTHER_LEAD_HOURS = 72;
/** 14 CFR 107.51(b) via spec section 8: an operation flies at least 5 ft AGL, so a 0 ft ceiling cannot be met by lowering. */
const MIN_ALTITUDE_FT = ALTITUDE_FT.min;

/** What is true of one candidate: its altitude against the ceiling of its cell. */
export function altitudeText(candidateFt: number, requestedFt: number, ceilingFt: number | undefined): string {
  const parts = [`Requested ${requestedFt} ft · this candidate ${candidateFt} ft AGL`];
  if (ceilingFt !== undefined) parts.push(`facility-map ceiling ${ceilingFt} ft`);
  let text = parts.join(' · ');
  if (ceilingFt !== undefined && candidateFt > ceilingFt) text += `. Above the ceiling: it needs further coordination with the FAA.`;
  else if (candidateFt < requestedFt) text += `. Lowered from ${requestedFt} ft to the ceiling, so LAANC can approve it at once.`;
  return text;
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
export function LaancCandidates({ operationId, laanc, requestedAltitude, timeZone, ceilings: ceilingList, onSubmitted, onResult, onLowerAltitude, lowering = false }: Props) {
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

  const furtherAll = candidates.filter(isFurther).length;
  const autoAll = candidates.length - furtherAll;
  const kinds = [autoAll ? `${autoAll} automatic approval` : '', furtherAll ? `${furtherAll} further coordination` : ''].filter(Boolean).join(', ');
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
      <details className="laanc-fold" data-testid="laanc:candidates">
        <summary>
          <h3 id="laanc-candidates" className="inline-heading">
            Requests to submit
          </h3>{' '}
          <span className="muted small">({kinds}: facility, altitude and window of each)</span>
        </summary>
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
              <p className="small" data-testid="laanc:candidate-altitude">
                {altitudeText(c.altitude, requestedAltitude, ceiling)}
              </p>
              <p className="muted small">
                {formatWindow(c.startTime, c.endTime, timeZone)} · {sub.sentence}
              </p>
            </li>
          );
        })}
      </ul>
      </details>
      {further.length > 0 && <FurtherAdvice further={further} ceilings={ceilings} onLower={onLowerAltitude} lowering={lowering} />}
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

function FurtherAdvice({ further, ceilings, onLower, lowering }: { further: Candidate[]; ceilings: Map<string, number>; onLower?(ft: number): void; lowering: boolean }) {
  const earliest = Math.min(...further.map((c) => Date.parse(c.startTime)));
  const hoursLeft = (earliest - Date.now()) / 3_600_000;
  const known = further.map((c) => ceilings.get(c.hashCode)).filter((v): v is number => v !== undefined);
  // The lowest ceiling under the candidates: at or below it, every one of them is approved automatically.
  const autoCeiling = known.length === further.length ? Math.min(...known) : null;
  return (
    <div className="stack-tight" data-testid="laanc:further-advice">
      {hoursLeft < FURTHER_LEAD_HOURS && (
        <p className="warning-text small" role="note" data-testid="laanc:further-soon">
          The flight starts in {hoursLeft < 1 ? 'less than an hour' : `about ${Math.floor(hoursLeft)} hours`}. The FAA usually needs at least {FURTHER_LEAD_HOURS} hours for
          further coordination, and a request not answered before the start lapses.
        </p>
      )}
      {autoCeiling !== null && autoCeiling >= MIN_ALTITUDE_FT && onLower && (
        <p className="small">
          <button type="button" className="button button-small" disabled={lowering} onClick={() => onLower(autoCeiling)} data-testid="laanc:lower">
            Lower the operation to {autoCeiling} ft
          </button>{' '}
          <span className="muted">At or below {autoCeiling} ft, LAANC can approve it automatically.</span>
        </p>
      )}
      {autoCeiling !== null && autoCeiling < MIN_ALTITUDE_FT && (
        <p className="muted small">The ceiling here is {autoCeiling} ft: only further coordination can authorize this flight.</p>
      )}
    </div>
  );
}
