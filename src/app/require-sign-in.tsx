import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useMe } from '../features/account/api/get-me';
import { useSettings } from '../lib/settings';
import { signInPath } from './sign-in-path';

/** Pages that act for a person: send them to sign in first, and back here afterwards. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const me = useMe();
  const { remote } = useSettings();
  const location = useLocation();
  // With another deployment the bearer token speaks for the client; there is no person to sign in.
  if (remote) return <>{children}</>;
  if (me.isPending) return <p className="page muted" aria-busy="true">Checking who is signed in…</p>;
  if (!me.data) return <Navigate to={signInPath(location)} replace />;
  return <>{children}</>;
}
