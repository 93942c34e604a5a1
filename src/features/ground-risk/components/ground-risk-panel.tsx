/**
 * Who lives under the flight: population-density hexagons (POST /v2/groundType) at a resolution
 * that keeps the cell count small for the area's size, drawn on the map, and the share of the area
 * in each density class.
 */
import type { FeatureCollection } from 'geojson';
import { useEffect, useId, useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states';
import { areaSqMi } from '../../../geo/area-sq-mi';
import { groundResolution } from '../../../geo/ground-resolution';
import type { PolygonGeometry } from '../../../geo/types';
import { SQ_METERS_PER_SQ_MI } from '../../../../server/contract/units';
import { useGroundType } from '../api/get-ground-type';
import { densitySummary } from '../density-shares';
import { DensityChart } from './density-chart';
import '../ground-risk.css';
import { GROUND_RISK_NO_AREA } from '../panel-text';

interface Props {
  /** null while `blockedText` says why there is nothing to ask about. */
  boundary: PolygonGeometry | null;
  blockedText: string | null;
  /** The hexagons to draw (null: none). */
  onHexes(hexes: FeatureCollection | null): void;
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Two significant figures: the model is an estimate, and 3,217 people per km² would claim more than it knows. */
export function roughly(n: number): number {
  if (n < 10) return Math.round(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
}

export function GroundRiskPanel({ boundary, blockedText, onHexes }: Props) {
  // Off until asked for: over an airfield the hexagons hide the facility-map ceilings a pilot reads first.
  const [onMap, setOnMap] = useState(false);
  const checkId = useId();
  const body = useMemo(() => (boundary ? { geometry: boundary, resolution: groundResolution(areaSqMi(boundary) * SQ_METERS_PER_SQ_MI) } : null), [boundary]);
  const query = useGroundType(blockedText ? null : body);
  const cells = blockedText ? undefined : query.data;
  const summary = useMemo(() => (cells ? densitySummary(cells) : null), [cells]);
  const hexes = useMemo<FeatureCollection | null>(() => (cells && onMap ? { type: 'FeatureCollection', features: cells } : null), [cells, onMap]);
  useEffect(() => onHexes(hexes), [hexes, onHexes]);
  // Leaving the page takes the hexagons with it.
  useEffect(() => () => onHexes(null), [onHexes]);

  let content;
  if (blockedText || !boundary) {
    content = (
      <p className="muted small" data-testid="ground-risk:blocked">
        {blockedText ?? GROUND_RISK_NO_AREA}
      </p>
    );
  } else if (query.isError && !query.data) {
    content = <ErrorState title="The population density could not be loaded." error={query.error} onRetry={() => void query.refetch()} testId="ground-risk:error" />;
  } else if (!summary) {
    content = <LoadingState label="Loading the population density…" testId="ground-risk:loading" />;
  } else if (summary.cells === 0) {
    content = <EmptyState title="The service has no population cells for this area." testId="ground-risk:empty" />;
  } else {
    const updating = query.isPlaceholderData || query.isFetching;
    content = (
      <div className={updating ? 'ground-risk-updating' : undefined} aria-busy={updating || undefined} data-testid="ground-risk:result">
        <p className="small" data-testid="ground-risk:summary">
          The model puts most of the area in the <strong>{summary.dominant}</strong> class, up to about {number.format(roughly(summary.maxPopPerSqKm))} people per km².
        </p>
        <p className="muted small" data-testid="ground-risk:caveat">
          Modelled from the populations of nearby cities and towns (GeoNames), not counted on the ground: an airfield, a park or
          water reads like the places around it. Look at the site yourself.
        </p>
        <DensityChart summary={summary} />
        <label className="check screen-only" htmlFor={checkId}>
          <input id={checkId} type="checkbox" checked={onMap} onChange={(e) => setOnMap(e.target.checked)} />
          <span>Show the density hexagons on the map</span>
        </label>
      </div>
    );
  }

  return (
    <section className="panel-section" aria-labelledby="ground-risk-heading" data-testid="ground-risk">
      <h2 id="ground-risk-heading">Ground risk</h2>
      {content}
    </section>
  );
}
