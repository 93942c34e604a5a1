/**
 * The three states every page that loads data shows before its content: loading (a skeleton that
 * says what it waits for), failed (the service's message and a retry), empty (what to do next).
 */
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error';
import './components.css';

export function LoadingState({ label, rows = 3, testId }: { label: string; rows?: number; testId?: string }) {
  return (
    <div className="state-loading" aria-busy="true" data-testid={testId}>
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <div className="state-bar wide" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="state-bar" />
      ))}
    </div>
  );
}

export function ErrorState({ title, error, onRetry, testId }: { title: string; error: unknown; onRetry?: () => void; testId?: string }) {
  return (
    <div role="alert" className="alert alert-error" data-testid={testId}>
      <p>
        <strong>{title}</strong> {errorMessage(error)}
      </p>
      {onRetry && (
        <button type="button" className="button button-small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="state-empty" data-testid={testId}>
      <p className="state-empty-title">{title}</p>
      {children}
    </div>
  );
}

/** A tone-coloured label; the words carry the meaning, the colour only repeats it. */
export function Pill({ tone, children, testId, value }: { tone: string; children: ReactNode; testId?: string; value?: string }) {
  return (
    <span className={`pill tone-${tone}`} data-testid={testId} data-value={value}>
      {children}
    </span>
  );
}
