import { Component, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { codeState, isCodeNotLoaded, reloadOnceFor, reloadOnceHere, runningEntry } from '../lib/code-recovery';
import { retryFailedPages } from './lazy-page';

/**
 * How often the page asks whether the service is back: soon, then less often (ms); and how it reloads
 * (tests replace it).
 */
export const RECOVERY = { firstDelayMs: 1000, maxDelayMs: 15_000, reload: () => window.location.reload() };

/** Fetching the code again on its own stops after this many tries at one place: then the pilot decides. */
const AUTO_RETRIES = 3;

type Phase = 'checking' | 'waiting' | 'updated' | 'failed';

/**
 * While a page's code cannot be fetched: asks the service for its index page until it answers, then fetches
 * the code again (`retry`), or reloads once when a new deploy replaced the files (docs/portal.md).
 */
function useRecovery(active: boolean, autoRetry: boolean, retry: () => void): Phase {
  const [phase, setPhase] = useState<Phase>('checking');
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: number | undefined;
    let delay = RECOVERY.firstDelayMs;
    const check = async () => {
      window.clearTimeout(timer);
      const { state, entry } = await codeState(runningEntry());
      if (stopped) return;
      if (state === 'replaced' && entry !== null) {
        if (!reloadOnceFor(entry, sessionStorage, RECOVERY.reload)) setPhase('updated');
      } else if (state === 'same') {
        if (autoRetry) retry();
        // Fetching again did not help while the service answers: the browser keeps a failed chunk for the
        // document's life (lazy-page.tsx). A new document fetches it: reload once for this page, then say so.
        else if (entry === null || !reloadOnceHere(entry, RECOVERY.reload)) setPhase('failed');
      } else {
        setPhase('waiting');
        timer = window.setTimeout(() => void check(), delay);
        delay = Math.min(delay * 2, RECOVERY.maxDelayMs);
      }
    };
    const online = () => void check();
    void check();
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [active, autoRetry, retry]);
  return phase;
}

const PHASE_TEXT: Record<Phase, string> = {
  checking: 'The page could not be loaded: the service could not be reached, or it was updated since you opened the portal.',
  waiting: 'The page could not be loaded: the service cannot be reached. It loads on its own as soon as the service answers again.',
  updated: 'The portal was updated since you opened it, and this page’s code is no longer there. Reload the page to get the new version.',
  failed: 'The page could not be loaded, although the service answers. Try again, or reload the page.',
};

interface Props {
  error: unknown;
  /** Renders the page again, fetching its code again when that failed. */
  onRetry?: () => void;
  /** Whether the page may fetch its code again on its own once the service answers. */
  autoRetry?: boolean;
}

/** Shown when a route fails to load or render (the service out of reach, a stale chunk after a deploy, a bug). */
export function RouteError({ error, onRetry, autoRetry = false }: Props) {
  const message = error instanceof Error ? error.message : 'Unknown error';
  const notLoaded = isCodeNotLoaded(error);
  const phase = useRecovery(notLoaded && onRetry !== undefined, autoRetry, onRetry ?? noop);
  return (
    <main className="page page-narrow" id="main" data-testid="route-error" data-phase={notLoaded ? phase : undefined}>
      <h1>This page could not be shown</h1>
      {notLoaded ? (
        <div role="alert" className="alert alert-error">
          <p>{PHASE_TEXT[phase]}</p>
          <p className="muted small">{message}</p>
        </div>
      ) : (
        <p role="alert" className="alert alert-error">{message}</p>
      )}
      <p className="actions">
        {onRetry && phase !== 'updated' && (
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        )}{' '}
        <button type="button" className={phase === 'updated' ? 'button' : 'button button-quiet'} onClick={() => window.location.reload()}>
          Reload the page
        </button>{' '}
        or go to <Link to="/plan">the plan page</Link>.
      </p>
    </main>
  );
}

function noop() {}

interface BoundaryState {
  error: unknown;
  /** The location the error happened at: going elsewhere tries again. */
  at: string | null;
  /** How many times the page was tried again here. */
  retries: number;
}

class Boundary extends Component<{ at: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, at: null, retries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { at: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.at === props.at) return null;
    // Another page: the error (caught at state.at) is cleared, and so are the tries.
    return { error: null, at: props.at, retries: 0 };
  }

  /** Stable, so the recovery effect does not start over on each render. */
  private readonly retry = () => {
    retryFailedPages();
    this.setState((s) => ({ error: null, retries: s.retries + 1 }));
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    return <RouteError error={this.state.error} onRetry={this.retry} autoRetry={this.state.retries < AUTO_RETRIES} />;
  }
}

/** What a data router's errorElement did: a page (or its code) that throws shows RouteError until the pilot goes elsewhere. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary at={pathname}>{children}</Boundary>;
}
