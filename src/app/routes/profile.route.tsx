import { Link } from 'react-router-dom';
import { useMe } from '../../features/account/api/get-me';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { signInPath } from '../sign-in-path';

export function Component() {
  const me = useMe();
  return (
    <main className="page page-narrow" id="main">
      <h1>Pilot profile</h1>
      {me.data?.user ? (
        <ProfileForm />
      ) : me.isPending ? null : (
        <p>
          <Link to={signInPath({ pathname: '/profile', search: '' })}>Sign in</Link> to keep your pilot profile.
        </p>
      )}
    </main>
  );
}
