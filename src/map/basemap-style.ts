/**
 * Drawing the airspace over another MapLibre style: the other style's sources and layers first, then
 * the service style's airspace source and layers, so the airspace is always on top. A style has one
 * glyph URL and one default sprite, so the two are reconciled here (see composeBasemap).
 */
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import type { MapConfig } from '../../server/contract/map-config';
import type { BasemapSetting } from '../lib/settings';

/** The service style's airspace source; every layer drawn from it is airspace. */
export const AIRSPACE_SOURCE = 'airspace';
/** Id under which another style's own sprite is kept (the service's sprite stays the default). */
export const BASEMAP_SPRITE_ID = 'basemap';

/** Source id of the aerial imagery (a raster source built here from the configured tile template). */
export const AERIAL_SOURCE = 'aerial';

/** A map drawn under the airspace instead of the service's own basemap. */
export type BasemapSource =
  | { map: 'streets' | 'custom'; kind: 'style'; url: string; attribution: string | null }
  | { map: 'aerial'; kind: 'raster'; tilesUrl: string; attribution: string; maxZoom: number };

export interface MapStyleChoice {
  /** The service style, with its airspace (and its own basemap unless basemap is set). */
  styleUrl: string;
  /** What is drawn under the airspace instead of the service's basemap, or null. */
  basemap: BasemapSource | null;
}

/** The host a basemap reveals the viewed area to (null: none, the service's own map). */
export function basemapHost(b: BasemapSource | null): string | null {
  if (!b) return null;
  try {
    return new URL(b.kind === 'style' ? b.url : b.tilesUrl.replace(/\{[xyz]\}/g, '0')).host;
  } catch {
    return null;
  }
}

/** One string per basemap, to compare choices (the hooks derive a new object on every render). */
export function basemapKey(b: BasemapSource | null): string {
  return b ? JSON.stringify(b) : '';
}

/**
 * Which styles the map loads for a theme. `serviceStyle` is the absolute URL of /styles/{theme}/style.json.
 * Streets and aerial come from the service's map configuration (GET /styles); while it has not
 * answered, or where it offers no such map, the service's own basemap is drawn. A custom URL that is not
 * http(s) is ignored. The offline choice asks for the offline basemap even where a street archive is served.
 */
export function chooseMapStyle(serviceStyle: string, setting: BasemapSetting, customUrl: string, config: MapConfig | null): MapStyleChoice {
  if (setting === 'offline') return { styleUrl: `${serviceStyle}?basemap=offline`, basemap: null };
  if (setting === 'custom') return { styleUrl: serviceStyle, basemap: isHttpUrl(customUrl) ? { map: 'custom', kind: 'style', url: customUrl.trim(), attribution: null } : null };
  const maps = config?.maps;
  if (setting === 'aerial' && maps?.aerial) {
    const { tilesUrl, attribution, maxZoom } = maps.aerial;
    return { styleUrl: serviceStyle, basemap: { map: 'aerial', kind: 'raster', tilesUrl, attribution, maxZoom } };
  }
  if (maps?.streets) return { styleUrl: serviceStyle, basemap: { map: 'streets', kind: 'style', url: maps.streets.styleUrl, attribution: maps.streets.attribution } };
  // An older service: its BASEMAP_STYLE_URL, else its own styles.
  const legacy = config?.styleUrl ?? null;
  return { styleUrl: serviceStyle, basemap: legacy ? { map: 'streets', kind: 'style', url: legacy, attribution: null } : null };
}

/** The aerial imagery as a style of its own: one raster source and layer, credited. */
export function rasterStyle(b: Extract<BasemapSource, { kind: 'raster' }>): StyleSpecification {
  return {
    version: 8,
    name: 'aerial',
    sources: { [AERIAL_SOURCE]: { type: 'raster', tiles: [b.tilesUrl], tileSize: 256, maxzoom: b.maxZoom, attribution: b.attribution } },
    layers: [{ id: 'aerial-imagery', type: 'raster', source: AERIAL_SOURCE }],
  };
}

