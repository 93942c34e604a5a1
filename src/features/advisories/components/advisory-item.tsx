import type { AdvisoryFeature } from '../../../../server/contract/advisory';
import { Pill } from '../../../components/load-states';
import { formatInstant, formatWindow } from '../../../components/time-window';
import { SEVERITY_TONE, TYPE_TEXT } from '../advisory-filters';

interface Props {
  advisory: AdvisoryFeature;
  /** How many alike advisories (the same words over other areas) this entry stands for. */
  count: number;
  /** Whether any of them has an area to show on the map. */
  hasGeometry: boolean;
  timeZone: string;
  shown: boolean;
  onShow(): void;
}

const SOURCE_TEXT: Record<string, string> = { faa: 'FAA', community: 'Community' };

function when(p: NonNullable<AdvisoryFeature['properties']>, timeZone: string): string | null {
  if (p.startTime && p.endTime) return `In effect ${formatWindow(p.startTime, p.endTime, timeZone)}`;
  if (p.startTime) return `In effect from ${formatInstant(p.startTime, timeZone)}`;
  return null;
}

/** One advisory: severity in words, what and whose it is, when it applies, and its message. */
export function AdvisoryItem({ advisory, count, hasGeometry, timeZone, shown, onShow }: Props) {
  const p = advisory.properties ?? {};
  const severity = p.severity ?? 'information';
  const type = p.advisoryType ? (TYPE_TEXT[p.advisoryType] ?? p.advisoryType) : 'Advisory';
  const period = when(p, timeZone);
  return (
    <li className="advisory" data-testid="advisories:item" data-severity={severity} data-type={p.advisoryType}>
      <p className="advisory-title">
        {p.title ?? type}
        {count > 1 && <span className="small muted" data-testid="advisories:count"> · {count} areas</span>}
      </p>
      <div className="advisory-row">
        <Pill tone={SEVERITY_TONE[severity] ?? 'neutral'}>{severity}</Pill>
        <span className="small muted advisory-meta">
          {type}
          {p.advisorySource ? ` · ${SOURCE_TEXT[p.advisorySource] ?? p.advisorySource}` : ''}
          {period ? ` · ${period}` : ''}
        </span>
        {hasGeometry && (
          <button type="button" className="button button-small button-quiet advisory-show" aria-pressed={shown} onClick={onShow}>
            Show on map
          </button>
        )}
      </div>
      {(p.message || p.contactName || p.contactUrl) && (
        <details className="disclosure advisory-details">
          <summary>Details</summary>
          {p.message && <p>{p.message}</p>}
          {p.contactName && <p className="small">{p.contactName}</p>}
          {p.contactUrl && /^https?:\/\//.test(p.contactUrl) && (
            <p className="small">
              <a href={p.contactUrl} target="_blank" rel="noreferrer">
                {p.contactUrl}
              </a>
            </p>
          )}
        </details>
      )}
    </li>
  );
}
