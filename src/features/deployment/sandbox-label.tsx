import { useSyncExternalStore } from 'react';
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

/** Once a person has read the label (its OK), it shrinks to a badge in the top bar: never hidden. */
export const SANDBOX_READ_KEY = 'skyplan:sandbox-label:read';
const listeners = new Set<() => void>();
function readState(): boolean {
  try {
    return localStorage.getItem(SANDBOX_READ_KEY) === '1';
  } catch {
    return false;
  }
}
let read = readState();
function markRead(): void {
  read = true;
  try {
    localStorage.setItem(SANDBOX_READ_KEY, '1');
  } catch {
    // Storage refused: read for this visit.
  }
  for (const l of listeners) l();
}
/** Tests only: the label is unread again. */
export function resetSandboxRead(): void {
  read = readState();
  for (const l of listeners) l();
}
function useRead(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => read,
    () => read,
  );
}

/**
 * On every page of a sandbox deployment: a pilot must never take generated airspace, or a simulated
 * approval, for the real thing. Until the service has answered, nothing is claimed either way. Once
 * read, the line gives way to SandboxBadge in the top bar (on a phone it took two lines of the map).
 */
export function SandboxLabel() {
  const status = useDataStatus();
  const isRead = useRead();
  const text = status.data ? sandboxLabelText(status.data) : null;
  if (!text || isRead) return null;
  return (
    <p className="sandbox-label" data-testid="sandbox-label">
      <strong>{text}</strong> <Link to="/data-import">How to import FAA data</Link>{' '}
      <button type="button" className="button button-small sandbox-label-ok" onClick={markRead}>
        OK
      </button>
    </p>
  );
}

/** The read label, kept as a badge beside the brand: the same words for screen readers and on hover. */
export function SandboxBadge() {
  const status = useDataStatus();
  const isRead = useRead();
  const text = status.data ? sandboxLabelText(status.data) : null;
  if (!text || !isRead) return null;
  return (
    <Link to="/data-import" className="sandbox-badge" data-testid="sandbox-badge" title={`${text} How to import FAA data.`}>
      Sandbox<span className="visually-hidden">: {text} How to import FAA data.</span>
    </Link>
  );
}