/**
 * The configured credit on every source of another style: a style's sources may carry none (a
 * TileJSON without one), and the credit the deployment names must be on the map.
 */
export function withAttribution(style: StyleSpecification, attribution: string | null): StyleSpecification {
  if (!attribution) return style;
  const sources = Object.fromEntries(Object.entries(style.sources).map(([id, src]) => [id, src.type === 'vector' || src.type === 'raster' || src.type === 'raster-dem' || src.type === 'geojson' ? { ...src, attribution } : src]));
  return { ...style, sources } as StyleSpecification;
}

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The first text-font of the style given as a plain list: one its glyph server is sure to have. */
function firstFont(style: StyleSpecification): string[] | null {
  for (const l of style.layers) {
    if (l.type !== 'symbol') continue;
    const f = l.layout?.['text-font'];
    if (Array.isArray(f) && f.length > 0 && f.every((x) => typeof x === 'string')) return f as string[];
  }
  return null;
}

type SpriteList = Array<{ id: string; url: string }>;

function spritesOf(style: StyleSpecification): SpriteList {
  const s = style.sprite;
  if (!s) return [];
  if (typeof s === 'string') return [{ id: BASEMAP_SPRITE_ID, url: s }];
  return s.map((e) => (e.id === 'default' ? { id: BASEMAP_SPRITE_ID, url: e.url } : e));
}

/** A layer of the other style whose icon was in its default sprite now names it with the sprite's id. */
function prefixIcon(layer: LayerSpecification, hadDefault: boolean): LayerSpecification {
  if (!hadDefault || layer.type !== 'symbol') return layer;
  const icon = layer.layout?.['icon-image'];
  // Only plain names can be prefixed safely; names made by expressions stay as they are (at worst
  // such an icon is missing, the label still shows).
  if (typeof icon !== 'string' || icon === '' || icon.includes(':')) return layer;
  return { ...layer, layout: { ...layer.layout, 'icon-image': `${BASEMAP_SPRITE_ID}:${icon}` } };
}

export function composeBasemap(base: StyleSpecification, service: StyleSpecification): StyleSpecification {
  const airspace = service.sources[AIRSPACE_SOURCE];
  if (!airspace) return service;
  const hadDefault = typeof base.sprite === 'string' || (Array.isArray(base.sprite) && base.sprite.some((e) => e.id === 'default'));
  const font = base.glyphs ? firstFont(base) : null;
  // With the other style's glyphs the airspace labels use its font; without, ours serve everything.
  const glyphs = base.glyphs && font ? base.glyphs : service.glyphs;
  const airspaceLayers = service.layers
    .filter((l) => 'source' in l && l.source === AIRSPACE_SOURCE)
    .map((l) => (glyphs !== service.glyphs && l.type === 'symbol' && l.layout?.['text-font'] ? { ...l, layout: { ...l.layout, 'text-font': font! } } : l));
  const ownSprite = typeof service.sprite === 'string' ? [{ id: 'default', url: service.sprite }] : (service.sprite ?? []);
  const baseLayers = base.layers.filter((l) => !('source' in l) || l.source !== AIRSPACE_SOURCE).map((l) => prefixIcon(l, hadDefault));
  const { center: _c, zoom: _z, bearing: _b, pitch: _p, ...rest } = base;
  return {
    ...rest,
    metadata: { ...(service.metadata as object | undefined), 'skyplan:basemapStyle': base.name ?? 'custom' },
    glyphs,
    sprite: [...ownSprite, ...spritesOf(base)],
    sources: { ...base.sources, [AIRSPACE_SOURCE]: airspace },
    layers: [...baseLayers, ...airspaceLayers],
  };
}

/** Fetches another style; anything that is not a version 8 style with layers is refused. */
export async function loadBasemapStyle(url: string, signal?: AbortSignal): Promise<StyleSpecification> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`answered ${res.status}`);
  const body = (await res.json()) as Partial<StyleSpecification>;
  if (body?.version !== 8 || !Array.isArray(body.layers) || typeof body.sources !== 'object' || body.sources === null) throw new Error('not a MapLibre style (version 8)');
  return body as StyleSpecification;
}
