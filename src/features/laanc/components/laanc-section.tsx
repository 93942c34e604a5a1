import type { Geometry } from 'geojson';
import { useState } from 'react';
import type { PlatformOperation } from '../../../../server/contract/operations';
import { flightFeet, toMeters } from '../../../../server/contract/units';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states';
import { errorMessage } from '../../../lib/api-error';
import { useProfile } from '../../profile/api/get-profile';
import { draftOf, useUpdateOperation } from '../../operations/api/update-operation';
import { useLaancOperation } from '../api/get-laanc-operation';
import { LICENSE_TEXT, STATUS_TEXT } from '../laanc-text';
import { isActive } from '../pilot-actions';
import { useStatusChanges } from '../use-status-changes';
import { AuthorizationCard } from './authorization-card';
import { LaancCandidates } from './laanc-candidates';
import { LaancDecision } from './laanc-decision';
import { LaancDetailsForm, type LaancDetails } from './laanc-details-form';
import { LaancNotices } from './laanc-notices';
import { StatusChangeNotices } from './status-change-notices';
import '../laanc.css';

interface Props {
  operation: PlatformOperation;
  me: { id: string; name: string; email: string } | null;
  /** From a claim: the fixedAltitude the integration asked for. */
  fixedAltitudeDefault?: boolean;
  onHighlight(g: Geometry | null): void;
  /** Why LAANC cannot authorize this area, from its briefing (restricted, DroneZone); null where it may. */
  notThroughLaanc?: string | null;
}

