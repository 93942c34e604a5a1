import { useMe } from '../../features/account/api/get-me';
import { FaaConsole } from '../../features/sandbox-faa/components/faa-console';
import { RequireSignIn } from '../require-sign-in';

export function Component() {
  const user = useMe().data?.user ?? null;
  return (
    <RequireSignIn>
      <FaaConsole isFaa={user?.roles.includes('faa') ?? false} />
    </RequireSignIn>
  );
}
