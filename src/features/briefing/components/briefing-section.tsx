/**
 * The plan page's briefing. Its frame (briefing-frame.tsx: why there is no briefing, or the skeleton) is
 * with the page; the panel that asks for the briefing and shows the answer is a chunk loaded the first
 * time there is something to ask (docs/portal-delivery.md, "What /plan loads"). Until that chunk is in,
 * nothing is asked and no answer is shown: the frame says it is loading, or, when the chunk could not be
 * fetched, says so and offers to try again. Once loaded, the panel is shown from then on, blocked or not.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { lazyModule } from '../../../lib/lazy-module';
import { BriefingBlocked, BriefingSection, BriefingSkeleton } from './briefing-frame';
import type { BriefingPanelProps } from './briefing-panel';

export const briefingPanelCode = lazyModule(() => import('./briefing-panel').then((m) => m.BriefingPanel));

export function PlanBriefing(props: BriefingPanelProps) {
  const Panel = useSyncExternalStore(briefingPanelCode.subscribe, briefingPanelCode.current);
  const wanted = props.blocked === null;
  const [failed, setFailed] = useState<unknown>(null);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (!wanted || Panel) return;
    let current = true;
    briefingPanelCode.load().then(
      () => current && setFailed(null),
      (e: unknown) => current && setFailed(e ?? new Error('not loaded')),
    );
    return () => {
      current = false;
    };
  }, [wanted, Panel, tries]);

  if (Panel) return <Panel {...props} />;
  let body;
  if (props.blocked) body = <BriefingBlocked blocked={props.blocked} signInHref={props.signInHref} />;
  else if (failed)
    body = (
      <div role="alert" className="alert alert-error" data-testid="briefing:error">
        <p>The briefing could not be loaded: {errorMessage(failed)}</p>
        <button type="button" className="button button-small" onClick={() => setTries((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  else body = <BriefingSkeleton />;
  return <BriefingSection announce="">{body}</BriefingSection>;
}
