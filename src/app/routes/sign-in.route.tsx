import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { DEMO_ACCOUNTS } from '../../../server/contract/demo-accounts';
import { SignInForm } from '../../features/account/components/sign-in-form';
import { useDataStatus } from '../../features/briefing/api/get-data-status';
import { safeNext } from '../sign-in-path';

const ROLE_TEXT: Record<string, string> = { pilot: 'pilot', operator: 'operator', faa: 'sandbox FAA (decides further coordination)' };

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get('next');
  const next = safeNext(asked);
  const status = useDataStatus();
  return (
    <main className="page page-narrow" id="main">
      <h1>Sign in</h1>
      {next !== '/plan' && <p className="muted">You will return to the page you came from after signing in.</p>}
      <SignInForm
        onSignedIn={(session) =>
          // The FAA account has no flights to plan: without a page to return to, it starts at its console.
          navigate(!asked && session.user.roles.includes('faa') ? '/sandbox' : next, { replace: true })
        }
      />
      {status.data?.profile === 'sandbox' && (
        <p className="small" data-testid="sign-in:sign-up">
          New here? <Link to="/sign-up">Create an account</Link> with an organization of your own (sandbox).
        </p>
      )}
      {status.data?.profile === 'sandbox' && (
        <section className="stack-tight" aria-labelledby="demo-accounts" data-testid="sign-in:demo-accounts">
          <h2 id="demo-accounts">Demo accounts (sandbox only)</h2>
          <ul className="small demo-list" data-testid="sign-in:demo-list">
            {DEMO_ACCOUNTS.map((a) => (
              <li key={a.email}>
                <code>{a.email}</code>, password <code>{a.password}</code>: {a.roles.map((r) => ROLE_TEXT[r] ?? r).join(' and ')}
                {a.organization ? `, ${a.organization}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
