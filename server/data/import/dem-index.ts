/** The index of imported DEMs, <DATA_DIR>/dem/index.json: written by the import, read by the service. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const DEM_DIR = 'dem';
export const DEM_INDEX = 'index.json';

export interface DemEntry {
  /** Names the DEM in answers: source "dem:<name>". */
  name: string;
  /** The copy in <DATA_DIR>/dem/. */
  file: string;
  /** West, south, east, north in degrees (the outer edges of the edge pixels). */
  bounds: [number, number, number, number];
  width: number;
  height: number;
  /** Pixel size in degrees, x then y (both positive). */
  resolutionDeg: [number, number];
  pixelIsPoint: boolean;
  nodata: number | null;
  /** Multiplier from the file's vertical unit to feet. */
  feetPerUnit: number;
  crs: string;
  /** From the file name when it carries a date (YYYYMMDD). */
  effectiveDate?: string;
  importedAt: string;
}

export interface DemIndex {
  format: 'skyplan-dem-index';
  dems: DemEntry[];
}

export async function readDemIndex(dataDir: string): Promise<DemIndex> {
  const text = await readFile(path.join(dataDir, DEM_DIR, DEM_INDEX), 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  if (text === null) return { format: 'skyplan-dem-index', dems: [] };
  const parsed = JSON.parse(text) as Partial<DemIndex>;
  if (parsed.format !== 'skyplan-dem-index' || !Array.isArray(parsed.dems)) throw new Error(`${path.join(DEM_DIR, DEM_INDEX)} is not a DEM index`);
  return { format: 'skyplan-dem-index', dems: parsed.dems };
}
