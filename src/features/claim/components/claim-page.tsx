import type { Geometry } from 'geojson';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/load-states';
import { AreaZoneWindow, displayZone } from '../../../components/area-zone-window';
import { formatInstant } from '../../../components/time-window';
import { useAreaZone } from '../../../lib/use-area-zone';
import { errorMessage } from '../../../lib/api-error';
import { DisplayMap } from '../../../map/display-map';
import type { DisplayShape } from '../../../map/operation-layers';
import { FLIGHT_TYPE_TEXT } from '../../operations/operation-text';
import { useClaimEphemeral } from '../api/claim-ephemeral';
import { claimProblemOf, useEphemeralPreview, type EphemeralPreview } from '../api/get-ephemeral-preview';
import type { ClaimedState } from '../claimed-state';
import { ClaimProblem } from './claim-problem';
import '../claim.css';

interface Props {
  id: string;
  /** null while it is not known yet who is signed in. */
  signedIn: boolean | null;
  signInHref: string;
  /** The briefing of the area, for a signed-in person (the route composes it), in `timeZone`. */
  briefing(preview: EphemeralPreview, timeZone: string): ReactNode;
  highlight: Geometry | null;
}

/**
 * "Near Tukwila, WA · 2 NM SE of King County International Airport - Boeing Field (BFI), WA": the place
 * a person knows, then the airport a pilot knows (either may be absent).
 */
export function whereText(p: EphemeralPreview): string {
  const parts: string[] = [];
  const c = p.nearestPlace;
  if (c) parts.push(`Near ${c.name}${c.region ? `, ${c.region}` : c.country !== 'US' ? `, ${c.country}` : ''}`);
  const a = p.nearestAirport;
  if (!a) parts.push('More than 30 NM from any airport');
  else {
    const airport = `${a.name} (${a.ident})${a.state ? `, ${a.state}` : ''}`;
    parts.push(a.direction ? `${a.distanceNm} NM ${a.direction} of ${airport}` : `At ${airport}`);
  }
  return parts.join(' · ');
}

/** /plan/operations/:id/claim: an operation an integration created, shown before it is claimed. */
export function ClaimPage({ id, signedIn, signInHref, briefing, highlight }: Props) {
  const preview = useEphemeralPreview(id);
  const claim = useClaimEphemeral(id);
  const navigate = useNavigate();
  const p = preview.data;
  const shapes = useMemo<DisplayShape[]>(() => (p ? [{ id: p.id, kind: 'operation', tone: 'info', geometry: p.boundary }] : []), [p]);
  // The integration's timezoneName is not checked against the area: the page reads the times on the
  // area's clocks and names the integration's zone beside them when it reads differently.
  const areaZone = useAreaZone(p?.boundary);

  const problem = claimProblemOf(claim.error) ?? (p ? null : claimProblemOf(preview.error));
  if (problem) return <ClaimProblem id={id} problem={problem} signedIn={!!signedIn} />;
  if (preview.isError) {
    return (
      <main className="page page-narrow" id="main">
        <h1>Claim an operation</h1>
        <ErrorState title="The operation could not be loaded." error={preview.error} onRetry={() => void preview.refetch()} testId="claim:error" />
      </main>
    );
  }
  if (!p) {
    return (
      <main className="page page-narrow" id="main">
        <h1>Claim an operation</h1>
        <LoadingState label="Loading the operation…" testId="claim:loading" />
      </main>
    );
  }

  const zone = displayZone(areaZone, p.timezoneName);
  const doClaim = () =>
    claim.mutate(undefined, {
      onSuccess: (r) => {
        const state: ClaimedState = { claimed: r.operation.name, fixedAltitude: r.fixedAltitude };
        navigate(`/operations/${r.operation.id}`, { replace: true, state });
      },
    });

  return (
    <main className="page page-wide" id="main">
      <div className="page-head">
        <h1>Claim “{p.name}”</h1>
      </div>
      <div className="claim-layout">
        <div className="claim-map">
          <div className="map-frame">
            <DisplayMap shapes={shapes} highlight={highlight} label="Map of the area of the operation waiting to be claimed." />
          </div>
        </div>
        <div className="claim-content">
          <section className="card" aria-labelledby="claim-what">
            <h2 id="claim-what">An operation is waiting for you</h2>
            <p className="small">
              {p.sentBy ? <strong>{p.sentBy}</strong> : 'Another app'} planned this flight and sent you its link. Claim it to make it one of your operations; then you can ask for LAANC
              authorization.
            </p>
            <dl className="facts" data-testid="claim:preview">
              <dt>Where</dt>
              <dd data-testid="claim:where">{whereText(p)}</dd>
              <dt>When</dt>
              <dd>
                <AreaZoneWindow startTime={p.startTime} endTime={p.endTime} areaZone={areaZone} givenZone={p.timezoneName} givenBy={p.sentBy ?? 'The app that sent it'} testId="claim:when" />
              </dd>
              <dt>Altitude</dt>
              <dd>up to {p.maxAltitude} ft AGL</dd>
              <dt>Flight type</dt>
              <dd>{FLIGHT_TYPE_TEXT[p.flightType]}</dd>
              <dt>Link expires</dt>
              <dd>{formatInstant(p.expiresAt, zone)}</dd>
            </dl>
            {signedIn ? (
              <div className="stack-tight">
                {claim.isError && (
                  <p role="alert" className="alert alert-error">
                    It could not be claimed: {errorMessage(claim.error)}
                  </p>
                )}
                <button type="button" className="button button-primary" disabled={claim.isPending} onClick={doClaim} data-testid="claim:claim">
                  {claim.isPending ? 'Claiming…' : 'Claim this operation'}
                </button>
              </div>
            ) : signedIn === false ? (
              <div className="stack-tight" data-testid="claim:sign-in">
                <p className="small">Sign in to see the briefing for this area and claim it; you will come back to this page.</p>
                <Link className="button button-primary" to={signInHref}>
                  Sign in to claim
                </Link>
              </div>
            ) : null}
          </section>
          {signedIn && briefing(p, zone)}
        </div>
      </div>
    </main>
  );
}
