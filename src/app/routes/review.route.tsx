import { useMe } from '../../features/account/api/get-me';
import { ReviewPage } from '../../features/review/components/review-page';
import { RequireSignIn } from '../require-sign-in';

export function Component() {
  const user = useMe().data?.user ?? null;
  return (
    <RequireSignIn>
      <ReviewPage isOperator={user?.roles.includes('operator') ?? false} />
    </RequireSignIn>
  );
}
