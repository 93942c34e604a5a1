import { Link } from 'react-router-dom';
import { Pill } from '../../../components/load-states';
import { formatInstant, formatWindow } from '../../../components/time-window';
import { KIND_TEXT, type ReviewItem } from '../review-items';

interface Props {
  items: ReviewItem[];
  selected: Set<string>;
  onToggle(key: string): void;
  onToggleAll(on: boolean): void;
}

const selectable = (i: ReviewItem) => i.kind === 'rescinded';

export function ReviewTable({ items, selected, onToggle, onToggleAll }: Props) {
  const choosable = items.filter(selectable);
  const all = choosable.length > 0 && choosable.every((i) => selected.has(i.key));
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid="review:table">
        <caption className="visually-hidden">Authorizations and callbacks that need attention</caption>
        <thead>
          <tr>
            <th scope="col" className="cell-check">
              <input
                type="checkbox"
                aria-label="Select every rescinded authorization"
                checked={all}
                disabled={!choosable.length}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
            </th>
            <th scope="col">Operation</th>
            <th scope="col">Needs</th>
            <th scope="col">Authorization</th>
            <th scope="col">Why</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => {
            const a = i.authorization;
            const k = KIND_TEXT[i.kind];
            return (
              <tr key={i.key} data-testid="review:row" data-kind={i.kind} data-id={a?.id ?? i.operationId}>
                <td className="cell-check">
                  {selectable(i) && (
                    <input type="checkbox" checked={selected.has(i.key)} onChange={() => onToggle(i.key)} aria-label={`Select ${a?.referenceCode ?? i.operationName}`} />
                  )}
                </td>
                <td className="cell-main">
                  <Link to={`/operations/${i.operationId}`}>{i.operationName}</Link>
                </td>
                <td data-label="Needs">
                  <Pill tone={k.tone}>{k.label}</Pill>
                </td>
                <td data-label="Authorization">
                  {a ? (
                    <div>
                      <span className="auth-code">{a.referenceCode}</span>
                      <span className="cell-sub">
                        {a.airTrafficControl} · {a.altitude} ft · {formatWindow(a.startTime, a.endTime, i.timeZone)}
                      </span>
                    </div>
                  ) : (
                    <span className="muted">
                      {i.failures} failing deliver{i.failures === 1 ? 'y' : 'ies'}
                    </span>
                  )}
                </td>
                <td data-label="Why">{i.why ? i.why : <span className="muted">No reason given</span>}</td>
                <td data-label="When">{formatInstant(i.at, i.timeZone)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
