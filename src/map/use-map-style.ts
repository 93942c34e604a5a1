/**
 * The styles a map loads for the current theme and settings: the service style (airspace on top) and
 * the basemap style drawn under it, if any, from Settings or the deployment's BASEMAP_STYLE_URL
 * (GET /styles). While that answer is pending the service's own basemap shows.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { request, schemaFrom } from '../lib/api-client';
import { useSettings, type BasemapSetting } from '../lib/settings';
import type { MapConfig } from '../../server/contract/map-config';
import { chooseMapStyle, type MapStyleChoice } from './basemap-style';
import { serviceStyleUrl } from './map-prefetch';

/** The service's map configuration (GET /styles): its styles and the online maps it offers. */
export function useMapConfig(): MapConfig | null {
  const { remote } = useSettings();
  const config = useQuery({
    queryKey: mapConfigKeys.of(remote?.baseUrl ?? null),
    queryFn: ({ signal }) => request('/styles', schemaFrom(() => import('../../server/contract/map-config'), 'MapConfigSchema'), { signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  return config.data ?? null;
}

export const mapConfigKeys = {
  of: (baseUrl: string | null) => ['map-config', baseUrl] as const,
};

/** The maps a person can choose, with the host each reveals the viewed area to (null: this service). */
export interface MapChoice {
  value: BasemapSetting;
  label: string;
  host: string | null;
}

export function mapChoices(config: MapConfig | null): MapChoice[] {
  const host = (u: string) => {
    try {
      return new URL(u.replace(/\{[xyz]\}/g, '0')).host;
    } catch {
      return null;
    }
  };
  const out: MapChoice[] = [];
  const streets = config?.maps?.streets;
  if (streets) out.push({ value: 'streets', label: 'Streets and buildings', host: host(streets.styleUrl) });
  const aerial = config?.maps?.aerial;
  if (aerial) out.push({ value: 'aerial', label: 'Aerial imagery', host: host(aerial.tilesUrl) });
  out.push({ value: 'offline', label: 'Offline map', host: null });
  return out;
}

export function useMapStyle(theme: 'light' | 'dark'): MapStyleChoice {
  const { remote, basemap, basemapUrl } = useSettings();
  const data = useMapConfig();
  // serviceStyleUrl reads `remote`; it is in the dependencies for that reason.
  return useMemo(() => chooseMapStyle(serviceStyleUrl(theme), basemap, basemapUrl, data), [theme, remote, basemap, basemapUrl, data]); // eslint-disable-line react-hooks/exhaustive-deps
}