/** The LAANC part of an operation: create it, read its notices, submit candidates, follow authorizations. */
export function LaancSection({ operation: op, me, fixedAltitudeDefault = false, onHighlight, notThroughLaanc = null }: Props) {
  const laanc = useLaancOperation(op.id, { poll: true });
  const changes = useStatusChanges(laanc.data?.operation.authorizations);
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const profile = useProfile(Boolean(me));
  const update = useUpdateOperation(op.id);
  const lowerTo = (ft: number) => {
    // The operation keeps its unit; metres are rounded down so the height stays at or below the ceiling.
    const maxAltitude = op.altitudeUnit === 'ALTITUDE_UNIT_METERS' ? Math.floor(toMeters(ft, 'ft') * 10) / 10 : ft;
    update.mutate(draftOf(op, { maxAltitude }), { onSuccess: () => setOutcome(`Lowered to ${ft} ft. The candidates below are new.`) });
  };

  let body;
  if (laanc.isError && laanc.data === undefined) {
    body = <ErrorState title="The LAANC request could not be loaded." error={laanc.error} onRetry={() => void laanc.refetch()} testId="laanc:error" />;
  } else if (laanc.data === undefined) {
    body = <LoadingState label="Loading the LAANC request…" testId="laanc:loading" />;
  } else if (laanc.data === null && notThroughLaanc) {
    // The area's briefing says LAANC cannot authorize it (restricted, or DroneZone): no request is offered.
    body = (
      <EmptyState title="No LAANC request for this area" testId="laanc:not-offered">
        <p className="small">{notThroughLaanc}</p>
      </EmptyState>
    );
  } else if (laanc.data === null) {
    const [first = '', ...rest] = (me?.name ?? '').split(' ');
    body = (
      <>
        <EmptyState title="No LAANC request yet" testId="laanc:none">
          <p className="small">In controlled airspace, start a LAANC request: it finds the facility-map cells the area meets and what can be approved.</p>
        </EmptyState>
        <LaancDetailsForm
          // Filled again once the pilot profile (with the phone number) arrives.
          key={profile.data ? 'profile' : 'session'}
          operationId={op.id}
          mode="create"
          initial={{
            license: op.flightType === 'FLIGHT_TYPE_RECREATIONAL' ? 'LICENSE_SECTION_44809' : 'LICENSE_PART_107',
            fixedAltitude: fixedAltitudeDefault,
            pointOfContact: { firstName: first, lastName: rest.join(' '), phoneNumber: profile.data?.phoneNumber ?? '', emailAddress: me?.email ?? '' },
          }}
          onDone={() => setOutcome('LAANC request started. Review the candidates and submit them.')}
        />
      </>
    );
  } else {
    const l = laanc.data.operation;
    const detailOf = new Map(laanc.data.authorizationDetails.map((d) => [d.authorizationId, d]));
    const locked = l.authorizations.some((a) => isActive(a.status));
    const details: LaancDetails = { license: l.license, fixedAltitude: l.fixedAltitude, pointOfContact: l.pointOfContact };
    body = (
      <>
        {laanc.isError && (
          <p className="warning-text" role="status">
            Could not refresh ({errorMessage(laanc.error)}); trying again.
          </p>
        )}
        <LaancDecision candidates={l.candidates} notices={l.notices} authorizations={l.authorizations} />
        {editing ? (
          <LaancDetailsForm operationId={op.id} mode="edit" initial={details} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
        ) : (
          <details className="laanc-fold">
            <summary>
              Request details{' '}
              <span className="muted small">
                ({LICENSE_TEXT[l.license]} · {l.pointOfContact.firstName} {l.pointOfContact.lastName})
              </span>
            </summary>
          <div className="laanc-summary">
            <dl className="facts">
              <dt>License</dt>
              <dd data-testid="laanc:license">{LICENSE_TEXT[l.license]}</dd>
              <dt>Altitude</dt>
              <dd>{l.fixedAltitude ? 'Kept as requested: above a ceiling it needs further coordination' : 'May be lowered to the ceiling: each candidate below says its altitude'}</dd>
              <dt>Contact</dt>
              <dd>
                {l.pointOfContact.firstName} {l.pointOfContact.lastName} · {l.pointOfContact.phoneNumber} · {l.pointOfContact.emailAddress}
              </dd>
            </dl>
            <button type="button" className="button button-small" disabled={locked} onClick={() => setEditing(true)} title={locked ? 'Not while an authorization is pending or approved' : undefined}>
              Change LAANC details
            </button>
          </div>
          </details>
        )}
        {update.isError && (
          <p className="warning-text" role="alert">
            The altitude could not be lowered: {errorMessage(update.error)}
          </p>
        )}
        <LaancNotices notices={l.notices} timeZone={op.timezone} onHighlight={onHighlight} />
        <LaancCandidates
          operationId={op.id}
          laanc={l}
          ceilings={laanc.data.candidateDetails}
          requestedAltitude={flightFeet(op.maxAltitude, op.altitudeUnit)}
          onLowerAltitude={locked ? undefined : lowerTo}
          lowering={update.isPending}
          timeZone={op.timezone}
          onResult={(r) => r.operation.authorizations.forEach((a) => changes.expect(a.id, a.status))}
          onSubmitted={(r) => {
            const mine = r.operation.authorizations.filter((a) => r.submitted.includes(a.id));
            const approved = mine.filter((a) => a.status === 'STATUS_APPROVED').length;
            const pending = mine.filter((a) => a.status === 'STATUS_PENDING').length;
            const parts = [approved ? `${approved} approved` : '', pending ? `${pending} waiting for the FAA` : ''].filter(Boolean);
            setOutcome(`Submitted: ${parts.join(', ') || 'nothing new'}.`);
          }}
        />
        <section className="stack-tight" aria-labelledby="laanc-authorizations">
          <h3 id="laanc-authorizations">Authorizations</h3>
          {l.authorizations.length === 0 ? (
            <p className="muted small">None yet: submit the candidates above.</p>
          ) : (
            <ul className="laanc-list">
              {l.authorizations.map((a) => (
                <AuthorizationCard
                  key={a.id}
                  operationId={op.id}
                  authorization={a}
                  timeZone={op.timezone}
                  meId={me?.id ?? null}
                  detail={detailOf.get(a.id)}
                  onActed={(r) => {
                    changes.expect(r.authorization.id, r.authorization.status);
                    setOutcome(`${r.authorization.referenceCode} is now ${STATUS_TEXT[r.authorization.status].label}.`);
                  }}
                />
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }

  return (
    <section className="card laanc" aria-labelledby="laanc-heading" data-testid="laanc">
      <h2 id="laanc-heading">LAANC authorization</h2>
      <StatusChangeNotices notices={changes.notices} onDismiss={changes.dismiss} />
      {outcome && (
        <p className="notice-bar tone-success" role="status" data-testid="laanc:outcome">
          {outcome}
        </p>
      )}
      {body}
    </section>
  );
}
