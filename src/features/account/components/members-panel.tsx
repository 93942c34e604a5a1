/**
 * The organization's people, and for its operators the invites: create a link (shown once, to copy),
 * list the pending ones, revoke. docs/auth.md "Invites".
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '../../../../server/contract/auth';
import type { InviteCreated, InviteRole } from '../../../../server/contract/organization';
import { INVITE_DEFAULT_DAYS } from '../../../../server/contract/organization';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states';
import { errorMessage } from '../../../lib/api-error';
import { membersQueryOptions } from '../../operations/api/get-members';
import { useCreateInvite, useInvites, useRevokeInvite } from '../api/invites';
import './members.css';

const ROLE_NAMES: Record<string, string> = { pilot: 'pilot', operator: 'operator', faa: 'sandbox FAA' };
const INVITE_LABEL: Record<InviteRole, string> = { pilot: 'Pilot invite', operator: 'Operator invite' };
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

export function MembersPanel({ user }: { user: User }) {
  const members = useQuery(membersQueryOptions());
  const isOperator = user.roles.includes('operator') && !!user.organization;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="members-people">
        <h2 id="members-people">People of {user.organization?.name ?? 'your organization'}</h2>
        {members.isError ? (
          <ErrorState title="The members could not be loaded." error={members.error} onRetry={() => void members.refetch()} />
        ) : !members.data ? (
          <LoadingState label="Loading the members…" />
        ) : (
          <ul className="members-list" data-testid="members:list">
            {members.data.members.map((m) => (
              <li key={m.id}>
                <span>{m.name}</span>
                <span className="muted small">{m.roles.map((r) => ROLE_NAMES[r] ?? r).join(', ')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {isOperator ? (
        <Invites />
      ) : (
        <p className="muted small">Operators of the organization invite people; ask one of them for an invite link.</p>
      )}
    </div>
  );
}

function Invites() {
  const invites = useInvites(true);
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const [role, setRole] = useState<InviteRole>('pilot');
  const [days, setDays] = useState(INVITE_DEFAULT_DAYS);
  const [created, setCreated] = useState<InviteCreated | null>(null);
  const [copied, setCopied] = useState(false);

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (http, permissions): the link is selectable in its field.
      setCopied(false);
    }
  };

  return (
    <section className="card" aria-labelledby="members-invites">
      <h2 id="members-invites">Invite people</h2>
      <form
        className="row row-wrap invite-form"
        onSubmit={(e) => {
          e.preventDefault();
          setCopied(false);
          create.mutate({ role, expiresInDays: days }, { onSuccess: setCreated });
        }}
      >
        <label className="field">
          <span>Role</span>
          <select value={role} onChange={(e) => setRole(e.target.value as InviteRole)} data-testid="members:invite-role">
            <option value="pilot">Pilot</option>
            <option value="operator">Operator (can invite too)</option>
          </select>
        </label>
        <label className="field">
          <span>Valid for</span>
          <select value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="members:invite-days">
            {[1, 3, 7, 14, 30].map((d) => (
              <option key={d} value={d}>
                {d === 1 ? '1 day' : `${d} days`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary" disabled={create.isPending} data-testid="members:create-invite">
          {create.isPending ? 'Creating…' : 'Create invite link'}
        </button>
      </form>
      {create.isError && (
        <p role="alert" className="alert alert-error">
          The invite could not be created: {errorMessage(create.error)}
        </p>
      )}
      {created && (
        <div className="alert alert-success stack-tight" role="status" data-testid="members:created">
          <p>
            Send this link to the person you invite. It works once, until {when(created.invite.expiresAt)}, and is shown only now.
          </p>
          <div className="row row-wrap">
            <input className="invite-link" readOnly value={created.link} aria-label="Invite link" onFocus={(e) => e.currentTarget.select()} data-testid="members:invite-link" />
            <button type="button" className="button button-small" onClick={() => void copy(created.link)} data-testid="members:copy">
              {copied ? 'Copied' : 'Copy link'}
            </button>
          </div>
        </div>
      )}
      <h3>Pending invites</h3>
      {invites.isError ? (
        <ErrorState title="The invites could not be loaded." error={invites.error} onRetry={() => void invites.refetch()} />
      ) : !invites.data ? (
        <LoadingState label="Loading the invites…" rows={1} />
      ) : invites.data.invites.length === 0 ? (
        <EmptyState title="No pending invites." testId="members:no-invites" />
      ) : (
        <ul className="members-list" data-testid="members:invites">
          {invites.data.invites.map((i) => (
            <li key={i.id} data-testid="members:invite">
              <span>
                {INVITE_LABEL[i.role]} <span className="muted small">by {i.invitedBy}, until {when(i.expiresAt)}</span>
              </span>
              <button type="button" className="button button-small" disabled={revoke.isPending} onClick={() => revoke.mutate(i.id)} aria-label={`Revoke the ${i.role} invite until ${when(i.expiresAt)}`}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {revoke.isError && (
        <p role="alert" className="alert alert-error">
          The invite could not be revoked: {errorMessage(revoke.error)}
        </p>
      )}
    </section>
  );
}
