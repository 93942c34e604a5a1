import { Pill } from '../../../components/load-states';
import { formatInstant } from '../../../components/time-window';
import { errorMessage } from '../../../lib/api-error';
import { isFailing, useOperationCallbacks } from '../../operations/api/list-operation-callbacks';

const STATE: Record<string, { label: string; tone: string }> = {
  DELIVERED: { label: 'Delivered', tone: 'success' },
  PENDING: { label: 'Retrying', tone: 'warning' },
  FAILED: { label: 'Failed', tone: 'danger' },
};

interface Props {
  operationId: string;
  timeZone: string;
  /**
   * The caller registered the callback (it sees callbackUrl). A claimer does not see the integration's
   * address, yet its deliveries are still shown to it: the section appears once the list says there is one.
   */
  known: boolean;
}

/** The callback deliveries of an operation (spec 6): a receiver that keeps failing shows here. */
export function CallbackDeliveries({ operationId, timeZone, known }: Props) {
  const q = useOperationCallbacks(operationId, {
    refetchInterval: (query) => (known || (query.state.data && (query.state.data.signingKey !== null || query.state.data.deliveries.length > 0)) ? 10_000 : false),
  });
  const has = known || (q.data !== undefined && (q.data.signingKey !== null || q.data.deliveries.length > 0));
  if (!has) return null;
  return (
    <section className="card" aria-labelledby="callbacks-heading">
      <h2 id="callbacks-heading">Callbacks</h2>
      <DeliveryList q={q} timeZone={timeZone} />
    </section>
  );
}

function DeliveryList({ q, timeZone }: { q: ReturnType<typeof useOperationCallbacks>; timeZone: string }) {
  if (q.isError && !q.data) return <p className="error-text">The callback deliveries could not be loaded: {errorMessage(q.error)}</p>;
  if (!q.data) return <p className="muted small">Loading callback deliveries…</p>;
  const { deliveries, signingKey } = q.data;
  const tz = timeZone;
  return (
    <div className="stack-tight" data-testid="operation:callbacks">
      <p className="muted small">
        Every authorization status change and conformance alert is POSTed to the callback address, signed with {signingKey === 'client' ? "the API client's" : "this operation's own"} secret (X-Signature).
      </p>
      {deliveries.length === 0 ? (
        <p className="muted small">No status changes sent yet.</p>
      ) : (
        <ul className="delivery-list">
          {deliveries.slice(0, 10).map((d) => {
            const s = d.state === 'PENDING' && !isFailing(d) ? { label: 'Sending', tone: 'info' } : STATE[d.state]!;
            return (
              <li key={d.id} data-testid="operation:delivery" data-state={d.state}>
                <Pill tone={s.tone}>{s.label}</Pill> <span className="small">{d.authStatus.replace('STATUS_', '')}</span>{' '}
                <span className="muted small">
                  {formatInstant(d.createdAt, tz)} · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
                  {d.lastError && <> · last error: {d.lastError}</>}
                  {d.nextAttemptAt && <> · next try {formatInstant(d.nextAttemptAt, tz)}</>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
