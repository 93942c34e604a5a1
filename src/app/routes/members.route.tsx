import { useMe } from '../../features/account/api/get-me';
import { MembersPanel } from '../../features/account/components/members-panel';
import { RequireSignIn } from '../require-sign-in';

export function Component() {
  return (
    <main className="page page-narrow" id="main">
      <h1>Members</h1>
      <RequireSignIn>
        <Members />
      </RequireSignIn>
    </main>
  );
}

function Members() {
  const me = useMe();
  const user = me.data?.user;
  if (!user) return null;
  if (!user.organization) return <p>You are not in an organization: an operator of one can send you an invite link.</p>;
  return <MembersPanel user={user} />;
}
