/**
 * The styles a map loads for the current theme and settings: the service style (airspace on top) and
 * the basemap style drawn under it, if any, from Settings or the deployment's BASEMAP_STYLE_URL
 * (GET /styles). While that answer is pending the service's own basemap shows.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { request, schemaFrom } from '../lib/api-client';
import { useSettings } from '../lib/settings';
import { chooseMapStyle, type MapStyleChoice } from './basemap-style';
import { serviceStyleUrl } from './map-prefetch';

export function useMapStyle(theme: 'light' | 'dark'): MapStyleChoice {
  const { remote, basemap, basemapUrl } = useSettings();
  const config = useQuery({
    queryKey: ['map-config', remote?.baseUrl ?? null],
    queryFn: ({ signal }) => request('/styles', schemaFrom(() => import('../../server/contract/map-config'), 'MapConfigSchema'), { signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const data = config.data ?? null;
  // serviceStyleUrl reads `remote`; it is in the dependencies for that reason.
  return useMemo(() => chooseMapStyle(serviceStyleUrl(theme), basemap, basemapUrl, data), [theme, remote, basemap, basemapUrl, data]); // eslint-disable-line react-hooks/exhaustive-deps
}
