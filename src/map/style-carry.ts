/**
 * Pieces of the map controller's style handling that need no controller: keeping the portal's own
 * sources and layers across a style swap, the plain style shown when the service's cannot load, and
 * the attribution's first state.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { isOwnSource } from './ids';

/**
 * MapLibre opens the compact attribution the first time it has text, until the first drag; with the
 * service's long source list it then covers the map (all of a phone's operations map), where a pilot
 * clicks corners. It has text once a source with an attribution is used, which may be after the map's
 * `load` (the operations list's map: its first frame is the whole country), so closing it at `load`
 * missed it. MapLibre opens it only when it makes it compact itself: marked compact from the start
 * (right after the map is made), it starts closed; the (i) button opens it.
 */
export function collapseAttribution(container: HTMLElement): void {
  const attrib = container.querySelector('.maplibregl-ctrl-attrib');
  attrib?.classList.add('maplibregl-compact');
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

