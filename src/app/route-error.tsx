import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** Shown when a route fails to load or render (a stale chunk after a deploy, a bug). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Unknown error';
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
