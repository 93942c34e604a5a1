import type { Map as MapLibreMap } from 'maplibre-gl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DrawAdapter, type DrawGeometry } from './draw-adapter';

/** A stand-in for mapbox-gl-draw: the adapter must not load the real one until it is needed. */
const created: FakeDraw[] = [];
class FakeDraw {
  mode = 'simple_select';
  held: { id: string; geometry: DrawGeometry }[] = [];
  constructor(readonly map: FakeMap) {
    map.sources.add('mapbox-gl-draw-cold');
  }
  add(f: { id: string; geometry: DrawGeometry }) {
    this.held.push({ id: f.id, geometry: f.geometry });
    return [f.id];
  }
  getAll() {
    return { features: this.held };
  }
  deleteAll() {
    this.held = [];
  }
  delete() {}
  changeMode(m: string) {
    this.mode = m;
  }
  getMode() {
    return this.mode;
  }
}
vi.mock('./draw-control', () => ({
  addDrawControl: (map: FakeMap) => {
    const d = new FakeDraw(map);
    created.push(d);
    return d;
  },
}));

class FakeMap {
  sources = new Set<string>();
  on() {}
  off() {}
  getSource(id: string) {
    return this.sources.has(id) ? {} : undefined;
  }
}

const square: DrawGeometry = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] };
const flush = () => new Promise((r) => setTimeout(r, 0));

function adapter() {
  const states: string[] = [];
  const connected = vi.fn();
  const a = new DrawAdapter(new FakeMap() as unknown as MapLibreMap, { onChange: () => undefined, onStateChange: (s, t) => void states.push(`${s} ${t}`) }, connected);
  return { a, states, connected };
}

describe('the draw adapter loads mapbox-gl-draw only when drawing is needed', () => {
  beforeEach(() => {
    created.length = 0;
  });

  it('creates no draw control for a map with nothing drawn', async () => {
    const { a } = adapter();
    a.set(null);
    await flush();
    expect(created).toHaveLength(0);
    expect(a.mode()).toBe('simple_select');
    expect(a.features()).toEqual([]);
  });

  it('starts drawing once draw has loaded, and only then says so', async () => {
    const { a, states, connected } = adapter();
    a.start('polygon');
    expect(states).toEqual([]);
    await vi.waitFor(() => expect(states).toEqual(['drawing polygon']));
    expect(created).toHaveLength(1);
    expect(a.mode()).toBe('draw_polygon');
    expect(connected).toHaveBeenCalledTimes(1);
  });

  it('a cancel while draw loads wins over the start before it', async () => {
    const { a, states } = adapter();
    a.start('path');
    a.cancel();
    await vi.waitFor(() => expect(created).toHaveLength(1));
    await flush();
    expect(states).toEqual(['idle null']);
    expect(a.mode()).toBe('simple_select');
  });

  it('shows a shape that came from elsewhere once draw has loaded, and loads draw once', async () => {
    const { a } = adapter();
    a.set(square);
    a.prepare();
    await vi.waitFor(() => expect(a.features()).toHaveLength(1));
    expect(a.features()[0]!.geometry).toEqual(square);
    a.set(null);
    expect(a.features()).toEqual([]);
    expect(created).toHaveLength(1);
  });
});
