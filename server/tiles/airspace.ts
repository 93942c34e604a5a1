/**
 * The airspace source: the current dataset's features cut into vector tiles. One AirspaceTiles per
 * Dataset object (a new version is a new object), so requests in flight finish on the dataset they
 * started with; layers whose content did not change are carried over from the previous one, so a TFR
 * refresh does not rebuild the facility-map grid. TFRs are kept apart: whether one is active depends
 * on the time, so their part is rebuilt whenever some TFR starts or ends (an "epoch").
 */
import { createHash } from 'node:crypto';
import type { Feature, Geometry } from 'geojson';
import { peekGeometry, pendingGeometryBox } from '../data/lazy-geometry';
import type { Dataset } from '../data/dataset';
import { LAYERS, type AirspaceFeature, type Layer } from '../data/model';
import { AIRSPACE_ZOOMS, tfrChangeTimes, tfrTileFeature, tileFeature, tileProperties, toweredAirports, type TileFeatureContext } from './airspace-features';
import type { TileCoord } from './tile-coords';
import { anyBBox, encodeLayers, TileSet, type TileLayers, type TilePart } from './tileset';
import { mergeCellRuns } from './uasfm-runs';

/** Deepest zoom with its own detail; MapLibre overzooms beyond. */
export const AIRSPACE_MAXZOOM = 14;
/** Facility-map cells are drawn one by one from this zoom; shallower tiles carry merged runs. */
export const UASFM_CELL_ZOOM = 12;

/**
 * Ceiling labels of facility-map cells as points at the cells' centres. A label on the cell polygon
 * itself would be drawn once per tile a cell straddles; a point in two tiles' buffers is one label.
 */
export const UASFM_LABEL_LAYER = 'uasfm_label';

/** Source-layers of the tiles: every dataset layer (NOTAMs included when they carry a geometry). */
export const AIRSPACE_LAYERS: readonly string[] = [...LAYERS, UASFM_LABEL_LAYER];

function cellLabel(properties: Feature['properties'], [w, s, e, n]: readonly [number, number, number, number]): Feature {
  return { type: 'Feature', properties, geometry: { type: 'Point', coordinates: [(w + e) / 2, (s + n) / 2] } };
}

/**
 * The labels of cells [from, to): each cell's box read from the dataset's file without decoding its
 * geometry when it was not read yet (the same min and max over the same numbers: lazy-geometry.ts). Made
 * from tileFeature's cells, the labels of the national sandbox's 84,000 cells decoded every cell's ring
 * once more only to find its centre (~1.5 s of the first z12 tile at load 11, docs/perf.md).
 */
function cellLabels(cells: readonly Indexed[], from: number, to: number, ctx: TileFeatureContext): Feature[] {
  const out: Feature[] = [];
  for (let i = from; i < to; i++) {
    const { f } = cells[i]!;
    out.push(cellLabel(tileProperties(f, ctx), pendingGeometryBox(f) ?? anyBBox(peekGeometry(f) as Geometry)));
  }
  return out;
}

const CLASS_RANK: Record<string, number> = { CLASS_E: 0, CLASS_D: 1, CLASS_C: 2, CLASS_B: 3 };

/** Class E under D under C under B, so the more restrictive class is drawn on top. */
function drawOrder(a: AirspaceFeature, b: AirspaceFeature): number {
  return (CLASS_RANK[a.subtype as string] ?? 0) - (CLASS_RANK[b.subtype as string] ?? 0);
}

type Indexed = { f: AirspaceFeature; index: number };

/** The parts of one layer. Ids are positions within the layer, so a reused layer keeps its ids. */
function layerParts(layer: Layer, list: readonly Indexed[], ctx: TileFeatureContext): TilePart[] {
  const [minzoom, maxzoom] = AIRSPACE_ZOOMS[layer];
  const ordered = layer === 'class_airspace' ? [...list].sort((a, b) => drawOrder(a.f, b.f)) : list;
  // Not memoized: each part keeps what it builds in the part cache, and an evicted part must free it.
  const slice = (from: number, to: number) => {
    const out: Feature[] = [];
    for (let i = from; i < to; i++) out.push(tileFeature(ordered[i]!.f, ordered[i]!.index, ctx));
    return out;
  };
  const features = () => slice(0, ordered.length);
  // The same features a slice at a time, for TileSet.prepare() (the first deep tile after a start).
  const slices = { count: ordered.length, slice };
  if (layer === 'uasfm') {
    return [
      { layer, minzoom, maxzoom: UASFM_CELL_ZOOM, detailZoom: UASFM_CELL_ZOOM, features: () => mergeCellRuns(features()), slices: { ...slices, finish: mergeCellRuns } },
      { layer, minzoom: UASFM_CELL_ZOOM, detailZoom: AIRSPACE_MAXZOOM, features, slices },
      { layer: UASFM_LABEL_LAYER, minzoom: UASFM_CELL_ZOOM, detailZoom: AIRSPACE_MAXZOOM, features: () => cellLabels(ordered, 0, ordered.length, ctx), slices: { count: ordered.length, slice: (a: number, b: number) => cellLabels(ordered, a, b, ctx) } },
    ];
  }
  // Not sharedGeometry: tileFeature peeks at the dataset's geometry (a copy when it was not read yet), so
  // the part packs and counts what it holds.
  return [{ layer, minzoom, ...(maxzoom !== undefined ? { maxzoom } : {}), detailZoom: AIRSPACE_MAXZOOM, features, slices }];
}

