import type { Geometry } from 'geojson';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PlatformOperation } from '../../../../server/contract/operations';
import { ErrorState, LoadingState, Pill } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { DisplayMap } from '../../../map/display-map';
import type { DisplayShape } from '../../../map/operation-layers';
import { useOperation } from '../../operations/api/get-operation';
import { PHASE_TEXT, phaseOf } from '../../operations/operation-text';
import { useTrack } from '../../flight/api/positions';
import { FlightSection } from '../../flight/components/flight-section';
import { flightTrack } from '../../flight/track';
import { CallbackDeliveries } from './callback-deliveries';
import { DeleteOperation } from './delete-operation';
import { MapLegend } from './map-legend';
import { OperationDetails } from './operation-details';
import { OperationEditForm } from './operation-edit-form';
import '../operation.css';

/** What the area's briefing says of the operation (composed by the route from the one evaluation). */
export interface OperationAirspace {
  status: string;
  statusLabel: string;
  /** The authorization channel in words: "LAANC authorization required", "Restricted"… */
  channel: string;
  authorizationType: string;
  /** Titles of the restrictions the area lies in (prohibited area, FRZ, active TFR). */
  restrictedBy: string[];
  /** Why LAANC offers nothing here, or null where it may. */
  laancRefusal: string | null;
}

interface Props {
  id: string;
  meId: string | null;
  /** LAANC candidates, authorizations and notices, drawn over the boundary. */
  shapes: DisplayShape[];
  highlight: Geometry | null;
  /** Why the operation cannot change now (an authorization is pending or approved), or null. */
  lock: string | null;
  notice: string | null;
  /** The area's status and channel from its briefing; null while it loads. */
  airspace?: OperationAirspace | null;
  /** The LAANC section, composed by the route. */
  children(op: PlatformOperation): ReactNode;
}

/** /operations/:id: the operation on the map, its details, edit and delete while allowed, and its LAANC part. */
export function OperationPage({ id, meId, shapes, highlight, lock, notice, airspace = null, children }: Props) {
  const q = useOperation(id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [noticeShown, setNoticeShown] = useState(true);
  const op = q.data;
  // The flight's track, shared by the map (line and marker) and the Flight section (text, replay).
  const track = useTrack(id, op?.endTime);
  const [replayAt, setReplayAt] = useState<number | null>(null);
  const drawn = useMemo(() => flightTrack(track.data ?? [], replayAt), [track.data, replayAt]);
  const all = useMemo<DisplayShape[]>(() => (op ? [{ id: op.id, kind: 'operation', tone: 'info', geometry: op.boundary }, ...shapes] : []), [op, shapes]);

  if (q.isError && !op) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <main className="page page-narrow" id="main">
        <Link className="back-link" to="/operations">
          ← Operations
        </Link>
        <h1>{missing ? 'Operation not found' : 'Operation'}</h1>
        {missing ? (
          <p data-testid="operation:not-found">There is no operation with this address that you may see. It may have been deleted, or it belongs to another organization.</p>
        ) : (
          <ErrorState title="The operation could not be loaded." error={q.error} onRetry={() => void q.refetch()} testId="operation:error" />
        )}
      </main>
    );
  }
  if (!op) {
    return (
      <main className="page page-wide" id="main">
        <h1 className="visually-hidden">Operation</h1>
        <LoadingState label="Loading the operation…" rows={6} testId="operation:loading" />
      </main>
    );
  }

  const phase = PHASE_TEXT[phaseOf(op, q.dataUpdatedAt)];
  return (
    <main className="page page-wide" id="main">
      <Link className="back-link" to="/operations">
        ← Operations
      </Link>
      <div className="page-head">
        <h1>
          {op.name} <Pill tone={phase.tone}>{phase.label}</Pill>
        </h1>
        {!editing && (
          <div className="toolbar">
            <button type="button" className="button" disabled={!!lock} onClick={() => setEditing(true)} data-testid="operation:edit">
              Edit
            </button>
            <DeleteOperation op={op} lock={lock} onDeleted={() => navigate('/operations', { replace: true, state: { notice: `Operation “${op.name}” was deleted.` } })} />
          </div>
        )}
      </div>
      {lock && <p className="muted small op-lock">{lock}</p>}
      {notice && noticeShown && (
        <div className={`notice-bar ${airspace?.authorizationType === 'AUTHORIZATION_TYPE_RESTRICTED' ? 'tone-warning' : 'tone-success'}`} role="status" data-testid="operation:notice">
          <p>{notice}</p>
          <button type="button" className="button button-small button-quiet" onClick={() => setNoticeShown(false)}>
            Dismiss
          </button>
        </div>
      )}
      {airspace?.authorizationType === 'AUTHORIZATION_TYPE_RESTRICTED' && (
        <div className="notice-bar tone-danger" role="alert" data-testid="operation:restricted">
          <p>
            <strong>Restricted area.</strong> {airspace.restrictedBy.join('; ')}: drones may not fly here without special FAA authorization. No LAANC request is possible for
            this operation.
          </p>
        </div>
      )}
      <div className="op-layout">
        <div className="op-map">
          <div className="map-frame">
            <DisplayMap
              shapes={all}
              highlight={highlight}
              track={drawn}
              label="Map of the operation area with its LAANC candidates and authorizations, and the track flown; the same are listed beside it."
            />
          </div>
          <MapLegend />
        </div>
        <div className="op-content">
          <section className="card" aria-labelledby="details-heading">
            <h2 id="details-heading">Details</h2>
            {editing ? <OperationEditForm op={op} onDone={() => setEditing(false)} /> : <OperationDetails op={op} meId={meId} airspace={airspace} />}
          </section>
          {children(op)}
          <FlightSection operation={op} track={track} replayAt={replayAt} onReplay={setReplayAt} />
          <CallbackDeliveries operationId={op.id} timeZone={op.timezone} known={Boolean(op.callbackUrl)} />
        </div>
      </div>
    </main>
  );
}
