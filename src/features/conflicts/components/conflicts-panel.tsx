/**
 * The organization's other operations that overlap the plan in place and time: listed here and
 * outlined on the map, so a pilot sees who else flies there before creating the operation.
 */
import type { FeatureCollection } from 'geojson';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states';
import { formatWindow } from '../../../components/time-window';
import { continuousGeometry } from '../../../geo/antimeridian';
import type { PolygonGeometry } from '../../../geo/types';
import { CONFLICT_COLOUR } from '../../../map/conflict-layer';
import { useNearbyOperations } from '../api/list-nearby-operations';
import { useLazyModule } from '../../../lib/use-lazy-module';
import { findConflicts, nearbyQuery, overlapTest, type PlanWindow } from '../find-conflicts';
import '../conflicts.css';
import { CONFLICTS_NO_AREA } from '../panel-text';

interface Props {
  boundary: PolygonGeometry | null;
  window: PlanWindow | null;
  /** Says why nothing is asked (no area, a broken limit, signed out). */
  blockedText: string | null;
  onOutlines(outlines: FeatureCollection | null): void;
}

const UNIT: Record<string, string> = { ALTITUDE_UNIT_FEET: 'ft', ALTITUDE_UNIT_METERS: 'm' };

export function ConflictsPanel({ boundary, window, blockedText, onOutlines }: Props) {
  const query = useMemo(() => (boundary && window && !blockedText ? nearbyQuery(boundary, window) : null), [boundary, window, blockedText]);
  const nearby = useNearbyOperations(query);
  // The overlap test loads with the question; until it has, the panel says it is still looking.
  const overlapReady = useLazyModule(overlapTest, query !== null);
  const conflicts = useMemo(() => {
    const overlaps = overlapReady ? overlapTest.current() : null;
    return nearby.data && boundary && window && query && overlaps ? findConflicts(nearby.data, boundary, window, overlaps) : null;
  }, [nearby.data, boundary, window, query, overlapReady]);
  // Drawn in the plan's frame with continuous longitudes: an operation kept across 180° the short way
  // (179.99 → -179.99) would otherwise be drawn around the world.
  const outlines = useMemo<FeatureCollection | null>(() => {
    if (!conflicts?.length) return null;
    const ref = boundary?.coordinates[0]?.[0]?.[0];
    return { type: 'FeatureCollection', features: conflicts.map((op) => ({ type: 'Feature', id: op.id, properties: { name: op.name }, geometry: continuousGeometry(op.boundary, ref) })) };
  }, [conflicts, boundary]);
  useEffect(() => onOutlines(outlines), [outlines, onOutlines]);
  useEffect(() => () => onOutlines(null), [onOutlines]);

  let content;
  if (!query) {
    content = (
      <p className="muted small" data-testid="conflicts:blocked">
        {blockedText ?? CONFLICTS_NO_AREA}
      </p>
    );
  } else if (nearby.isError && !nearby.data) {
    content = <ErrorState title="Other operations could not be checked." error={nearby.error} onRetry={() => void nearby.refetch()} testId="conflicts:error" />;
  } else if (!conflicts) {
    content = <LoadingState label="Looking for operations that overlap this one…" testId="conflicts:loading" />;
  } else if (conflicts.length === 0) {
    content = <EmptyState title="No other operation of your organization overlaps this area and time." testId="conflicts:empty" />;
  } else {
    content = (
      <div data-testid="conflicts:result">
        <p className="small" data-testid="conflicts:summary">
          <span className="conflict-swatch" style={{ borderColor: CONFLICT_COLOUR }} aria-hidden="true" />
          {conflicts.length} {conflicts.length === 1 ? 'operation overlaps' : 'operations overlap'} this area and time (dashed on the map).
        </p>
        <ul className="conflict-list">
          {conflicts.map((op) => (
            <li key={op.id} className="conflict" style={{ ['--conflict' as string]: CONFLICT_COLOUR }} data-testid="conflicts:item" data-id={op.id}>
              <Link to={`/operations/${op.id}`} className="conflict-name">
                {op.name}
              </Link>
              <span className="small muted">
                {formatWindow(op.startTime, op.endTime, op.timezone)} · {op.minAltitude}–{op.maxAltitude} {UNIT[op.altitudeUnit] ?? ''}
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <section className="panel-section" aria-labelledby="conflicts-heading" data-testid="conflicts">
      <h2 id="conflicts-heading">Conflicts</h2>
      {content}
    </section>
  );
}
