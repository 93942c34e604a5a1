/**
 * The imported DEMs' ground for the engine (docs/elevation.md "AGL in briefings"): read here, where I/O
 * belongs, and handed to the pure engine as a provider. Every endpoint that answers about airspace passes
 * it (briefings, the airspace check, advisories, LAANC), so all count the same floors.
 */
import { bbox } from '@turf/turf';
import type { Geometry } from '../../contract/common';
import type { AppDeps } from '../../deps';
import { demSourceFor } from '../../data/dem-source';
import type { GroundProvider } from '../../domain/briefing';
import { crossesAntimeridian } from '../../domain/geometry/antimeridian';

type Box = [number, number, number, number];

/**
 * A provider with what it read, as text: the same key, the same answers for the same geometry (answer-cache.ts).
 * `dems`: the set of DEMs it was read from (DemSource.entries(), kept by identity until an import changes
 * it), ANY_DEMS when no DEM is read for this geometry whatever is imported, null when the read failed: a
 * briefing given again before the app is given only while the same set stands (briefing.fast-path.ts).
 */
export type KeyedGround = GroundProvider & { key: string; dems: object | null };

/** The `dems` of a ground that no DEM import changes (a geometry across 180°). */
export const ANY_DEMS: object = Object.freeze({});

/** The DEMs imported now: the same object until an import (or the store's sync) changes the set. */
export function currentDems(deps: AppDeps): Promise<object> {
  return demSourceFor(deps.config.dataDir).entries();
}

/**
 * Reads the imported DEMs' highest ground over the box of the briefed geometry (every pixel, async I/O
 * here), and hands the engine a pure provider that answers for areas inside that box.
 */
export async function demGround(deps: AppDeps, geometry: Geometry): Promise<KeyedGround> {
  // Across 180° the box would be the band around the globe (every DEM pixel): the fixed assumption instead.
  if (crossesAntimeridian(geometry)) return Object.assign(() => undefined, { key: 'none', dems: ANY_DEMS });
  const box = bbox(geometry).slice(0, 4) as Box;
  const source = demSourceFor(deps.config.dataDir);
  let dems: object | null = null;
  let m: Awaited<ReturnType<typeof source.maxOver>> = undefined;
  try {
    const all = await source.entries();
    m = await source.maxOver(box, all);
    dems = all;
  } catch (e) {
    // A DEM that cannot be read (file removed, disk error) counts as no DEM: the fixed assumption, as before any import.
    deps.log.warn('dem unreadable; briefing uses the fixed ground assumption', { error: (e as Error).message });
  }
  const ground = m && m.maxFt !== null ? { maxFt: m.maxFt, source: m.source, complete: m.complete } : undefined;
  const provider: GroundProvider = (area) => {
    const [w, s, e, n] = bbox(area).slice(0, 4) as Box;
    return w >= box[0] && s >= box[1] && e <= box[2] && n <= box[3] ? ground : undefined;
  };
  return Object.assign(provider, { key: ground ? JSON.stringify(ground) : 'none', dems });
}

