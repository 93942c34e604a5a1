import type { ReactNode } from 'react';

/** `screenOnly`: a section for planning (drawing, forms) that a printed briefing leaves out. */
export function PanelSection({ title, id, children, screenOnly = false }: { title: string; id: string; children: ReactNode; screenOnly?: boolean }) {
  return (
    <section className={`panel-section${screenOnly ? ' screen-only' : ''}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
