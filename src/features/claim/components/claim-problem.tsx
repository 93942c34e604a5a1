import { Link } from 'react-router-dom';
import type { ClaimProblem as Problem } from '../api/get-ephemeral-preview';
import { useOperation } from '../../operations/api/get-operation';

const TEXT: Record<Problem, { title: string; body: string }> = {
  unknown: {
    title: 'This claim link is not known',
    body: 'No operation waits at this address. Check that the whole link was copied, or ask whoever sent it for a new one.',
  },
  expired: {
    title: 'This claim link has expired',
    body: 'Unclaimed operations expire after a while, so the area and times shown to whoever holds the link do not linger. Ask whoever sent it to create the operation again.',
  },
  claimed: {
    title: 'This operation has already been claimed',
    body: 'A claim link works once. Whoever claimed it finds it among their operations.',
  },
};

/** The three dead ends of a claim link, each with what to do next. */
export function ClaimProblem({ id, problem, signedIn }: { id: string; problem: Problem; signedIn: boolean }) {
  const t = TEXT[problem];
  return (
    <main className="page page-narrow" id="main">
      <h1>{t.title}</h1>
      <div className="stack" data-testid="claim:problem" data-problem={problem}>
        <p>{t.body}</p>
        {problem === 'claimed' && signedIn && <MaybeMine id={id} />}
        <p>
          <Link to="/operations">Your operations</Link> · <Link to="/plan">Plan a flight</Link>
        </p>
      </div>
    </main>
  );
}

/** The claimer may see it: then the link leads on to it. */
function MaybeMine({ id }: { id: string }) {
  const op = useOperation(id);
  if (!op.data) return null;
  return (
    <p className="notice-bar tone-success" data-testid="claim:yours">
      You claimed it: <Link to={`/operations/${id}`}>open “{op.data.name}”</Link>.
    </p>
  );
}
