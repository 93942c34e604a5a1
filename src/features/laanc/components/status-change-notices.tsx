import { STATUS_TEXT } from '../laanc-text';
import type { StatusChangeNotice } from '../use-status-changes';

/** Always in the page (an empty live region announces what is added to it later). */
export function StatusChangeNotices({ notices, onDismiss }: { notices: StatusChangeNotice[]; onDismiss(key: string): void }) {
  return (
    <div role="status" aria-live="polite" className="stack-tight" data-testid="laanc:changes">
      {notices.map((n) => {
        const to = STATUS_TEXT[n.to];
        return (
          <div key={n.key} className={`notice-bar tone-${to.tone}`} data-testid="laanc:change" data-status={n.to}>
            <p>
              <strong>
                {n.referenceCode} is now {to.label}
              </strong>
              {n.from ? ` (was ${STATUS_TEXT[n.from].label}).` : ' (new).'} {to.sentence}
            </p>
            <button type="button" className="button button-small button-quiet" onClick={() => onDismiss(n.key)} aria-label={`Dismiss the notice about ${n.referenceCode}`}>
              Dismiss
            </button>
          </div>
        );
      })}
    </div>
  );
}
