/**
 * GeoTIFF DEM import (docs/elevation.md "DEM"): single-band elevation tiles (USGS 3DEP, SRTM) in
 * geographic WGS84 / NAD83, checked with the geotiff package, then copied into DATA_DIR/dem/ with an
 * index the service samples from (server/data/dem-source.ts). Every file is checked before anything is
 * written, so a bad file leaves the stored DEMs as they were.
 */
import { copyFile, mkdir, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fromArrayBuffer } from 'geotiff';
import { METERS_PER_FOOT } from '../../contract/units';
import { ImportError } from './common';
import { DEM_DIR, DEM_INDEX, readDemIndex, type DemEntry, type DemIndex } from './dem-index';

/** EPSG codes of the geographic CRSs accepted: WGS 84 and NAD83 (they differ by about a metre). */
const GEOGRAPHIC_CRS = new Set([4326, 4269]);
/** Guards against a hostile header asking for a gigantic raster. 3DEP 1° tiles at 1/3" are 10,812 px wide. */
const MAX_SIDE_PX = 50_000;
const FEET_PER_METRE = 1 / METERS_PER_FOOT;
/**
 * Largest tile or strip accepted, in pixels: the service decodes a whole tile or strip to read any pixel
 * of it, so a file stored as one 10,000² strip would cost 400 MB per read (and a compressed one is a
 * bomb). 3DEP (256² tiles) and SRTM (row strips, or 3,601² at most) fit.
 */
const MAX_BLOCK_PX = 16 * 1024 * 1024;

/** TIFF (II*\0, MM\0*) or BigTIFF (II+\0, MM\0+) by its first four bytes. */
export function isTiffHeader(head: Uint8Array): boolean {
  const [a, b, c, d] = head;
  if (a === 0x49 && b === 0x49) return (c === 0x2a || c === 0x2b) && d === 0;
  if (a === 0x4d && b === 0x4d) return c === 0 && (d === 0x2a || d === 0x2b);
  return false;
}

export async function isTiffFile(p: string): Promise<boolean> {
  const fh = await open(p, 'r').catch(() => null);
  if (!fh) return false;
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && isTiffHeader(buffer);
  } finally {
    await fh.close();
  }
}

/** Vertical units from VerticalUnitsGeoKey (EPSG 9001 metre, 9002 foot, 9003 US survey foot) or GDAL's UNITTYPE. */
function feetPerUnit(keys: Record<string, unknown>, gdal: Record<string, unknown> | null, file: string): number {
  const vu = keys.VerticalUnitsGeoKey;
  if (vu === 9002) return 1;
  if (vu === 9003) return 1200 / 3937 * FEET_PER_METRE;
  if (vu !== undefined && vu !== 9001) throw new ImportError(file, `vertical units EPSG:${String(vu)} are not metres or feet`);
  const unit = String(gdal?.UNITTYPE ?? gdal?.units ?? gdal?.UNITS ?? '').trim().toLowerCase();
  if (['ft', 'foot', 'feet', 'us-ft', 'us survey foot'].includes(unit)) return 1;
  if (unit && !['m', 'metre', 'meter', 'metres', 'meters'].includes(unit)) throw new ImportError(file, `elevation unit "${unit}" is not metres or feet`);
  return FEET_PER_METRE; // 3DEP and SRTM are in metres
}

/** The date in a file name (USGS_13_n48w123_20230608.tif → 2023-06-08), if any. */
export function dateFromName(name: string): string | undefined {
  const m = /(?:^|[^0-9])((?:19|20)\d{2})-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?:[^0-9]|$)/.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/** Reads the header of one GeoTIFF and checks it is a DEM this service can sample. Throws ImportError naming the file. */
