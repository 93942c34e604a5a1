import type { ComponentType } from 'react';
import { lazyModule, type LazyModule } from '../lib/lazy-module';
import { useLazyModule } from '../lib/use-lazy-module';
import { LoadingState } from './load-states';

/** The frame a panel of the plan shows before its code has loaded: its section, heading and why it waits. */
export interface PanelFrame<P> {
  /** The section's id: `${id}-heading`, test ids `${id}` and `${id}:blocked` (and `${id}:loading`), as the panel has them. */
  id: string;
  title: string;
  /** Why the panel has nothing to ask (its blocked text, as the panel words it), or null: it has. */
  blocked(props: P): string | null;
  /** What it says while its code loads once it has something to ask. */
  loading: string;
}

/**
 * A panel of the plan page that has nothing to show until the plan has an area (the advisories, the ground
 * risk, the conflicts): until then its frame says why, with the panel's own heading and words, and its code
 * is a chunk loaded the first time it has something to ask (docs/portal-delivery.md, "What /plan loads").
 * Once loaded, the panel itself is shown from then on, blocked or not, so its state (filters, choices)
 * outlives a moment without an area as before. A load that failed is tried again while the panel can ask
 * (useLazyModule).
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>, frame: PanelFrame<P>): { code: LazyModule<ComponentType<P>>; Panel: ComponentType<P> } {
  const code = lazyModule(load);
  function Panel(props: P) {
    const blocked = frame.blocked(props);
    // Once loaded the module stays: the panel is shown from then on, blocked or not.
    const Loaded = useLazyModule(code, blocked === null) ? code.current() : null;
    if (Loaded) return <Loaded {...props} />;
    return (
      <section className="panel-section" aria-labelledby={`${frame.id}-heading`} data-testid={frame.id}>
        <h2 id={`${frame.id}-heading`}>{frame.title}</h2>
        {blocked !== null ? (
          <p className="muted small" data-testid={`${frame.id}:blocked`}>
            {blocked}
          </p>
        ) : (
          <LoadingState label={frame.loading} testId={`${frame.id}:loading`} />
        )}
      </section>
    );
  }
  return { code, Panel };
}
