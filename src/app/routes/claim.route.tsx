import { useParams } from 'react-router-dom';
import { Placeholder } from '../placeholder';
import { RequireSignIn } from '../require-sign-in';

export function Component() {
  const { id } = useParams();
  return (
    <RequireSignIn>
      <Placeholder title="Claim an operation">
        <p>
          An operation created by another app (ephemeral operation <code>{id}</code>) is waiting for you: its area, time and altitude will
          be shown here with a button to claim it, which makes it one of your operations so you can seek authorization for it.
        </p>
      </Placeholder>
    </RequireSignIn>
  );
}
