import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DisplayMap } from '../../../map/display-map';
import type { DisplayShape } from '../../../map/operation-layers';
import { STATUS_TEXT } from '../../laanc/laanc-text';
import { useSandboxAuthorizations } from '../api/list-sandbox-authorizations';
import { DecisionList } from './decision-list';
import { TfrForm } from './tfr-form';
import '../sandbox.css';

/** /sandbox: in the sandbox nobody at the FAA answers, so a person with role faa plays it (domain.md). */
export function FaaConsole({ isFaa }: { isFaa: boolean }) {
  if (!isFaa) {
    return (
      <main className="page page-narrow" id="main">
        <h1>FAA console (sandbox)</h1>
        <p data-testid="faa:not-faa">
          This console is for the sandbox FAA (sign in as faa@sandbox.example). Pilots and operators follow their requests on <Link to="/operations">their operations</Link>.
        </p>
      </main>
    );
  }
  return <Console />;
}

function Console() {
  const [selected, setSelected] = useState<string | null>(null);
  // The same queries the lists read (one request each, shared through the cache).
  const pending = useSandboxAuthorizations('STATUS_PENDING').data?.authorizations;
  const approved = useSandboxAuthorizations('STATUS_APPROVED').data?.authorizations;
  const all = useMemo(() => [...(pending ?? []), ...(approved ?? [])], [pending, approved]);
  const highlight = all.find((i) => i.authorization.id === selected)?.authorization.geom ?? null;
  const shapes = useMemo<DisplayShape[]>(
    () =>
      all.map(({ authorization: a }) => ({
        id: a.id,
        kind: 'operation',
        tone: STATUS_TEXT[a.status].tone,
        geometry: a.geom,
      })),
    [all],
  );
  return (
    <main className="page page-wide" id="main">
      <div className="page-head">
        <h1>FAA console (sandbox)</h1>
      </div>
      <p className="muted">Decisions here reach the pilots at once, with your reason, and trigger their callbacks.</p>
      <div className="map-frame faa-map" data-testid="faa:map">
        <DisplayMap
          shapes={shapes}
          selectedId={selected}
          highlight={highlight}
          onSelect={setSelected}
          label="Map of the requests: further coordination waiting in amber, approved in green. Each is also in the lists below."
        />
      </div>
      <div className="faa-layout">
        <DecisionList heading="Further coordination waiting" status="STATUS_PENDING" decisions={['approve', 'deny']} empty="No requests waiting" testId="faa:pending" selectedId={selected} onSelect={setSelected} />
        <DecisionList heading="Approved" status="STATUS_APPROVED" decisions={['rescind', 'invalidate']} empty="No approved authorizations" testId="faa:approved" selectedId={selected} onSelect={setSelected} />
        <TfrForm />
      </div>
    </main>
  );
}
