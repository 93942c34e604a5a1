import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states';
import { DisplayMap } from '../../../map/display-map';
import type { DisplayShape } from '../../../map/operation-layers';
import { hasFilters, PAGE_SIZE, readListState, writeListState, type ListState } from '../list-params';
import { useOperationsPage } from '../use-operations-page';
import { OperationsFilters } from './operations-filters';
import { OperationsTable } from './operations-table';
import '../operations-list.css';

interface Props {
  meId: string | null;
  isOperator: boolean;
}

/** /operations: the operations the person may see, filtered, sorted and paged, with a map of those listed. */
export function OperationsPage({ meId, isOperator }: Props) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const { query, rows, total, pilots, pageCount, updating } = useOperationsPage(state, meId);

  const update = useCallback(
    (patch: Partial<ListState>, opts: { replace?: boolean } = {}) => setParams(writeListState({ ...state, ...patch }), { replace: opts.replace ?? false }),
    [setParams, state],
  );
  const shapes = useMemo<DisplayShape[]>(() => rows.map((o) => ({ id: o.id, kind: 'operation', tone: 'info', geometry: o.boundary })), [rows]);

  let body;
  if (query.isError && !query.data) {
    body = <ErrorState title="The operations could not be loaded." error={query.error} onRetry={() => void query.refetch()} testId="operations:error" />;
  } else if (!query.data) {
    body = <LoadingState label="Loading your operations…" rows={5} testId="operations:loading" />;
  } else if (total === 0 && !hasFilters(state)) {
    body = (
      <EmptyState title="No operations yet" testId="operations:empty">
        <p>Plan a flight: draw its area, read the briefing, then create the operation and request LAANC where needed.</p>
        <Link className="button button-primary" to="/plan">
          Plan a flight
        </Link>
      </EmptyState>
    );
  } else if (total === 0) {
    body = (
      <EmptyState title="No operations match these filters" testId="operations:no-match">
        <p>Try another search, status or date range.</p>
      </EmptyState>
    );
  } else {
    const first = state.page * PAGE_SIZE + 1;
    const last = Math.min(total, first + rows.length - 1);
    body = (
      <div className="ops-list-layout">
        <div className={updating ? 'ops-list-table updating' : 'ops-list-table'} aria-busy={updating || undefined}>
          <OperationsTable
            rows={rows}
            sort={state.sort}
            onSort={(sort) => update({ sort, page: 0 })}
            showPilot={isOperator}
            meId={meId}
            highlighted={highlighted}
            onHighlight={setHighlighted}
            now={query.dataUpdatedAt}
            statuses={query.data.authorizationStatuses}
          />
          <nav className="pager" aria-label="Pages">
            <span data-testid="operations:range" aria-live="polite">
              {first}–{last} of {total}
            </span>
            <span className="toolbar">
              <button type="button" className="button button-small" disabled={state.page === 0} onClick={() => update({ page: state.page - 1 })}>
                Previous
              </button>
              <span className="muted small">
                Page {state.page + 1} of {pageCount}
              </span>
              <button type="button" className="button button-small" disabled={state.page + 1 >= pageCount} onClick={() => update({ page: state.page + 1 })}>
                Next
              </button>
            </span>
          </nav>
        </div>
        <div className="ops-list-map">
          <div className="map-frame">
            <DisplayMap
              shapes={shapes}
              selectedId={highlighted}
              onSelect={(id) => navigate(`/operations/${id}`)}
              label="Map of the operations listed on this page. Each area opens its operation; the table lists the same operations."
            />
          </div>
        </div>
      </div>
    );
  }

  return (
    <main className="page page-wide" id="main">
      <div className="page-head">
        <h1>Operations</h1>
        <Link className="button button-primary" to="/plan">
          Plan a flight
        </Link>
      </div>
      {notice && (
        <div className="notice-bar tone-success" role="status" data-testid="operations:notice">
          <p>{notice}</p>
        </div>
      )}
      <OperationsFilters state={state} onChange={update} isOperator={isOperator} pilots={pilots} meId={meId} />
      {body}
    </main>
  );
}
