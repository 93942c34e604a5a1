/**
 * /operations/:id composes the operation page (features/operation) with its LAANC section
 * (features/laanc), the LAANC shapes on its map, and the facility-map ceilings from the area briefing
 * (features/briefing) beside the candidates.
 */
import { useQuery } from '@tanstack/react-query';
import type { Geometry } from 'geojson';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { PlatformOperation } from '../../../server/contract/operations';
import { useMe } from '../../features/account/api/get-me';
import type { ClaimedState } from '../../features/claim/claimed-state';
import { areaBriefingQueryOptions } from '../../features/briefing/api/get-area-briefing';
import { useLaancOperation } from '../../features/laanc/api/get-laanc-operation';
import { LaancSection } from '../../features/laanc/components/laanc-section';
import { ceilingsFromNotices, changeLock, laancShapes } from '../../features/laanc/laanc-shapes';
import { OperationPage } from '../../features/operation/components/operation-page';
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
  return (
    <OperationPage
      key={id}
      id={id}
      meId={user?.id ?? null}
      shapes={shapes}
      highlight={highlight}
      lock={changeLock(laanc.data)}
      notice={state?.claimed ? `You claimed “${state.claimed}”. It is now one of your operations: start the LAANC request below where the area needs one.` : null}
    >
      {(op) => <LaancWithCeilings op={op} me={me} fixedAltitude={state?.fixedAltitude} hasCandidates={!!laanc.data?.operation.candidates.length} onHighlight={setHighlight} />}
    </OperationPage>
  );
}

interface LaancProps {
  op: PlatformOperation;
  me: { id: string; name: string; email: string } | null;
  fixedAltitude: boolean | undefined;
  hasCandidates: boolean;
  onHighlight(g: Geometry | null): void;
}

function LaancWithCeilings({ op, me, fixedAltitude, hasCandidates, onHighlight }: LaancProps) {
  const input = useMemo(
    () => ({ boundary: op.boundary, startTime: op.startTime, endTime: op.endTime, maxAltitude: Math.min(400, Math.max(0, op.maxAltitude)) }),
    [op.boundary, op.startTime, op.endTime, op.maxAltitude],
  );
  // Only the candidates show ceilings; without them the briefing is not asked for.
  const briefing = useQuery({ ...areaBriefingQueryOptions(input), enabled: hasCandidates });
  const ceilings = useMemo(() => ceilingsFromNotices(briefing.data?.notices ?? []), [briefing.data]);
  return <LaancSection operation={op} me={me} fixedAltitudeDefault={fixedAltitude} ceilings={ceilings} onHighlight={onHighlight} />;
}
