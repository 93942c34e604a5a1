import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-error';
import type { Session } from '../../../../server/contract/auth';
import { useSignIn } from '../api/sign-in';

interface Props {
  onSignedIn: (session: Session) => void;
}

export function SignInForm({ onSignedIn }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate({ email: email.trim(), password }, { onSuccess: onSignedIn });
  };

  const failed = signIn.isError;
  return (
    <form className="stack" onSubmit={submit} aria-describedby={failed ? errorId : undefined} noValidate>
      {failed && (
        <p id={errorId} role="alert" className="alert alert-error" data-testid="sign-in:error">
          {errorMessage(signIn.error)}
        </p>
      )}
      <label className="field">
        <span>Email</span>
        <input
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={failed || undefined}
        />
      </label>
      <label className="field">
        <span>Password</span>
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={failed || undefined}
        />
      </label>
      <button type="submit" className="button button-primary" disabled={signIn.isPending || !email || !password}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
