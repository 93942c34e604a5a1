/**
 * Routes. Each page is a route module under routes/ exporting `Component`; the plan page is loaded
 * lazily because it carries MapLibre, which the sign-in page does not need.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { meQueryOptions } from '../features/account/api/get-me';
import { Layout } from './layout';
import { RouteError } from './route-error';

export function routes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <Layout />,
      errorElement: <RouteError />,
      // Shown while the first page's code loads (route modules are lazy).
      hydrateFallbackElement: <p className="page muted">Loading…</p>,
      children: [
        { index: true, element: <Navigate to="/plan" replace /> },
        { path: 'plan', lazy: () => import('./routes/plan.route') },
        { path: 'plan/operations/:id/claim', lazy: () => import('./routes/claim.route') },
        { path: 'operations', lazy: () => import('./routes/operations.route') },
        { path: 'operations/:id', lazy: () => import('./routes/operation.route') },
        { path: 'review', lazy: () => import('./routes/review.route') },
        { path: 'sandbox', lazy: () => import('./routes/sandbox.route') },
        { path: 'settings', lazy: () => import('./routes/settings.route') },
        { path: 'profile', lazy: () => import('./routes/profile.route') },
        { path: 'sign-in', lazy: () => import('./routes/sign-in.route') },
        { path: 'sign-up', lazy: () => import('./routes/sign-up.route') },
        { path: 'invite', lazy: () => import('./routes/invite.route') },
        { path: 'members', lazy: () => import('./routes/members.route') },
        { path: 'data-import', lazy: () => import('./routes/data-import.route') },
        { path: '*', lazy: () => import('./routes/not-found.route') },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  // Who is signed in decides the nav: start asking before the first page renders. (Not a route
  // loader: a loader on the root makes the first render wait for it.)
  void queryClient.prefetchQuery(meQueryOptions());
  return createBrowserRouter(routes());
}
