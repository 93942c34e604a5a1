/**
 * Pieces of the map controller's style handling that need no controller: keeping the portal's own
 * sources and layers across a style swap, the plain style shown when the service's cannot load, and
 * the attribution's first state.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { isOwnSource } from './ids';

/**
 * MapLibre opens the compact attribution until the first drag; with the service's long source
 * list it then covers the bottom of the map, where a pilot clicks corners. Start it closed; the
 * (i) button opens it.
 */
export function collapseAttribution(container: HTMLElement): void {
  const attrib = container.querySelector('.maplibregl-ctrl-attrib.maplibregl-compact-show');
  attrib?.classList.remove('maplibregl-compact-show');
}

export function fallbackStyle(background: string): StyleSpecification {
  return { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': background } }] };
}

export const carryOver = (prev: StyleSpecification | undefined, next: StyleSpecification): StyleSpecification => {
  if (!prev) return next;
  const sources = { ...next.sources };
  for (const [id, src] of Object.entries(prev.sources)) if (isOwnSource(id)) sources[id] = src;
  const kept = prev.layers.filter((l) => 'source' in l && typeof l.source === 'string' && isOwnSource(l.source));
  return { ...next, sources, layers: [...next.layers, ...kept] };
};

