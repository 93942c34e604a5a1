import { useNavigate, useSearchParams } from 'react-router-dom';
import { SignInForm } from '../../features/account/components/sign-in-form';
import { safeNext } from '../sign-in-path';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  return (
    <main className="page page-narrow" id="main">
      <h1>Sign in</h1>
      {next !== '/plan' && <p className="muted">You will return to the page you came from after signing in.</p>}
      <SignInForm onSignedIn={() => navigate(next, { replace: true })} />
    </main>
  );
}
