import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { InvitePreview } from '../../../../server/contract/organization';
import { ErrorState, LoadingState } from '../../../components/load-states';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useMe } from '../../account/api/get-me';
import { useSignOut } from '../../account/api/sign-out';
import { AccountFields, accountProblems, EMPTY_ACCOUNT, toAccount } from '../../signup/components/account-fields';
import { useInvitePreview, useJoinWithInvite, useSignUpWithInvite } from '../api/invite';

const ROLE_TEXT = { pilot: 'a pilot', operator: 'an operator (plans, flies and manages its people)' } as const;

/** The token of an invite link is its URL fragment (/invite#<token>): browsers never send it to a server. */
export function tokenFromHash(hash: string): string | null {
  const t = hash.replace(/^#/, '').trim();
  return /^[A-Za-z0-9_-]{43}$/.test(t) ? t : null;
}

export function InvitePage({ hash }: { hash: string }) {
  const token = tokenFromHash(hash);
  const preview = useInvitePreview(token);
  if (!token) {
    return (
      <p role="alert" className="alert alert-error" data-testid="invite:bad-link">
        This page needs the whole invite link, as the operator sent it (it ends with # and 43 letters and digits).
      </p>
    );
  }
  if (preview.isError) {
    const spent = preview.error instanceof ApiError && (preview.error.status === 404 || preview.error.status === 410);
    return spent ? (
      <p role="alert" className="alert alert-error" data-testid="invite:spent">
        {errorMessage(preview.error)}
      </p>
    ) : (
      <ErrorState title="The invite could not be checked." error={preview.error} onRetry={() => void preview.refetch()} testId="invite:error" />
    );
  }
  if (!preview.data) return <LoadingState label="Checking the invite…" testId="invite:loading" />;
  return (
    <div className="stack">
      <p data-testid="invite:summary">
        <strong>{preview.data.invitedBy}</strong> invites you to join <strong>{preview.data.organization}</strong> as {ROLE_TEXT[preview.data.role]}.
      </p>
      <p className="muted small">
        The link works once, until {new Date(preview.data.expiresAt).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })}.
      </p>
      <Accept token={token} invite={preview.data} />
    </div>
  );
}

function Accept({ token, invite }: { token: string; invite: InvitePreview }) {
  const me = useMe();
  const signOut = useSignOut();
  const join = useJoinWithInvite();
  const navigate = useNavigate();
  const user = me.data?.user;
  if (me.isPending) return null;
  if (!user) return <SignUp token={token} organization={invite.organization} />;
  if (user.organization || user.roles.includes('faa')) {
    // One organization per person (docs/auth.md): say so before they try.
    return (
      <div className="stack-tight" data-testid="invite:member-elsewhere">
        <p>
          You are signed in as {user.name}
          {user.organization ? `, a member of ${user.organization.name}` : ', the sandbox FAA'}. A person belongs to one organization: to accept, sign out and sign
          up with this link under another email.
        </p>
        <div className="toolbar">
          <button type="button" className="button" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign out
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="stack-tight">
      {join.isError && (
        <p role="alert" className="alert alert-error">
          {errorMessage(join.error)}
        </p>
      )}
      <div className="toolbar">
        <button type="button" className="button button-primary" disabled={join.isPending} onClick={() => join.mutate(token, { onSuccess: () => navigate('/plan', { replace: true }) })} data-testid="invite:join">
          Join {invite.organization}
        </button>
      </div>
    </div>
  );
}

function SignUp({ token, organization }: { token: string; organization: string }) {
  const [account, setAccount] = useState(EMPTY_ACCOUNT);
  const [tried, setTried] = useState(false);
  const signUp = useSignUpWithInvite();
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(accountProblems(account)).length) return;
    // replace: the invite link leaves the history once it is spent.
    signUp.mutate({ token, ...toAccount(account) }, { onSuccess: () => navigate('/plan', { replace: true }) });
  };
  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="invite:form" aria-labelledby="invite-sign-up">
      <h2 id="invite-sign-up">Create your account</h2>
      <AccountFields
        value={account}
        onChange={(d) => {
          setAccount(d);
          signUp.reset();
        }}
        showProblems={tried}
        testIdPrefix="invite"
      />
      {signUp.isError && (
        <p role="alert" className="alert alert-error" data-testid="invite:sign-up-error">
          {errorMessage(signUp.error)}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={signUp.isPending} data-testid="invite:submit">
        {signUp.isPending ? 'Creating your account…' : `Join ${organization}`}
      </button>
    </form>
  );
}
