import { useMemberNames } from '../../operations/api/get-members';
import { useEffect, useState } from 'react';
import { pilotLabel } from '../../operations/operation-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AUTH_FILTERS, BROWSER_ZONE, DEFAULT_STATE, hasFilters, type AuthFilter, type ListState } from '../list-params';
import type { OperationSort } from '../../operations/api/list-operations';

interface Props {
  state: ListState;
  onChange(patch: Partial<ListState>, opts?: { replace?: boolean }): void;
  /** Operators see their organization's operations and may pick a pilot. */
  isOperator: boolean;
  pilots: string[];
  meId: string | null;
}

const SORT_TEXT: Record<OperationSort, string> = {
  '-startTime': 'Start, latest first',
  startTime: 'Start, earliest first',
  '-createdDate': 'Created, newest first',
  createdDate: 'Created, oldest first',
  name: 'Name, A–Z',
  '-name': 'Name, Z–A',
};

export function OperationsFilters({ state, onChange, isOperator, pilots, meId }: Props) {
  const names = useMemberNames();
  // Typing searches after a pause; the URL (and the request) follow the settled text.
  const [text, setText] = useState(state.q);
  const [shownQ, setShownQ] = useState(state.q);
  if (state.q !== shownQ) {
    setShownQ(state.q);
    setText(state.q);
  }
  const settled = useDebouncedValue(text, 300);
  useEffect(() => {
    if (settled !== state.q) onChange({ q: settled, page: 0 }, { replace: true });
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new settled text searches

  const set = (patch: Partial<ListState>) => onChange({ ...patch, page: 0 });
  const pilotChoices = [...new Set([...pilots.filter((p) => p !== meId), ...(state.pilot && state.pilot !== 'me' ? [state.pilot] : [])])];

  return (
    <form className="filters" role="search" aria-label="Filter operations" onSubmit={(e) => e.preventDefault()} data-testid="operations:filters">
      <label className="field field-grow">
        <span>Search</span>
        <input type="search" value={text} placeholder="Name or description" onChange={(e) => setText(e.target.value)} data-testid="operations:search" />
      </label>
      <label className="field">
        <span>Status</span>
        <select value={state.status} onChange={(e) => set({ status: e.target.value as ListState['status'] })} data-testid="operations:status">
          <option value="">Any</option>
          <option value="UPCOMING">Upcoming</option>
          <option value="ACTIVE">Flying now</option>
          <option value="ENDED">Ended</option>
        </select>
      </label>
      <label className="field">
        <span>Authorization</span>
        <select value={state.auth} onChange={(e) => set({ auth: e.target.value as AuthFilter })} data-testid="operations:auth">
          <option value="">Any</option>
          {Object.entries(AUTH_FILTERS).map(([v, f]) => (
            <option key={v} value={v}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      {/* Operations lie in many zones and the service filters by instants: the days are the browser's, and said so. */}
      <label className="field">
        <span>
          From <span className="muted small">({BROWSER_ZONE} days)</span>
        </span>
        <input type="date" value={state.from} max={state.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label className="field">
        <span>
          To <span className="muted small">({BROWSER_ZONE} days)</span>
        </span>
        <input type="date" value={state.to} min={state.from || undefined} onChange={(e) => set({ to: e.target.value })} />
      </label>
      <label className="field">
        <span>Flight type</span>
        <select value={state.type} onChange={(e) => set({ type: e.target.value as ListState['type'] })}>
          <option value="">Any</option>
          <option value="FLIGHT_TYPE_COMMERCIAL">Commercial (Part 107)</option>
          <option value="FLIGHT_TYPE_RECREATIONAL">Recreational (44809)</option>
        </select>
      </label>
      {isOperator && (
        <label className="field">
          <span>Pilot</span>
          <select value={state.pilot} onChange={(e) => set({ pilot: e.target.value })} data-testid="operations:pilot">
            <option value="">Anyone</option>
            <option value="me">Me</option>
            {pilotChoices.map((p) => (
              <option key={p} value={p}>
                {pilotLabel(p, meId, names)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field">
        <span>Sort by</span>
        <select value={state.sort} onChange={(e) => set({ sort: e.target.value as OperationSort })} data-testid="operations:sort">
          {Object.entries(SORT_TEXT).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {hasFilters(state) && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setText('');
            onChange({ ...DEFAULT_STATE, sort: state.sort });
          }}
        >
          Clear filters
        </button>
      )}
    </form>
  );
}
