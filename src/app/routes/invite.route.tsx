import { useLocation } from 'react-router-dom';
import { InvitePage } from '../../features/invite/components/invite-page';

export function Component() {
  const { hash } = useLocation();
  return (
    <main className="page page-narrow" id="main">
      <h1>Invitation</h1>
      <InvitePage hash={hash} />
    </main>
  );
}
