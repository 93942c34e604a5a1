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
      {(op) => <LaancSection operation={op} me={me} fixedAltitudeDefault={state?.fixedAltitude} onHighlight={setHighlight} />}
    </OperationPage>
  );
}

