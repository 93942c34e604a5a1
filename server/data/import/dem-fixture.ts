/** Test helper: writes small GeoTIFF DEMs with known values (geotiff's writer), for the import and sampling tests. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeArrayBuffer, type GeotiffWriterMetadata } from 'geotiff';

export interface DemSpec {
  west: number;
  north: number;
  /** Pixel size in degrees. */
  res: number;
  width: number;
  height: number;
  /** Elevation (metres) of pixel column i, row j (row 0 at the north). */
  value: (i: number, j: number) => number;
  nodata?: number;
  extra?: GeotiffWriterMetadata;
}

export function demTiff(spec: DemSpec): Uint8Array {
  const values = new Float32Array(spec.width * spec.height);
  for (let j = 0; j < spec.height; j++) for (let i = 0; i < spec.width; i++) values[j * spec.width + i] = spec.value(i, j);
  const meta: GeotiffWriterMetadata = {
    width: spec.width,
    height: spec.height,
    ModelPixelScale: [spec.res, spec.res, 0],
    ModelTiepoint: [0, 0, 0, spec.west, spec.north, 0],
    GeographicTypeGeoKey: 4326,
    GTModelTypeGeoKey: 2,
    GTRasterTypeGeoKey: 1,
    ...(spec.nodata !== undefined ? { GDAL_NODATA: String(spec.nodata) } : {}),
    ...spec.extra,
  };
  return new Uint8Array(writeArrayBuffer(values, meta));
}

export function tmpDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export function writeDem(dir: string, name: string, spec: DemSpec): string {
  const p = path.join(dir, name);
  writeFileSync(p, demTiff(spec));
  return p;
}

/** A ramp over 0.1° × 0.1° west of Seattle: 10 m + 0.5 m per column + 0.25 m per row (bilinear is exact on it). */
export const RAMP: DemSpec = { west: -122.35, north: 47.55, res: 0.001, width: 100, height: 100, value: (i, j) => 10 + 0.5 * i + 0.25 * j };

/** The ramp's exact elevation in feet at a position (pixel centres at half-pixel offsets, PixelIsArea). */
export function rampFt(lon: number, lat: number): number {
  const fx = (lon - RAMP.west) / RAMP.res - 0.5;
  const fy = (RAMP.north - lat) / RAMP.res - 0.5;
  return (10 + 0.5 * fx + 0.25 * fy) * 3.280839895;
}
