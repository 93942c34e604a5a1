/**
 * Words for the terrain service's `source` (docs/elevation.md): `dem:<name>` (an imported DEM),
 * `sandbox-airport-model:<dataset version>` (the model from airport field elevations, followed by
 * "(dem:<name> has no data here)" where a DEM covers the place without data), or `no-coverage`.
 */
export type TerrainSourceKind = 'dem' | 'model' | 'none';

export interface TerrainSource {
  kind: TerrainSourceKind;
  /** Short, for a label: "DEM USGS_13_n48w123", "Sandbox terrain model". */
  label: string;
  /** What the pilot should make of it. */
  caveat: string;
}

export function terrainSource(source: string): TerrainSource {
  if (source.startsWith('dem:')) return { kind: 'dem', label: `DEM ${source.slice(4)}`, caveat: 'From an imported elevation model (DEM).' };
  if (source.startsWith('sandbox-airport-model:')) {
    const gap = /\(dem:([^)\s]+) has no data here\)/.exec(source);
    return {
      kind: 'model',
      label: 'Sandbox terrain model',
      caveat: `Estimated from nearby airports' field elevations: rough, and low on hills and mountains; never use it for terrain clearance.${gap ? ` The DEM ${gap[1]} has no data here.` : ''}`,
    };
  }
  if (source === 'no-coverage') return { kind: 'none', label: 'No terrain data', caveat: 'Neither a DEM nor the terrain model covers this place.' };
  return { kind: 'model', label: source, caveat: 'Treat it as an estimate.' };
}

const ft = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "1,234 ft MSL", or the words for no value. */
export function elevationText(elevationFt: number | null): string {
  return elevationFt === null ? 'unknown' : `${ft.format(elevationFt)} ft MSL`;
}
