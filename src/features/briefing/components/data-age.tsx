import { ageText } from '../briefing-text';
import { useDataStatus } from '../api/get-data-status';

/** How fresh the data behind the briefing is: TFRs change within minutes, facility maps every 56 days. */
export function DataAge() {
  const status = useDataStatus();
  if (!status.data) return null;
  const { dataset } = status.data;
  const oldest = dataset.sources.reduce<(typeof dataset.sources)[number] | null>((a, s) => (!a || s.ageSeconds > a.ageSeconds ? s : a), null);
  return (
    <details className="data-age" data-testid="briefing:data-age">
      <summary>
        Data {dataset.kind === 'sandbox' ? '(sandbox) ' : ''}version {dataset.version}
        {oldest && <>, oldest source updated {ageText(oldest.ageSeconds)}</>}
      </summary>
      <ul>
        {dataset.sources.map((s) => (
          <li key={s.id}>
            {s.name}: effective {s.effectiveDate}, retrieved {ageText(s.ageSeconds)}
            {s.attribution && <span className="muted"> · {s.attribution}</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}
