import type { Geometry } from 'geojson';
import { useState } from 'react';
import type { LaancNotice } from '../../../../server/contract/laanc';
import { Pill } from '../../../components/load-states';
import { formatWindow } from '../../../components/time-window';
import { ACTION_TEXT, REASON_TEXT } from '../laanc-text';

interface Props {
  notices: LaancNotice[];
  timeZone: string;
  onHighlight(g: Geometry | null): void;
}

/** What LAANC says about the operation: blocks (nothing there or then can be authorized) and warnings, in words. */
export function LaancNotices({ notices, timeZone, onHighlight }: Props) {
  const [pinned, setPinned] = useState<number | null>(null);
  if (!notices.length) return null;
  const sorted = [...notices].sort((a, b) => (a.action === 'ACTION_BLOCK' ? 0 : 1) - (b.action === 'ACTION_BLOCK' ? 0 : 1));
  const blocks = notices.filter((n) => n.action === 'ACTION_BLOCK').length;
  const parts = [blocks ? `${blocks} blocking` : '', notices.length - blocks ? `${notices.length - blocks} to know` : ''].filter(Boolean);
  // Folded under the section's decision, which names every blocking reason.
  return (
    <details className="laanc-fold stack-tight" aria-labelledby="laanc-notices" data-testid="laanc:notices">
      <summary>
        <h3 id="laanc-notices" className="inline-heading">
          Notices
        </h3>{' '}
        <span className="muted small">({parts.join(', ')})</span>
      </summary>
      <ul className="laanc-list">
        {sorted.map((n, i) => {
          const action = ACTION_TEXT[n.action];
          const wide = n.ids.length === 0;
          return (
            <li key={i} className={`laanc-item tone-${action.tone}`} data-testid="laanc:notice" data-reason={n.reason} data-action={n.action}>
              <p>
                <Pill tone={action.tone}>{action.label}</Pill> {REASON_TEXT[n.reason]}
              </p>
              <p className="muted small">
                {wide ? 'Applies to the whole operation' : `Applies where the area meets ${n.ids.length === 1 ? 'one feature' : `${n.ids.length} features`}`}
                {' · '}
                {formatWindow(n.startTime, n.endTime, timeZone)}
              </p>
              {!wide && (
                <button
                  type="button"
                  className="button button-small"
                  aria-pressed={pinned === i}
                  onClick={() => {
                    setPinned(pinned === i ? null : i);
                    onHighlight(pinned === i ? null : n.geom);
                  }}
                >
                  Show where on the map
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
