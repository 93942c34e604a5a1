import { Link, useNavigate } from 'react-router-dom';
import { useDataStatus } from '../../features/briefing/api/get-data-status';
import { SignUpForm } from '../../features/signup/components/sign-up-form';

/** Sandbox only (docs/auth.md "Sign-up"): elsewhere the page says that accounts come by invite. */
export function Component() {
  const status = useDataStatus();
  const navigate = useNavigate();
  const sandbox = status.data?.profile === 'sandbox';
  return (
    <main className="page page-narrow" id="main">
      <h1>Create an account</h1>
      {status.isPending ? null : sandbox ? (
        <>
          <p className="muted">This is the sandbox: anyone can make an account here, with an organization of their own. Nothing you plan here is sent to the FAA.</p>
          <SignUpForm onSignedUp={() => navigate('/plan', { replace: true })} />
        </>
      ) : (
        <p data-testid="sign-up:closed">Accounts on this deployment come by invite: ask an operator of your organization for an invite link.</p>
      )}
      <p className="small">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </main>
  );
}
