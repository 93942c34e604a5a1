import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useMe } from '../features/account/api/get-me';
import { useSignOut } from '../features/account/api/sign-out';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { SandboxBadge, SandboxLabel } from '../features/deployment/sandbox-label';
import { useSettings } from '../lib/settings';
import { useApplyTheme } from '../lib/theme';
import { useFollowAuthorizationEvents } from './follow-authorization-events';
import { RouteErrorBoundary } from './route-error';
import { signInPath } from './sign-in-path';

/**
 * `reviewer`: only shown to whom the page serves: an operator (the organization's queue), the sandbox
 * FAA, or an API client. A plain pilot follows their own authorizations on Operations and the bell.
 */
const NAV = [
  { to: '/plan', label: 'Plan', reviewer: false },
  { to: '/operations', label: 'Operations', reviewer: false },
  { to: '/review', label: 'Review', reviewer: true },
  { to: '/settings', label: 'Settings', reviewer: false },
];

export function Layout() {
  useApplyTheme();
  const me = useMe();
  const { remote } = useSettings();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const user = me.data?.user;
  const isFaa = user?.roles.includes('faa') ?? false;
  const isOperator = user?.roles.includes('operator') ?? false;
  const reviewer = !!remote || isOperator || isFaa;
  // The bell's events, for everyone it is shown to: a change there reaches every list on screen.
  useFollowAuthorizationEvents(!remote && !!user && !isFaa);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="topbar">
        <Link to="/plan" className="brand" aria-label="SkyPlan, plan a flight">
          <svg aria-hidden="true" viewBox="0 0 32 32" width="22" height="22">
            <path d="M6 22 16 6l10 16-10-4z" fill="currentColor" />
          </svg>
          SkyPlan
        </Link>
        <SandboxBadge />
        <nav aria-label="Main" className="nav">
          {NAV.filter((n) => !n.reviewer || reviewer).map((n) => (
            <NavLink key={n.to} to={n.to} end={n.to !== '/plan'}>
              {n.label}
            </NavLink>
          ))}
          {/* Members: the organization's people and its invites, which its operators manage. */}
          {user?.organization && isOperator && <NavLink to="/members">Members</NavLink>}
          {isFaa && <NavLink to="/sandbox">FAA console</NavLink>}
        </nav>
        <div className="account" data-testid="account">
          {remote ? (
            <span className="muted" title={`Client ${remote.clientId}`}>
              API client · {hostOf(remote.baseUrl)}
            </span>
          ) : user ? (
            <>
              {!isFaa && <NotificationBell userId={user.id} />}
              {/* On a phone the line shows the first name (data-short): the whole name was cut to "Olivia Oper…". */}
              <Link className="account-name" to="/profile" title="Your pilot profile" data-testid="account:name" data-short={firstName(user.name)}>
                <span className="account-name-full">{user.name}</span>
              </Link>
              <button
                type="button"
                className="button button-small"
                disabled={signOut.isPending}
                onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/plan') })}
              >
                Sign out
              </button>
            </>
          ) : me.isPending ? null : (
            <Link className="button button-small" to={signInPath(location)}>
              Sign in
            </Link>
          )}
        </div>
      </header>
      <SandboxLabel />
      {/* Inside the layout: a page that cannot load (the service out of reach) keeps the navigation. */}
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The first word of a person's name, for the top bar on a phone. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}
