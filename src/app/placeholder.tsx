import type { ReactNode } from 'react';

/** A page that is planned but not built yet: says what will be there. */
export function Placeholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="page page-narrow" id="main">
      <h1>{title}</h1>
      <div className="placeholder">{children}</div>
    </main>
  );
}
