import type { ReactNode } from 'react';

export function PanelSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="panel-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
