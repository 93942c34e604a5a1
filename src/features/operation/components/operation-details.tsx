import type { PlatformOperation } from '../../../../server/contract/operations';
import type { OperationAirspace } from './operation-page';
import { useMemberNames } from '../../operations/api/get-members';
import { durationText, formatInstant, formatWindow, sameClocks } from '../../../components/time-window';
import { useAreaZone } from '../../../lib/use-area-zone';
import { altitudeRange, FLIGHT_TYPE_TEXT, pilotLabel } from '../../operations/operation-text';

const PROVIDER_TEXT: Record<string, string> = { APPROVAL_PROVIDER_LAANC: 'LAANC', APPROVAL_PROVIDER_ASTM_UTM: 'ASTM UTM', APPROVAL_PROVIDER_UNSPECIFIED: 'Unspecified' };

export function OperationDetails({ op, meId, airspace = null }: { op: PlatformOperation; meId: string | null; airspace?: OperationAirspace | null }) {
  const names = useMemberNames();
  // An operation created through the API carries the zone its client gave, unchecked against the area:
  // when the area's clocks read the window differently, both zones are named (docs/portal.md, "Times").
  const areaZone = useAreaZone(op.boundary);
  const differs = areaZone !== null && !sameClocks(op.startTime, op.endTime, areaZone, op.timezone);
  return (
    <dl className="facts" data-testid="operation:details">
      <dt>When</dt>
      <dd data-testid="operation:when">
        {formatWindow(op.startTime, op.endTime, op.timezone)} ({durationText(op.startTime, op.endTime)})
      </dd>
      <dt>Time zone</dt>
      <dd>
        {op.timezone}
        {differs && (
          <span className="zone-line small zone-differs" role="note" data-testid="operation:area-zone">
            The times here are in {op.timezone}, the zone the operation was created with. The area is in {areaZone}, where the flight is{' '}
            {formatWindow(op.startTime, op.endTime, areaZone)}.
          </span>
        )}
      </dd>
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
      <dt>Airspace</dt>
      <dd data-testid="operation:airspace">{airspace ? `${airspace.statusLabel}: ${airspace.channel}` : 'Checking…'}</dd>
      <dt>Requested through</dt>
      <dd data-testid="operation:providers">
        {op.authorizationProviders.length ? op.authorizationProviders.map((p) => PROVIDER_TEXT[p]).join(', ') : 'None requested'}
        {airspace?.laancRefusal && op.authorizationProviders.includes('APPROVAL_PROVIDER_LAANC') ? ' (LAANC cannot authorize this area)' : ''}
      </dd>
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
