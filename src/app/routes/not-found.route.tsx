import { Link } from 'react-router-dom';

export function Component() {
  return (
    <main className="page page-narrow" id="main">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. Go to <Link to="/plan">the plan page</Link>.
      </p>
    </main>
  );
}
