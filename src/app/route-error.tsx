import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** Shown when a route fails to load or render (a stale chunk after a deploy, a bug). */
export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <main className="page page-narrow" id="main">
      <h1>This page could not be shown</h1>
      <p role="alert" className="alert alert-error">{message}</p>
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
