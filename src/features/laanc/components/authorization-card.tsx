import { useState } from 'react';
import type { Authorization, AuthorizationDetail } from '../../../../server/contract/laanc';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Pill } from '../../../components/load-states';
import { formatWindow } from '../../../components/time-window';
import { useActOnAuthorization, type AuthorizationResult } from '../api/act-on-authorization';
import { STATUS_TEXT, SUBMISSION_TEXT } from '../laanc-text';
import { pilotActions, type ActionText } from '../pilot-actions';
import { buildTimeline } from '../timeline';
import { AuthorizationTimeline } from './authorization-timeline';

interface Props {
  operationId: string;
  authorization: Authorization;
  timeZone: string;
  meId: string | null;
  /** statusReason and history from the LAANC operation result (authorizationDetails). */
  detail: AuthorizationDetail | undefined;
  onActed(result: AuthorizationResult): void;
}

/** One authorization: its terms, why it is where it is, its history, and what may be done now. */
export function AuthorizationCard({ operationId, authorization: a, timeZone, meId, detail, onActed }: Props) {
  const act = useActOnAuthorization();
  const [asking, setAsking] = useState<ActionText | null>(null);
  const status = STATUS_TEXT[a.status];
  const reason = detail?.statusReason ?? null;
  const events = buildTimeline(a, detail?.history ?? [], meId);

  return (
    <li className={`laanc-item auth-card tone-${status.tone}`} data-testid="laanc:authorization" data-status={a.status} data-id={a.id}>
      <div className="auth-head">
        <span className="auth-code">{a.referenceCode}</span>
        <Pill tone={status.tone} testId="laanc:authorization-status" value={a.status}>
          {status.label}
        </Pill>
      </div>
      <p className="small">{status.sentence}</p>
      {reason && <p className="small">Reason given: “{reason}”</p>}
      <dl className="facts small">
        <dt>Facility</dt>
        <dd>
          {a.airTrafficControl}
          {a.airspaceClassCodes.length > 0 && <> · {a.airspaceClassCodes.map((c) => c.replace('CLASS_', 'Class ')).join(', ')}</>}
        </dd>
        <dt>Altitude</dt>
        <dd>{a.altitude} ft AGL</dd>
        <dt>When</dt>
        <dd>{formatWindow(a.startTime, a.endTime, timeZone)}</dd>
        <dt>Type</dt>
        <dd>{SUBMISSION_TEXT[a.submissionType].label}</dd>
      </dl>
      <details className="disclosure">
        <summary>Status history</summary>
        <AuthorizationTimeline events={events} timeZone={timeZone} />
      </details>
      {pilotActions(a.status).length > 0 && (
        <div className="toolbar">
          {pilotActions(a.status).map((t) => (
            <button key={t.action} type="button" className="button button-small" onClick={() => setAsking(t)} data-testid={`laanc:action-${t.action}`}>
              {t.label}
            </button>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.title ?? ''}
        confirmLabel={asking?.label ?? ''}
        danger={asking?.danger ?? false}
        busy={act.isPending}
        error={act.error}
        onCancel={() => {
          setAsking(null);
          act.reset();
        }}
        onConfirm={() =>
          asking &&
          act.mutate(
            { operationId, authorizationId: a.id, action: asking.action },
            {
              onSuccess: (r) => {
                setAsking(null);
                onActed(r);
              },
            },
          )
        }
      >
        <p>
          {a.referenceCode}, {a.airTrafficControl}, {a.altitude} ft, {formatWindow(a.startTime, a.endTime, timeZone)}.
        </p>
        <p>{asking?.confirm}</p>
      </ConfirmDialog>
    </li>
  );
}
