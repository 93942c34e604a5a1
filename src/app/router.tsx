/**
 * Routes. Each page is a route module under routes/ exporting `Component`, loaded lazily: the plan page
 * carries MapLibre, which the sign-in page does not need, and no page loads another's code.
 *
 * Declarative routes (<Routes>), not a data router (createBrowserRouter): the portal uses no loaders or
 * actions, and the data router is ~16 KB gzip more on every first load (docs/portal-delivery.md).
 */
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Layout } from './layout';
import { loadPlanPage } from './first-page';
import { lazyPage as page } from './lazy-page';
import { RouteErrorBoundary } from './route-error';

const PAGES = {
  plan: page(loadPlanPage),
  claim: page(() => import('./routes/claim.route')),
  operations: page(() => import('./routes/operations.route')),
  operation: page(() => import('./routes/operation.route')),
  review: page(() => import('./routes/review.route')),
  sandbox: page(() => import('./routes/sandbox.route')),
  settings: page(() => import('./routes/settings.route')),
  profile: page(() => import('./routes/profile.route')),
  signIn: page(() => import('./routes/sign-in.route')),
  signUp: page(() => import('./routes/sign-up.route')),
  invite: page(() => import('./routes/invite.route')),
  members: page(() => import('./routes/members.route')),
  dataImport: page(() => import('./routes/data-import.route')),
  notFound: page(() => import('./routes/not-found.route')),
};

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      {/* Shown while the first page's code loads; later navigations keep the old page until the new one is ready. */}
      <Suspense fallback={<p className="page muted">Loading…</p>}>
        <Routes>
          <Route path="/" element={<Layout />}>
            <Route index element={<Navigate to="/plan" replace />} />
            <Route path="plan" element={<PAGES.plan />} />
            <Route path="plan/operations/:id/claim" element={<PAGES.claim />} />
            <Route path="operations" element={<PAGES.operations />} />
            <Route path="operations/:id" element={<PAGES.operation />} />
            <Route path="review" element={<PAGES.review />} />
            <Route path="sandbox" element={<PAGES.sandbox />} />
            <Route path="settings" element={<PAGES.settings />} />
            <Route path="profile" element={<PAGES.profile />} />
            <Route path="sign-in" element={<PAGES.signIn />} />
            <Route path="sign-up" element={<PAGES.signUp />} />
            <Route path="invite" element={<PAGES.invite />} />
            <Route path="members" element={<PAGES.members />} />
            <Route path="data-import" element={<PAGES.dataImport />} />
            <Route path="*" element={<PAGES.notFound />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
