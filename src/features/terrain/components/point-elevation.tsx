/**
 * The ground elevation at one point of the map (POST /v1/elevation), with its source: shown in the
 * map's click popup under what is there.
 */
import { useMemo } from 'react';
import type { Position } from '../../../geo/types';
import { errorMessage } from '../../../lib/api-error';
import { useElevation } from '../api/get-elevation';
import { elevationText, terrainSource } from '../terrain-text';
import '../terrain.css';

interface Props {
  /** [lon, lat]; null: nothing to ask (the popup is closed or blocked). */
  at: Position | null;
}

export function PointElevation({ at }: Props) {
  const body = useMemo(() => (at ? { coordinates: [at] } : null), [at]);
  const query = useElevation(body);
  if (!at) return null;
  const point = query.data?.[0];
  let text;
  if (query.isError) text = `Ground elevation could not be loaded: ${errorMessage(query.error)}`;
  else if (!point) text = 'Reading the ground elevation…';
  else {
    const source = terrainSource(point.source);
    text = (
      <>
        Ground <strong data-testid="elevation:value">{elevationText(point.elevationFt)}</strong>{' '}
        <span className="muted" data-testid="elevation:source" data-kind={source.kind} title={source.caveat}>
          ({source.label}
          {source.kind === 'model' ? ', rough' : ''})
        </span>
      </>
    );
  }
  return (
    <p className="small point-elevation" data-testid="elevation:point">
      {text}
    </p>
  );
}
