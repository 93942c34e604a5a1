/**
 * How to import FAA data, where the sandbox label points: the repository's own docs/data-import.md,
 * bundled as text so the portal shows the one document there is rather than a second copy of it.
 */
import doc from '../../../docs/data-import.md?raw';
import '../../features/deployment/deployment.css';

export function Component() {
  return (
    <main className="page" id="main">
      <h1>Importing FAA data</h1>
      <p className="muted">
        This deployment's airspace comes from the service's dataset. The repository document <code>docs/data-import.md</code>, shown below, says how to
        build a dataset from the FAA's own files.
      </p>
      <pre className="data-import-doc" data-testid="data-import:doc">
        {doc}
      </pre>
    </main>
  );
}
