import { useMemo } from 'react';
import type { Geometry } from 'geojson';
import { areaTimeZone, timeZoneTable } from '../geo/time-zone-at';
import { useLazyModule } from './use-lazy-module';

/** The zone of an area (geo/time-zone-at), once the zone table has loaded; null until then. */
export function useAreaZone(boundary: Geometry | null | undefined): string | null {
  const ready = useLazyModule(timeZoneTable, !!boundary);
  return useMemo(() => (ready && boundary ? areaTimeZone(boundary) : null), [ready, boundary]);
}
