/**
 * The terrain under a drawn path: the ground profile along it (POST /v2/elevation with the path's
 * LineString) as a chart, with the flight's altitude above it and the source that answered (an
 * imported DEM or the sandbox terrain model, which is rough).
 */
import { useMemo } from 'react';
import { ErrorState, LoadingState } from '../../../components/load-states';
import type { Position } from '../../../geo/types';
import { useElevationProfile } from '../api/get-elevation-profile';
import { elevationText, terrainSource } from '../terrain-text';
import { ProfileChart } from './profile-chart';
import '../terrain.css';

interface Props {
  /** The plan's path; null when the area is not a path. */
  line: Position[] | null;
  /** The flight's altitude above ground, feet; null while it is not valid. */
  altitudeFtAgl: number | null;
  blockedText: string | null;
}

/** Enough for a profile a few pixels per sample wide in the panel, and cheap for the service. */
export const PROFILE_SAMPLES = 80;

export function TerrainProfile({ line, altitudeFtAgl, blockedText }: Props) {
  const body = useMemo(() => (line && line.length >= 2 ? { geometry: { type: 'LineString' as const, coordinates: line }, samples: PROFILE_SAMPLES } : null), [line]);
  const query = useElevationProfile(blockedText ? null : body);
  if (!line) return null;

  let content;
  if (blockedText) {
    content = <p className="muted small">{blockedText}</p>;
  } else if (query.isError && !query.data) {
    content = <ErrorState title="The terrain profile could not be loaded." error={query.error} onRetry={() => void query.refetch()} testId="terrain:error" />;
  } else if (!query.data) {
    content = <LoadingState label="Loading the terrain profile…" rows={2} testId="terrain:loading" />;
  } else {
    const source = terrainSource(query.data.source);
    const covered = query.data.profile.filter((s) => s.elevationFt !== null);
    content = (
      <div aria-busy={query.isPlaceholderData || undefined} data-testid="terrain:result">
        {covered.length > 0 ? (
          <ProfileChart samples={query.data.profile} altitudeFtAgl={altitudeFtAgl} />
        ) : (
          <p className="small">No terrain data along this path.</p>
        )}
        {covered.length > 0 && (
          <p className="small">
            Highest ground {elevationText(Math.max(...covered.map((s) => s.elevationFt!)))}, lowest {elevationText(Math.min(...covered.map((s) => s.elevationFt!)))}.
          </p>
        )}
        <p className="muted small" data-testid="terrain:source" data-kind={source.kind}>
          Source: <strong>{source.label}</strong>. {source.caveat}
        </p>
      </div>
    );
  }
  return (
    <section className="panel-section" aria-labelledby="terrain-heading" data-testid="terrain">
      <h2 id="terrain-heading">Terrain along the path</h2>
      {content}
    </section>
  );
}
