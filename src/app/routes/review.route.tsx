import { Placeholder } from '../placeholder';
import { RequireSignIn } from '../require-sign-in';

export function Component() {
  return (
    <RequireSignIn>
      <Placeholder title="Review">
        <p>
          Operations of your organization to review before they fly, and authorizations that need attention: rescinded or invalidated by
          the FAA, or further coordination still pending.
        </p>
      </Placeholder>
    </RequireSignIn>
  );
}
