/**
 * The briefing's frame: its section and heading, the screen reader's announcement, why there is no
 * briefing, the skeleton while one loads, and the data's age. The briefing panel draws its answer inside
 * it; the plan page shows the frame alone until the panel's code has loaded (briefing-section.tsx), so
 * both say the same in the same words.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DataAge } from './data-age';
import './briefing-frame.css';

export type BriefingBlock = 'no-area' | 'limits' | 'details' | 'sign-in' | null;

const BLOCKED_TEXT: Record<Exclude<BriefingBlock, null | 'sign-in'>, string> = {
  'no-area': 'Draw an area on the map, or type or paste one, to get a briefing.',
  limits: 'The flight area breaks a limit (see above). Fix it and the briefing follows; nothing is sent until then.',
  details: 'Some flight details are not valid (see above). Fix them and the briefing follows.',
};

/** Why no briefing is asked for. */
export function BriefingBlocked({ blocked, signInHref }: { blocked: Exclude<BriefingBlock, null>; signInHref: string }) {
  if (blocked === 'sign-in') {
    return (
      <p className="empty" data-testid="briefing:empty" data-reason={blocked}>
        <Link to={signInHref}>Sign in</Link> to get a briefing for this area.
      </p>
    );
  }
  return (
    <p className="empty" data-testid="briefing:empty" data-reason={blocked}>
      {BLOCKED_TEXT[blocked]}
    </p>
  );
}

export function BriefingSkeleton() {
  return (
    <div className="skeleton" aria-busy="true" data-testid="briefing:loading">
      <span className="visually-hidden">Loading the briefing…</span>
      <div className="skeleton-bar wide" />
      <div className="skeleton-bar" />
      <div className="skeleton-bar" />
    </div>
  );
}

/** `announce`: what the live region says (the outcome, when it changes), without moving focus. */
export function BriefingSection({ announce, children }: { announce: string; children: ReactNode }) {
  return (
    <section className="panel-section" aria-labelledby="briefing-heading" data-testid="briefing">
      <h2 id="briefing-heading">Briefing</h2>
      {/* Announces the outcome to screen readers when it changes, without moving focus. */}
      <div aria-live="polite" className="visually-hidden">
        {announce}
      </div>
      {children}
      <DataAge />
    </section>
  );
}
