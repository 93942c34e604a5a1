/**
 * The map styles (spec 4.13): MapLibre style documents, version 8, whose sources, glyphs and sprite
 * point back at this service with absolute URLs built from the address the request came to, so a
 * portal served from another origin (a CDN) loads everything from here.
 */
import type { LayerSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { layers as protomapsLayers, namedFlavor } from '@protomaps/basemaps';
import type { Dataset } from '../../data/dataset';
import { tileSourceInfo, type TileSourceName } from '../render';
import type { StreetsInfo } from '../streets';
import { SPRITE_NAME } from '../sprites';
import { airspaceAreaLayers } from './airspace-areas';
import { airspaceSymbolLayers } from './airspace-symbols';
import { basemapLayers, placeLayers } from './basemap-layers';
import { DARK, LIGHT, type Palette } from './palette';

export const STYLES: Record<string, { title: string; palette: Palette }> = {
  light: { title: 'SkyPlan light', palette: LIGHT },
  dark: { title: 'SkyPlan dark', palette: DARK },
};

export const STYLE_NAMES = Object.keys(STYLES);

export function isStyleName(name: string): boolean {
  return Object.hasOwn(STYLES, name);
}

/** The contiguous United States, where the portal opens by default. */
const CENTER: [number, number] = [-98.5, 39.5];

function vectorSource(origin: string, name: TileSourceName, dataset: Dataset): StyleSpecification['sources'][string] {
  const info = tileSourceInfo(name, dataset);
  return {
    type: 'vector',
    tiles: [`${origin}/tiles/${name}/{z}/{x}/{y}.pbf`],
    minzoom: info.minzoom,
    maxzoom: info.maxzoom,
    bounds: info.bounds,
    attribution: info.attribution,
  };
}

/** The street basemap's source id in a style (see streets.ts). */
export const STREETS_SOURCE = 'streets';

function streetsSource(origin: string, info: StreetsInfo): StyleSpecification['sources'][string] {
  return {
    type: 'vector',
    tiles: [`${origin}/tiles/${STREETS_SOURCE}/{z}/{x}/{y}.pbf`],
    minzoom: info.minzoom,
    maxzoom: info.maxzoom,
    bounds: info.bounds,
    attribution: info.attribution,
  };
}

/**
 * The style document, or null for an unknown name. `origin` is scheme://host[:port] without a slash.
 * With `streets` (a Protomaps archive is served) the basemap is Protomaps' own flavour of the same
 * name drawn from it; without, the offline basemap. Airspace layers always come after the basemap's,
 * so they draw on top of it.
 */
export function buildStyle(name: string, origin: string, dataset: Dataset, streets: StreetsInfo | null = null): StyleSpecification | null {
  if (!isStyleName(name)) return null;
  const { title, palette } = STYLES[name]!;
  const layers: LayerSpecification[] = streets
    ? [
        // Protomaps' layer objects are plain MapLibre layers; its package types them with its own copy of the spec.
        ...(protomapsLayers(STREETS_SOURCE, namedFlavor(name), { lang: 'en' }) as LayerSpecification[]),
        ...airspaceAreaLayers(palette),
        ...airspaceSymbolLayers(palette),
      ]
    : [...basemapLayers(palette), ...airspaceAreaLayers(palette), ...placeLayers(palette), ...airspaceSymbolLayers(palette)];
  const basemapSources: StyleSpecification['sources'] = streets
    ? { [STREETS_SOURCE]: streetsSource(origin, streets) }
    : { basemap: vectorSource(origin, 'basemap', dataset) };
  return {
    version: 8,
    name: title,
    metadata: { 'skyplan:style': name, 'skyplan:dataset': dataset.version, 'skyplan:basemap': streets ? 'streets' : 'offline' },
    center: CENTER,
    zoom: 3.5,
    sprite: `${origin}/sprites/${SPRITE_NAME}`,
    glyphs: `${origin}/fonts/{fontstack}/{range}.pbf`,
    sources: {
      ...basemapSources,
      airspace: vectorSource(origin, 'airspace', dataset),
    },
    layers,
  };
}
