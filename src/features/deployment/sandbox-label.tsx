import { Link } from 'react-router-dom';
import type { Status } from '../../../server/contract/system';
import { useDataStatus } from '../briefing/api/get-data-status';
import './deployment.css';

/** What the label says for this deployment; null on a production deployment with FAA data. */
export function sandboxLabelText(status: Pick<Status, 'profile' | 'dataset'>): string | null {
  if (status.dataset.kind === 'sandbox') return 'Sandbox: airspace outside the real FAA files is generated for testing. Not for flight.';
  if (status.profile === 'sandbox') return 'Sandbox: FAA airspace, but demo accounts and a simulated FAA answer LAANC requests. Not for flight.';
  return null;
}

/**
 * On every page of a sandbox deployment: a pilot must never take generated airspace, or a simulated
 * approval, for the real thing. Until the service has answered, nothing is claimed either way.
 */
export function SandboxLabel() {
  const status = useDataStatus();
  const text = status.data ? sandboxLabelText(status.data) : null;
  if (!text) return null;
  return (
    <p className="sandbox-label" data-testid="sandbox-label">
      <strong>{text}</strong> <Link to="/data-import">How to import FAA data</Link>
    </p>
  );
}
