/**
 * The advisories over the flight area (POST /v1/advisories/geojson), filtered by source and time.
 * The briefing says what the rules make of the area; this lists every advisory behind it, FAA and
 * community, so a pilot can also look at a wider window than the flight's.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Geometry } from '../../../../server/contract/common';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states';
import { useAreaAdvisories } from '../api/get-area-advisories';
import { advisoryRequest, bySeverity, DEFAULT_FILTERS, type AdvisoryArea } from '../advisory-filters';
import { groupAlike } from '../alike';
import { AdvisoryFiltersForm } from './advisory-filters-form';
import { AdvisoryItem } from './advisory-item';
import '../advisories.css';
import { ADVISORIES_NO_AREA } from '../panel-text';

interface Props {
  /** null while `blockedText` says why there is nothing to ask about. */
  area: AdvisoryArea | null;
  blockedText: string | null;
  timeZone: string;
  onHighlight(geometry: Geometry | null): void;
}

export function AdvisoriesPanel({ area, blockedText, timeZone, onHighlight }: Props) {
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  const [shownId, setShownId] = useState<string | null>(null);
  const body = useMemo(() => (area ? advisoryRequest(area, filters) : null), [area, filters]);
  const query = useAreaAdvisories(blockedText ? null : body);
  const advisories = useMemo(() => (query.data ?? []).map((a, i) => ({ a, key: a.id ?? String(i) })).sort((x, y) => bySeverity(x.a.properties ?? {}, y.a.properties ?? {})), [query.data]);
  const groups = useMemo(() => groupAlike(advisories), [advisories]);

  // A new answer (other filters, another area) has other advisories: take the old one off the map.
  const highlighted = useRef(false);
  useEffect(() => {
    if (!highlighted.current) return;
    highlighted.current = false;
    setShownId(null);
    onHighlight(null);
  }, [query.data, onHighlight]);

  const show = (key: string, geometry: Geometry | null) => {
    const next = shownId === key ? null : key;
    setShownId(next);
    highlighted.current = next !== null;
    onHighlight(next && geometry ? geometry : null);
  };

  let content;
  if (blockedText || !area) {
    content = (
      <p className="muted small" data-testid="advisories:blocked">
        {blockedText ?? ADVISORIES_NO_AREA}
      </p>
    );
  } else if (query.isError && !query.data) {
    content = <ErrorState title="The advisories could not be loaded." error={query.error} onRetry={() => void query.refetch()} testId="advisories:error" />;
  } else if (!query.data) {
    content = <LoadingState label="Loading the advisories…" testId="advisories:loading" />;
  } else if (advisories.length === 0) {
    content = <EmptyState title="No advisories for this area and time." testId="advisories:empty" />;
  } else {
    const updating = query.isPlaceholderData || query.isFetching;
    const counts = ['warning', 'caution', 'information']
      .map((sev) => [sev, advisories.filter(({ a }) => a.properties?.severity === sev).length] as const)
      .filter(([, n]) => n > 0)
      .map(([sev, n]) => `${n} ${sev}`);
    content = (
      <div className={updating ? 'advisories-updating' : undefined} aria-busy={updating || undefined} data-testid="advisories:result">
        <p className="small" data-testid="advisories:summary">
          {advisories.length} {advisories.length === 1 ? 'advisory' : 'advisories'}
          {counts.length > 0 ? `: ${counts.join(', ')}.` : '.'}
        </p>
        <ul className="advisory-list">
          {groups.map(({ advisory, key, count, geometry }) => (
            <AdvisoryItem key={key} advisory={advisory} count={count} hasGeometry={geometry !== null} timeZone={timeZone} shown={shownId === key} onShow={() => show(key, geometry)} />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <section className="panel-section" aria-labelledby="advisories-heading" data-testid="advisories">
      <h2 id="advisories-heading">Advisories</h2>
      {area && !blockedText && <AdvisoryFiltersForm value={filters} onChange={setFilters} />}
      {content}
    </section>
  );
}
