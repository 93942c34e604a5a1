import { PlanPage } from '../plan/plan-page';

export function Component() {
  return <PlanPage />;
}