export async function inspectDem(bytes: Uint8Array, file: string): Promise<Omit<DemEntry, 'file' | 'name' | 'importedAt'>> {
  if (!isTiffHeader(bytes)) throw new ImportError(file, 'not a TIFF file');
  try {
    const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const tiff = await fromArrayBuffer(ab);
    const image = await tiff.getImage(0);
    const width = image.getWidth();
    const height = image.getHeight();
    if (!(width > 0 && height > 0 && width <= MAX_SIDE_PX && height <= MAX_SIDE_PX)) throw new ImportError(file, `${width}×${height} pixels is not a DEM size this service reads (1 to ${MAX_SIDE_PX} a side)`);
    const block = image.getTileWidth() * image.getTileHeight();
    if (!(block > 0 && block <= MAX_BLOCK_PX)) throw new ImportError(file, `stores ${image.getTileWidth()}×${image.getTileHeight()}-pixel tiles or strips; at most ${MAX_BLOCK_PX.toLocaleString('en-US')} pixels each are read (retile it: gdal_translate -co TILED=YES)`);
    if (image.getSamplesPerPixel() !== 1) throw new ImportError(file, `has ${image.getSamplesPerPixel()} bands; a DEM has one (elevation)`);
    const keys = (image.getGeoKeys() ?? {}) as Record<string, unknown>;
    const projected = keys.ProjectedCSTypeGeoKey;
    if (projected !== undefined || keys.GTModelTypeGeoKey === 1) {
      throw new ImportError(file, `is in a projected CRS (EPSG:${String(projected ?? 'unknown')}); reproject it to geographic WGS84 first (gdalwarp -t_srs EPSG:4326)`);
    }
    const crs = Number(keys.GeographicTypeGeoKey);
    if (!GEOGRAPHIC_CRS.has(crs)) throw new ImportError(file, `CRS ${Number.isFinite(crs) ? `EPSG:${crs}` : 'unstated'} is not geographic WGS84 or NAD83 (EPSG:4326, EPSG:4269)`);
    const [resX, resY] = image.getResolution();
    if (!(resX! > 0 && resY! < 0)) throw new ImportError(file, 'is rotated or flipped (only north-up rasters are read)');
    const [west, south, east, north] = image.getBoundingBox();
    if (!(west! >= -180.01 && east! <= 180.01 && south! >= -90.01 && north! <= 90.01)) throw new ImportError(file, `bounds ${[west, south, east, north].join(', ')} are not longitudes / latitudes`);
    const gdal = (await image.getGDALMetadata(0).catch(() => null)) as Record<string, unknown> | null;
    const nodata = image.getGDALNoData();
    // Decode one pixel: a header that parses over data that does not (bad compression, truncated strips) fails here, not at query time.
    const probe = await image.readRasters({ window: [width >> 1, height >> 1, (width >> 1) + 1, (height >> 1) + 1], interleave: true });
    if (probe.length !== 1) throw new ImportError(file, 'its pixels cannot be decoded');
    return {
      bounds: [west!, south!, east!, north!],
      width,
      height,
      resolutionDeg: [resX!, -resY!],
      // PixelIsPoint (GTRasterTypeGeoKey 2): the tie point is a pixel centre, not a pixel corner.
      pixelIsPoint: keys.GTRasterTypeGeoKey === 2,
      nodata: nodata ?? null,
      feetPerUnit: feetPerUnit(keys, gdal, file),
      crs: `EPSG:${crs}`,
    };
  } catch (e) {
    if (e instanceof ImportError) throw e;
    throw new ImportError(file, `not a readable GeoTIFF DEM (${(e as Error).message})`);
  }
}

export interface DemImportOptions {
  /** Names the DEM in `source` (dem:<name>); default the file name without extension. One file only. */
  source?: string;
  now?: Date;
}

export interface CheckedDem {
  p: string;
  entry: DemEntry;
  bytes: Uint8Array;
}

/** Reads and checks every file (with its name in the errors); nothing is written. */
export async function checkDems(paths: string[], opts: DemImportOptions = {}): Promise<{ checked: CheckedDem[]; errors: ImportError[] }> {
  if (opts.source !== undefined && paths.length !== 1) return { checked: [], errors: [new ImportError('--source', 'names one DEM file; import the others separately')] };
  if (opts.source !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(opts.source)) return { checked: [], errors: [new ImportError('--source', 'takes 1 to 64 letters, digits, dots, dashes or underscores')] };
  const errors: ImportError[] = [];
  const checked: CheckedDem[] = [];
  const importedAt = (opts.now ?? new Date()).toISOString();
  for (const p of paths) {
    const base = path.basename(p);
    try {
      const bytes = await readFile(p).catch((e: NodeJS.ErrnoException) => {
        throw new ImportError(base, e.code === 'ENOENT' ? `no such file (${p})` : `cannot be read (${e.message})`);
      });
      const info = await inspectDem(bytes, base);
      const name = opts.source ?? base.replace(/\.(tiff?|gtiff)$/i, '').replace(/[^A-Za-z0-9._-]/g, '_');
      const effectiveDate = dateFromName(base);
      checked.push({ p, bytes, entry: { ...info, name, file: `${name}.tif`, importedAt, ...(effectiveDate ? { effectiveDate } : {}) } });
    } catch (e) {
      errors.push(e instanceof ImportError ? e : new ImportError(base, (e as Error).message));
    }
  }
  const names = checked.map((c) => c.entry.name);
  for (const n of names.filter((n, i) => names.indexOf(n) !== i)) errors.push(new ImportError(n, 'two files of this import have the same name; rename one or use --source'));
  return errors.length ? { checked: [], errors } : { checked, errors: [] };
}

/** Checks every file, then copies them into <dataDir>/dem/ and rewrites the index; with any error nothing is written. */
export async function importDems(paths: string[], dataDir: string, opts: DemImportOptions = {}): Promise<{ entries: DemEntry[]; errors: ImportError[] }> {
  const { checked, errors } = await checkDems(paths, opts);
  if (errors.length) return { entries: [], errors };

  const dir = path.join(dataDir, DEM_DIR);
  await mkdir(dir, { recursive: true });
  const index: DemIndex = await readDemIndex(dataDir);
  for (const { p, entry } of checked) {
    // Copy then rename: a reader never sees half a file under the final name.
    const tmp = path.join(dir, `.${entry.file}.${process.pid}.tmp`);
    await copyFile(p, tmp);
    await rename(tmp, path.join(dir, entry.file));
    index.dems = [...index.dems.filter((d) => d.name !== entry.name), entry];
  }
  const tmpIndex = path.join(dir, `.${DEM_INDEX}.${process.pid}.tmp`);
  await writeFile(tmpIndex, JSON.stringify(index, null, 2));
  await rename(tmpIndex, path.join(dir, DEM_INDEX)).catch(async (e) => {
    await unlink(tmpIndex).catch(() => undefined);
    throw e;
  });
  return { entries: checked.map((c) => c.entry), errors: [] };
}
