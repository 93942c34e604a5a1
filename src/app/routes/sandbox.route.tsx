import { Placeholder } from '../placeholder';
import { RequireSignIn } from '../require-sign-in';

export function Component() {
  return (
    <RequireSignIn>
      <Placeholder title="FAA console (sandbox)">
        <p>
          In the sandbox nobody at the FAA answers, so this console plays the FAA: approve or deny further-coordination requests, rescind
          or invalidate authorizations, and watch the callbacks they trigger.
        </p>
      </Placeholder>
    </RequireSignIn>
  );
}
