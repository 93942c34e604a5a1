import type { BriefingResult } from '../../../../server/contract/briefing';
import type { Geometry } from '../../../../server/contract/common';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useAreaBriefing, type AreaBriefingInput } from '../api/get-area-briefing';
import { groupAlikeNotices } from '../alike-notices';
import { STATUS_TEXT } from '../briefing-text';
import { BriefingSummary } from './briefing-summary';
import { BriefingBlocked, BriefingSection, BriefingSkeleton, type BriefingBlock } from './briefing-frame';
import { DaylightWeather } from './daylight-weather';
import { NoticeList } from './notice-list';
import './briefing.css';

export type { BriefingBlock } from './briefing-frame';

/**
 * What the panel shows, for the page's status pill: the answer for the plan on screen, or why there
 * is none. `loading`: the first answer is on its way; `updating`: an answer is on its way for the plan as
 * it is now (the last answer, shown meanwhile, was for the plan before a change and is not the plan's status).
 */
export type BriefingShown = { phase: 'answer'; result: BriefingResult } | { phase: 'loading' | 'updating' | 'error' | 'none' };

export interface BriefingPanelProps {
  /** null while `blocked` says why no briefing is asked for. */
  input: AreaBriefingInput | null;
  blocked: BriefingBlock;
  timeZone: string;
  signInHref: string;
  /** The geometry of the notice pointed at or selected, for the map. */
  onHighlight(geometry: Geometry | null): void;
  /** What is shown: the answer in effect for the plan on screen, for what the page offers next (e.g. LAANC). */
  onShown?(shown: BriefingShown): void;
}

export function BriefingPanel({ input, blocked, timeZone, signInHref, onHighlight, onShown }: BriefingPanelProps) {
  const briefing = useAreaBriefing(blocked ? null : input);
  const [hovered, setHovered] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const notices = briefing.data?.notices;
  const groups = useMemo(() => groupAlikeNotices(notices ?? []), [notices]);

  // A new answer has new notices: an index into the old list means nothing now.
  const [seen, setSeen] = useState(briefing.data);
  if (seen !== briefing.data) {
    setSeen(briefing.data);
    setHovered(null);
    setSelected(null);
  }

  const shown = hovered ?? selected;
  const geometry = shown !== null ? (groups.find((g) => g.index === shown)?.geometry ?? null) : null;
  useEffect(() => onHighlight(geometry), [geometry, onHighlight]);
  // The answer on screen belongs to the plan before the last change while the change settles (the
  // debounce) and while its own answer loads (the last one kept as a placeholder). It is then not the
  // plan's status: a "Clear to fly" for 200 ft must not stand for 390 ft, nor for a moved corner.
  const stale = !blocked && !!briefing.data && (briefing.isPlaceholderData || briefing.isSettling);
  const current = blocked || stale ? null : (briefing.data ?? null);
  const phase = blocked ? 'none' : current ? 'answer' : briefing.isError ? 'error' : stale ? 'updating' : 'loading';
  useEffect(() => onShown?.(current ? { phase: 'answer', result: current } : { phase: phase as Exclude<BriefingShown['phase'], 'answer'> }), [current, phase, onShown]);

  let body;
  if (blocked) {
    body = <BriefingBlocked blocked={blocked} signInHref={signInHref} />;
  } else if (briefing.isError && !briefing.data) {
    const err = briefing.error;
    const needsSignIn = err instanceof ApiError && err.status === 401;
    body = (
      <div role="alert" className="alert alert-error" data-testid="briefing:error">
        {needsSignIn ? (
          <p>
            <Link to={signInHref}>Sign in</Link> to get a briefing for this area.
          </p>
        ) : (
          <>
            <p>The briefing could not be loaded: {errorMessage(err)}</p>
            <button type="button" className="button button-small" onClick={() => void briefing.refetch()}>
              Try again
            </button>
          </>
        )}
      </div>
    );
  } else if (!briefing.data) {
    body = <BriefingSkeleton />;
  } else {
    const updating = stale || briefing.isFetching;
    body = (
      <div className={stale ? 'updating stale' : updating ? 'updating' : undefined} aria-busy={updating || undefined} data-testid="briefing:result">
        {stale ? (
          <div className="summary summary-stale" data-testid="briefing:stale">
            <p className="summary-status">
              <span className="badge">Updating</span> Checking the plan as it is now…
            </p>
            <p className="summary-auth">The notices below are from the last answer, for the plan before your change: they may not apply to it.</p>
          </div>
        ) : (
          <>
            {updating && <p className="muted small">Updating the briefing…</p>}
            <BriefingSummary result={briefing.data} />
            <DaylightWeather daylight={briefing.data.daylight} weather={briefing.data.weather} timeZone={timeZone} />
          </>
        )}
        <NoticeList
          groups={groups}
          timeZone={timeZone}
          selected={selected}
          maxAltitudeFt={input?.maxAltitude ?? null}
          onHover={setHovered}
          onSelect={(i) => setSelected(selected === i ? null : i)}
        />
      </div>
    );
  }

  return <BriefingSection announce={current ? `Briefing updated: ${STATUS_TEXT[current.status ?? 'NOTICE_STATUS_UNSPECIFIED'].label}` : ''}>{body}</BriefingSection>;
}
