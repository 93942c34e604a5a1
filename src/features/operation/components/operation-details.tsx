import type { PlatformOperation } from '../../../../server/contract/operations';
import { useMemberNames } from '../../operations/api/get-members';
import { durationText, formatInstant, formatWindow } from '../../../components/time-window';
import { altitudeRange, FLIGHT_TYPE_TEXT, pilotLabel } from '../../operations/operation-text';

const PROVIDER_TEXT: Record<string, string> = { APPROVAL_PROVIDER_LAANC: 'LAANC', APPROVAL_PROVIDER_ASTM_UTM: 'ASTM UTM', APPROVAL_PROVIDER_UNSPECIFIED: 'Unspecified' };

export function OperationDetails({ op, meId }: { op: PlatformOperation; meId: string | null }) {
  const names = useMemberNames();
  return (
    <dl className="facts" data-testid="operation:details">
      <dt>When</dt>
      <dd data-testid="operation:when">
        {formatWindow(op.startTime, op.endTime, op.timezone)} ({durationText(op.startTime, op.endTime)})
      </dd>
      <dt>Time zone</dt>
      <dd>{op.timezone}</dd>
      <dt>Altitude</dt>
      <dd>{altitudeRange(op)}</dd>
      <dt>Flight type</dt>
      <dd>{FLIGHT_TYPE_TEXT[op.flightType]}</dd>
      <dt>Pilot</dt>
      <dd>{pilotLabel(op.pilotId, meId, names)}</dd>
      {op.aircraftId && (
        <>
          <dt>Aircraft</dt>
          <dd>{op.aircraftId}</dd>
        </>
      )}
      <dt>Authorization</dt>
      <dd>{op.authorizationProviders.length ? op.authorizationProviders.map((p) => PROVIDER_TEXT[p]).join(', ') : 'None requested'}</dd>
      {op.desc && (
        <>
          <dt>Description</dt>
          <dd>{op.desc}</dd>
        </>
      )}
      <dt>Created</dt>
      <dd>
        {formatInstant(op.createdDate, op.timezone)} by {pilotLabel(op.createdBy, meId, names).replace('Pilot ', 'user ')}
      </dd>
      {op.callbackUrl && (
        <>
          <dt>Callback</dt>
          <dd>
            <code>{op.callbackUrl}</code>
          </dd>
        </>
      )}
    </dl>
  );
}