/**
 * What a layer's tiles depend on: its features' ids and the versions of the sources they come from
 * (a source's version changes with its data, see DatasetSource), plus, for airports, which ones are
 * towered. A dataset swap that changes only TFRs keeps every other layer's fingerprint.
 */
function fingerprint(layer: Layer, list: readonly Indexed[], dataset: Dataset, towered: ReadonlySet<string>): string {
  const h = createHash('sha1').update(layer);
  const sources = new Set<string>();
  for (const { f } of list) {
    h.update(f.id).update('\n');
    sources.add(f.sourceId);
  }
  for (const s of dataset.sources) if (sources.has(s.id)) h.update(`${s.id}@${s.version}\n`);
  if (layer === 'airport') h.update([...towered].sort().join(','));
  return `${layer}:${list.length}:${h.digest('base64url')}`;
}

/** The layer tile sets of the newest AirspaceTiles, by fingerprint, for the next one to reuse. */
let reusable = new Map<string, TileSet>();

export class AirspaceTiles {
  readonly version: string;
  private readonly layers: TileSet[] = [];
  private readonly tfrs: Indexed[] = [];
  private readonly changes: number[];
  private tfrSet: { epoch: number; set: TileSet } | null = null;

  constructor(dataset: Dataset) {
    this.version = dataset.version;
    const byLayer = new Map<Layer, Indexed[]>();
    for (const f of dataset.features) {
      let list = byLayer.get(f.layer);
      if (!list) byLayer.set(f.layer, (list = []));
      list.push({ f, index: list.length });
    }
    this.tfrs = byLayer.get('tfr') ?? [];
    byLayer.delete('tfr');
    this.changes = tfrChangeTimes(this.tfrs.map((t) => t.f));
    const ctx = { towered: toweredAirports(dataset.features) };
    const next = new Map<string, TileSet>();
    for (const [layer, list] of byLayer) {
      const key = fingerprint(layer, list, dataset, ctx.towered);
      // Built parts (features and spatial index) are kept when the layer did not change.
      const set = reusable.get(key) ?? next.get(key) ?? new TileSet(layerParts(layer, list, ctx));
      next.set(key, set);
      this.layers.push(set);
    }
    reusable = next;
  }

  /** How many TFR starts and ends have passed at `now`: tiles of one epoch are identical. */
  epoch(now: number): number {
    let lo = 0, hi = this.changes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.changes[mid]! <= now) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** When the next TFR starts or ends after `now` (ms), or null when none will. */
  nextChange(now: number): number | null {
    return this.changes[this.epoch(now)] ?? null;
  }

  /** The last contentVersion() made: every cached tile's lookup asks for it (no new string a request). */
  private lastVersion = { epoch: -1, text: '' };

  /** Identifies the tiles' content at `now`: the dataset version and the TFR epoch. */
  contentVersion(now: number): string {
    const epoch = this.epoch(now);
    if (this.lastVersion.epoch !== epoch) this.lastVersion = { epoch, text: `${this.version}#${epoch}` };
    return this.lastVersion.text;
  }

  render(tile: TileCoord, now: number): Uint8Array | null {
    const layers: TileLayers = {};
    for (const set of this.layers) set.cutLayers(tile, layers);
    this.tfrTiles(now).cutLayers(tile, layers);
    return encodeLayers(layers);
  }

  /** Builds every part now (to measure or warm up). */
  buildAll(now: number): void {
    for (const set of this.layers) set.buildAll();
    this.tfrTiles(now).buildAll();
  }

  /** buildAll up to `maxZoom`, a part per turn of the event loop (warm-up after start: never holds requests for long). */
  async buildAllYielding(now: number, maxZoom = Infinity): Promise<void> {
    for (const set of this.layers) await set.buildAllYielding(maxZoom);
    await this.tfrTiles(now).buildAllYielding(maxZoom);
  }

  /**
   * Builds the parts a tile of zoom z needs that are not built yet, in slices between other work
   * (TileSet.prepare): render() after it cuts the tile without building (unless the part cache dropped a
   * part meanwhile). The tile service awaits it before cutting a tile it does not have.
   */
  async prepare(z: number, now: number): Promise<void> {
    for (const set of this.layers) await set.prepare(z);
    await this.tfrTiles(now).prepare(z);
  }

  private tfrTiles(now: number): TileSet {
    const epoch = this.epoch(now);
    if (this.tfrSet?.epoch === epoch) return this.tfrSet.set;
    const features = this.tfrs.map(({ f, index }) => tfrTileFeature(f, index, now)).filter((f): f is Feature => f !== null);
    const [minzoom] = AIRSPACE_ZOOMS.tfr;
    const set = new TileSet([{ layer: 'tfr', minzoom, detailZoom: AIRSPACE_MAXZOOM, features: () => features, sharedGeometry: true }]);
    this.tfrSet = { epoch, set };
    return set;
  }
}

const byDataset = new WeakMap<Dataset, AirspaceTiles>();

/** The airspace tiles of a dataset, made at first use and dropped with the dataset. */
export function airspaceTiles(dataset: Dataset): AirspaceTiles {
  let t = byDataset.get(dataset);
  if (!t) {
    t = new AirspaceTiles(dataset);
    byDataset.set(dataset, t);
  }
  return t;
}
