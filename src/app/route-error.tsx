import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

// What browsers and Vite say when a page's code or its CSS cannot be fetched: the service is down,
// the connection dropped, or a deploy replaced the files since the portal was opened.
const CODE_NOT_LOADED = [/dynamically imported module/i, /unable to preload css/i, /importing a module script failed/i, /loading (css )?chunk/i];

export function isCodeNotLoaded(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return CODE_NOT_LOADED.some((p) => p.test(message));
}

/** Shown when a route fails to load or render (the service out of reach, a stale chunk after a deploy, a bug). */
export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unknown error';
  const notLoaded = isCodeNotLoaded(error);
  return (
    <main className="page page-narrow" id="main">
      <h1>This page could not be shown</h1>
      {notLoaded ? (
        <div role="alert" className="alert alert-error">
          <p>
            The page could not be loaded: the service could not be reached, or it was updated since you opened
            the portal. Check your connection and reload the page.
          </p>
          <p className="muted small">{message}</p>
        </div>
      ) : (
        <p role="alert" className="alert alert-error">{message}</p>
      )}
      <p>
        <a href={window.location.href}>Reload the page</a> or go to <Link to="/plan">the plan page</Link>.
      </p>
    </main>
  );
}

interface BoundaryState {
  error: unknown;
  /** The location the error happened at: going elsewhere tries again. */
  at: string | null;
}

class Boundary extends Component<{ at: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, at: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { at: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return state.at === props.at ? null : { at: props.at };
    // The error was caught at state.at (set on the render that threw); another page clears it.
    return state.at === props.at ? null : { error: null, at: props.at };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** What a data router's errorElement did: a page (or its code) that throws shows RouteError until the pilot goes elsewhere. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary at={pathname}>{children}</Boundary>;
}
