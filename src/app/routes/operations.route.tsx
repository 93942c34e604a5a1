import { useMe } from '../../features/account/api/get-me';
import { OperationsPage } from '../../features/operations-list/components/operations-page';
import { RequireSignIn } from '../require-sign-in';

export function Component() {
  const user = useMe().data?.user ?? null;
  return (
    <RequireSignIn>
      <OperationsPage meId={user?.id ?? null} isOperator={user?.roles.includes('operator') ?? false} />
    </RequireSignIn>
  );
}
