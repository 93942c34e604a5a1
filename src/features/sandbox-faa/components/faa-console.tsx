import { Link } from 'react-router-dom';
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
  return (
    <main className="page page-wide" id="main">
      <div className="page-head">
        <h1>FAA console (sandbox)</h1>
      </div>
      <p className="muted">Decisions here reach the pilots at once, with your reason, and trigger their callbacks.</p>
      <div className="faa-layout">
        <DecisionList heading="Further coordination waiting" status="STATUS_PENDING" decisions={['approve', 'deny']} empty="No requests waiting" testId="faa:pending" />
        <DecisionList heading="Approved" status="STATUS_APPROVED" decisions={['rescind', 'invalidate']} empty="No approved authorizations" testId="faa:approved" />
        <TfrForm />
      </div>
    </main>
  );
}
