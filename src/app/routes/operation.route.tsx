/**
 * /operations/:id composes the operation page (features/operation) with its LAANC section
 * (features/laanc) and the LAANC shapes on its map.
 */
import type { Geometry } from 'geojson';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useMe } from '../../features/account/api/get-me';
import type { ClaimedState } from '../../features/claim/claimed-state';
import { useLaancOperation } from '../../features/laanc/api/get-laanc-operation';
import { LaancSection } from '../../features/laanc/components/laanc-section';
import { changeLock, laancShapes } from '../../features/laanc/laanc-shapes';
import { OperationPage, type OperationAirspace } from '../../features/operation/components/operation-page';
import { useOperation } from '../../features/operations/api/get-operation';
import { useAreaBriefing } from '../../features/briefing/api/get-area-briefing';
import { AUTHORIZATION_TEXT, STATUS_TEXT } from '../../features/briefing/briefing-text';
import type { BriefingResult } from '../../../server/contract/briefing';
import { flightFeet } from '../../../server/contract/units';
import { RequireSignIn } from '../require-sign-in';

export function Component() {
  return (
    <RequireSignIn>
      <OperationRoute />
    </RequireSignIn>
  );
}

function OperationRoute() {
  const { id = '' } = useParams();
  const state = useLocation().state as ClaimedState | null;
  const user = useMe().data?.user ?? null;
  const [highlight, setHighlight] = useState<Geometry | null>(null);
  const laanc = useLaancOperation(id, { poll: true });
  const shapes = useMemo(() => laancShapes(laanc.data), [laanc.data]);
  const me = user ? { id: user.id, name: user.name, email: user.email } : null;
  // The one evaluation of the area (the briefing engine): its channel is what the page, the claim
  // notice and the LAANC section say (docs/briefing-rules.md, "One truth per place").
  const op = useOperation(id).data;
  const input = useMemo(
    () => (op ? { boundary: op.boundary, startTime: op.startTime, endTime: op.endTime, maxAltitude: Math.min(400, flightFeet(op.maxAltitude, op.altitudeUnit)) } : null),
    [op],
  );
  const briefing = useAreaBriefing(input).data;
  const airspace = briefing ? airspaceOf(briefing) : null;
  return (
    <OperationPage
      key={id}
      id={id}
      meId={user?.id ?? null}
      shapes={shapes}
      highlight={highlight}
      lock={changeLock(laanc.data)}
      airspace={airspace}
      notice={state?.claimed ? claimedNotice(state.claimed, airspace) : null}
    >
      {(o) => <LaancSection operation={o} me={me} fixedAltitudeDefault={state?.fixedAltitude} onHighlight={setHighlight} notThroughLaanc={airspace?.laancRefusal ?? null} />}
    </OperationPage>
  );
}

/** What the area's briefing says of the operation: status, channel and, where restricted, by what. */
function airspaceOf(b: BriefingResult): OperationAirspace {
  const auth = b.authorizationType ?? 'AUTHORIZATION_TYPE_UNSPECIFIED';
  const restrictedBy = (b.notices ?? []).filter((n) => n.status === 'NOTICE_STATUS_WARNING' && (n.distance ?? 0) === 0).map((n) => n.title ?? '');
  const status = STATUS_TEXT[b.status ?? 'NOTICE_STATUS_UNSPECIFIED'];
  const laancRefusal =
    auth === 'AUTHORIZATION_TYPE_RESTRICTED'
      ? `The area is restricted (${restrictedBy.join('; ')}): no authorization is possible through LAANC, so no LAANC request is offered.`
      : auth === 'AUTHORIZATION_TYPE_DRONE_ZONE'
        ? 'LAANC does not serve this area: apply for an airspace authorization through FAA DroneZone instead.'
        : null;
  return { status: b.status ?? 'NOTICE_STATUS_UNSPECIFIED', statusLabel: status.label, channel: AUTHORIZATION_TEXT[auth].label, authorizationType: auth, restrictedBy, laancRefusal };
}

function claimedNotice(name: string, airspace: OperationAirspace | null): string {
  const head = `You claimed “${name}”. It is now one of your operations`;
  if (!airspace) return `${head}.`;
  if (airspace.authorizationType === 'AUTHORIZATION_TYPE_RESTRICTED') return `${head}, but its area is restricted (${airspace.restrictedBy.join('; ')}): it cannot be flown as planned and no LAANC request can be made.`;
  if (airspace.authorizationType === 'AUTHORIZATION_TYPE_DRONE_ZONE') return `${head}. LAANC does not serve its area: apply through FAA DroneZone.`;
  if (airspace.authorizationType === 'AUTHORIZATION_TYPE_LAANC') return `${head}: start the LAANC request below.`;
  return `${head}. ${airspace.channel}.`;
}

