import { useState, type FormEvent } from 'react';
import type { Session } from '../../../../server/contract/auth';
import { errorMessage } from '../../../lib/api-error';
import { useSignUp } from '../api/sign-up';
import { AccountFields, accountProblems, EMPTY_ACCOUNT, toAccount } from './account-fields';

/** Sandbox sign-up: the person and the organization they start, of which they become the operator. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (s: Session) => void }) {
  const [account, setAccount] = useState(EMPTY_ACCOUNT);
  const [organizationName, setOrganizationName] = useState('');
  const [tried, setTried] = useState(false);
  const signUp = useSignUp();
  const orgProblem = tried && organizationName.trim().length < 2 ? 'Enter the name of your organization (at least 2 characters).' : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(accountProblems(account)).length || organizationName.trim().length < 2) return;
    signUp.mutate({ ...toAccount(account), organizationName: organizationName.trim() }, { onSuccess: onSignedUp });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="sign-up:form">
      <AccountFields value={account} onChange={(d) => { setAccount(d); signUp.reset(); }} showProblems={tried} testIdPrefix="sign-up" />
      <label className="field">
        <span>Organization</span>
        <input
          type="text"
          name="organization"
          autoComplete="organization"
          required
          value={organizationName}
          aria-invalid={orgProblem ? true : undefined}
          aria-describedby="sign-up-org-hint"
          onChange={(e) => {
            setOrganizationName(e.target.value);
            signUp.reset();
          }}
          data-testid="sign-up:organization"
        />
        <span id="sign-up-org-hint" className={orgProblem ? 'error-text small' : 'muted small'}>
          {orgProblem ?? 'A new organization, yours to run: you can invite pilots to it.'}
        </span>
      </label>
      {signUp.isError && (
        <p role="alert" className="alert alert-error" data-testid="sign-up:error">
          {errorMessage(signUp.error)}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={signUp.isPending} data-testid="sign-up:submit">
        {signUp.isPending ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
