import { useMemberNames } from '../../operations/api/get-members';
import { Link } from 'react-router-dom';
import type { AuthorizationStatus } from '../../../../server/contract/laanc';
import type { PlatformOperation } from '../../../../server/contract/operations';
import { Pill } from '../../../components/load-states';
import { formatInstant, formatWindow } from '../../../components/time-window';
import type { OperationSort } from '../../operations/api/list-operations';
import { STATUS_TEXT } from '../../laanc/laanc-text';
import { altitudeRange, FLIGHT_TYPE_TEXT, PHASE_TEXT, phaseOf, pilotLabel } from '../../operations/operation-text';

interface Props {
  rows: PlatformOperation[];
  sort: OperationSort;
  onSort(sort: OperationSort): void;
  showPilot: boolean;
  meId: string | null;
  highlighted: string | null;
  onHighlight(id: string | null): void;
  now: number;
  /** The statuses of each operation's LAANC authorizations (absent: none). */
  statuses: Readonly<Record<string, readonly AuthorizationStatus[]>>;
}

/** "Approved", "2 × Pending FAA": each status once, with its count, in the order first seen. */
function AuthorizationCell({ statuses, laanc }: { statuses: readonly AuthorizationStatus[] | undefined; laanc: boolean }) {
  if (!statuses?.length) return <span className="muted">{laanc ? 'LAANC, none submitted' : 'None requested'}</span>;
  const counts = new Map<AuthorizationStatus, number>();
  for (const st of statuses) counts.set(st, (counts.get(st) ?? 0) + 1);
  return (
    <span className="pill-row" data-testid="operations:auth-statuses">
      {[...counts].map(([st, n]) => (
        <Pill key={st} tone={STATUS_TEXT[st].tone} value={st}>
          {n > 1 ? `${n} × ` : ''}
          {STATUS_TEXT[st].label}
        </Pill>
      ))}
    </span>
  );
}

type SortField = 'name' | 'startTime' | 'createdDate';

function SortHeader({ field, label, sort, onSort }: { field: SortField; label: string; sort: OperationSort; onSort(s: OperationSort): void }) {
  const active = sort === field || sort === `-${field}`;
  const descending = sort === `-${field}`;
  const next = (active && !descending ? `-${field}` : field) as OperationSort;
  return (
    <th scope="col" aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(next)}>
        {label}
        <span aria-hidden="true">{active ? (descending ? '▼' : '▲') : '↕'}</span>
      </button>
    </th>
  );
}

export function OperationsTable({ rows, sort, onSort, showPilot, meId, highlighted, onHighlight, now, statuses }: Props) {
  const names = useMemberNames();
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid="operations:table">
        <caption className="visually-hidden">Operations, sorted by {sort.replace('-', '')} {sort.startsWith('-') ? 'descending' : 'ascending'}</caption>
        <thead>
          <tr>
            <SortHeader field="name" label="Name" sort={sort} onSort={onSort} />
            <SortHeader field="startTime" label="When (local time)" sort={sort} onSort={onSort} />
            <th scope="col">Altitude</th>
            <th scope="col">Flight type</th>
            {showPilot && <th scope="col">Pilot</th>}
            <th scope="col">Authorization</th>
            <SortHeader field="createdDate" label="Created" sort={sort} onSort={onSort} />
          </tr>
        </thead>
        <tbody>
          {rows.map((op) => {
            const phase = PHASE_TEXT[phaseOf(op, now)];
            const laanc = op.authorizationProviders.includes('APPROVAL_PROVIDER_LAANC');
            return (
              <tr
                key={op.id}
                className={highlighted === op.id ? 'is-highlighted' : undefined}
                onMouseEnter={() => onHighlight(op.id)}
                onMouseLeave={() => onHighlight(null)}
                onFocus={() => onHighlight(op.id)}
                data-testid="operations:row"
                data-id={op.id}
              >
                <td className="cell-main">
                  <Link to={`/operations/${op.id}`}>{op.name}</Link>
                  {op.desc && <span className="cell-sub">{op.desc.length > 80 ? `${op.desc.slice(0, 80)}…` : op.desc}</span>}
                </td>
                <td data-label="When">
                  <div>
                    {formatWindow(op.startTime, op.endTime, op.timezone)} <Pill tone={phase.tone}>{phase.label}</Pill>
                  </div>
                </td>
                <td data-label="Altitude">{altitudeRange(op)}</td>
                <td data-label="Flight type">{FLIGHT_TYPE_TEXT[op.flightType]}</td>
                {showPilot && <td data-label="Pilot">{pilotLabel(op.pilotId, meId, names)}</td>}
                <td data-label="Authorization">
                  <AuthorizationCell statuses={statuses[op.id]} laanc={laanc} />
                </td>
                <td data-label="Created">{formatInstant(op.createdDate, op.timezone)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
