/**
 * MapController at a style load, without WebGL (maplibre-gl replaced by a recording stand-in): the
 * portal's GeoJSON sources are added empty, and only a source that has something to show, or that a
 * style swap carried over, is given its data again. An empty source given another empty collection is
 * indexed and its tiles loaded once more, six times over before the map is first idle.
 */
import type { FeatureCollection } from 'geojson';
import { describe, expect, it, vi } from 'vitest';

class FakeSource {
  readonly set: FeatureCollection[] = [];
  setData(d: FeatureCollection) {
    this.set.push(d);
  }
}

class FakeMap {
  static last: FakeMap;
  readonly sources = new Map<string, FakeSource>();
  readonly layers = new Set<string>();
  private readonly handlers = new Map<string, Array<() => void>>();
  constructor() {
    FakeMap.last = this;
  }
  on(event: string, fn: () => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  once(event: string, fn: () => void) {
    return this.on(event, fn);
  }
  emit(event: string) {
    for (const fn of this.handlers.get(event) ?? []) fn();
  }
  addControl() {}
  getSource(id: string) {
    return this.sources.get(id);
  }
  addSource(id: string) {
    this.sources.set(id, new FakeSource());
  }
  getLayer(id: string) {
    return this.layers.has(id) ? { id } : undefined;
  }
  addLayer(l: { id: string }) {
    this.layers.add(l.id);
  }
  moveLayer() {}
  setLayoutProperty() {}
  /** A new style: MapLibre drops the layers; carryOver (transformStyle) keeps the portal's sources. */
  swapStyle() {
    this.layers.clear();
    this.emit('style.load');
  }
}

vi.mock('maplibre-gl', () => {
  class Control {
    on() {}
  }
  return { Map: FakeMap, NavigationControl: Control, GeolocateControl: Control, ScaleControl: Control, Popup: Control, setWorkerUrl: () => {} };
});

const { MapController } = await import('./map-controller');

const make = () =>
  new MapController(document.createElement('div'), { styleUrl: 'http://svc/styles/light/style.json', fallbackBackground: '#fff', center: [0, 0], zoom: 1, handlers: { onChange() {}, onStateChange() {} } });

describe('MapController at a style load', () => {
  it('adds the six sources empty and does not set them empty again', () => {
    make();
    const map = FakeMap.last;
    map.emit('style.load');
    expect([...map.sources.keys()].sort()).toEqual(['plan-boundary', 'plan-conflicts', 'plan-ground', 'plan-highlight', 'plan-problems', 'plan-route']);
    for (const [id, s] of map.sources) expect(s.set, id).toEqual([]);
  });

  it('gives a source added now the data the page set before the style loaded', () => {
    const c = make();
    const map = FakeMap.last;
    c.setRoute({ line: [[0, 0], [1, 1]], points: [] });
    c.setOverlays({ boundary: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }, invalid: false, problems: null, highlight: null });
    map.emit('style.load');
    expect(map.sources.get('plan-route')!.set.at(-1)!.features).toHaveLength(1);
    expect(map.sources.get('plan-boundary')!.set.at(-1)!.features).toHaveLength(1);
    expect(map.sources.get('plan-ground')!.set).toEqual([]);
  });

  it('after a style swap sets every carried-over source again, empty ones too', () => {
    make();
    const map = FakeMap.last;
    map.emit('style.load');
    map.swapStyle();
    for (const [id, s] of map.sources) expect(s.set, id).toHaveLength(1);
  });
});
