/**
 * The plan page's briefing. Its frame (briefing-frame.tsx: why there is no briefing, or the skeleton) is
 * with the page; the panel that asks for the briefing and shows the answer is a chunk loaded the first
 * time there is something to ask (docs/portal-delivery.md, "What /plan loads"). Until that chunk is in,
 * nothing is asked and no answer is shown: the frame says it is loading, or, when the chunk could not be
 * fetched, says so and offers to try again (it also tries again on its own: useLazyLoad). Once loaded,
 * the panel is shown from then on, blocked or not.
 */
import { errorMessage } from '../../../lib/api-error';
import { lazyModule } from '../../../lib/lazy-module';
import { useLazyLoad } from '../../../lib/use-lazy-module';
import { BriefingBlocked, BriefingSection, BriefingSkeleton } from './briefing-frame';
import type { BriefingPanelProps } from './briefing-panel';

export const briefingPanelCode = lazyModule(() => import('./briefing-panel').then((m) => m.BriefingPanel));

export function PlanBriefing(props: BriefingPanelProps) {
  const code = useLazyLoad(briefingPanelCode, props.blocked === null);
  const Panel = code.ready ? briefingPanelCode.current() : null;
  if (Panel) return <Panel {...props} />;
  let body;
  if (props.blocked) body = <BriefingBlocked blocked={props.blocked} signInHref={props.signInHref} />;
  else if (code.error)
    body = (
      <div role="alert" className="alert alert-error" data-testid="briefing:error">
        <p>The briefing could not be loaded: {errorMessage(code.error)}</p>
        <button type="button" className="button button-small" onClick={code.retry}>
          Try again
        </button>
      </div>
    );
  else body = <BriefingSkeleton />;
  return <BriefingSection announce="">{body}</BriefingSection>;
}
