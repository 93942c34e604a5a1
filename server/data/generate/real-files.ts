/**
 * The FAA files shipped in the repository under data/faa (verbatim copies; data/faa/SOURCES.md says
 * where each came from) and how the sandbox generator reads them: with the same importers as
 * `data:import`, so real features look exactly like imported ones.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileCoverage } from '../coverage';
import { buildDataset } from '../import/import-files';
import type { ParseOptions, ParseResult } from '../import/common';
import { parseTfrXml } from '../import/tfr-xml';
import { parseUddsGeoJson } from '../import/udds-geojson';
import type { AirspaceFeature, DatasetSource } from '../model';

export interface ShippedFile {
  /** Path below data/faa, the same as below /work/shared/realdata. */
  path: string;
  /** SHA-256 of the exact bytes: a changed byte is a different file, not the FAA's. */
  sha256: string;
  /** Where the publisher offers the data (a feature without its own sourceUrl gets this one). */
  url: string;
  /**
   * When the file was retrieved: copied into data/faa (the commit that shipped it). A file that states no
   * effective date is "undated, retrieved at" this moment, never the moment a sandbox was generated.
   */
  copiedAt: string;
}

/** The commit that shipped the eight files (845d4d7, data/faa/SOURCES.md). */
const SHIPPED_AT = '2026-11-24T01:17:27Z';

const ADDS = 'https://adds-faa.opendata.arcgis.com/';
const UDDS = 'https://udds-faa.opendata.arcgis.com/';

export const SHIPPED_FAA_FILES: readonly ShippedFile[] = [
  { path: 'faa-adds/Prohibited_Areas.geojson', sha256: 'b068b1cca0176547f03dae184b12be79e760ba6575d6956557e64879583b8b0a', url: ADDS, copiedAt: SHIPPED_AT },
  { path: 'faa-tfr-xml/detail_4_2565.xml', sha256: '757d3407963d44003b4e3d8d1a136c4112acc3d84fbb5a71ec53d2531b3e8ee7', url: 'https://tfr.faa.gov/tfr3/?page=detail_4_2565', copiedAt: SHIPPED_AT },
  { path: 'faa-tfr-xml/detail_4_9433.xml', sha256: '5975bf345248917adaa7ddc3221ef115d3ebcc04d33348fcbe9d432149a14642', url: 'https://tfr.faa.gov/tfr3/?page=detail_4_9433', copiedAt: SHIPPED_AT },
  { path: 'faa-seattle/special_use_airspace_wa.geojson', sha256: '0998527fe095878a2970ecf6f0c16392af39fc391f7a14887237de430d9327e0', url: ADDS, copiedAt: SHIPPED_AT },
  { path: 'faa-seattle/class_airspace_seattle.geojson', sha256: 'aa87438cc574603991e0e2492b19e94d27887aacc70e42f8cebf5256697135c6', url: ADDS, copiedAt: SHIPPED_AT },
  { path: 'faa-seattle/uasfm_seattle.geojson', sha256: 'eac48a3618eec8c1027954b89987db785b1a44c8232d9adfa586d6d7cf7e74d8', url: UDDS, copiedAt: SHIPPED_AT },
  { path: 'faa-seattle/stadiums_seattle.geojson', sha256: '030685ab130c3aaa5d60bac4580eafdede9237f9c743f94c6db269b9fbe63668', url: ADDS, copiedAt: SHIPPED_AT },
  { path: 'faa-seattle/airports_seattle.geojson', sha256: 'b752a9c6917e58c910d21aed5e5701440e4cdd44151f53876c054051ba84b068', url: ADDS, copiedAt: SHIPPED_AT },
];

/**
 * data/faa of the repository, found by walking up from this module: it is server/data/generate/ when
 * run with tsx and dist/server/ in the bundle `npm start` runs, so both find the same folder.
 */
export function faaDataDir(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, 'data', 'faa');
    if (existsSync(path.join(candidate, 'SOURCES.md'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`the shipped FAA files (data/faa) were not found above ${from}`);
    dir = parent;
  }
}

export interface RealData {
  features: AirspaceFeature[];
  sources: DatasetSource[];
}

/**
 * Every shipped file through its importer. `retrievedAt` is the generator's time (the ADDS layers state
 * no effective date, so theirs stays "not stated", see effectiveDateStated). A file that does not read
 * is an error: the sandbox must not quietly fall back to the model where real data is expected.
 */
export function loadShippedFaaData(retrievedAt: string, dir: string = faaDataDir()): RealData {
  const parts: ParseResult[] = SHIPPED_FAA_FILES.map((f) => {
    const text = readFileSync(path.join(dir, f.path), 'utf8');
    const opts: ParseOptions = { fileName: path.basename(f.path), retrievedAt, url: f.url };
    const part = f.path.endsWith('.xml') ? parseTfrXml(text, opts) : parseUddsGeoJson(text, opts);
    // Each file covers its own extent (the WA SUA file: Washington State's special-use airspace; the
    // prohibited areas: no SUA layer, they are one kind of it), as an import of it would.
    const coverage = fileCoverage(part.features);
    const source = { ...part.source, retrievedAt: f.copiedAt, ...(coverage ? { coverage } : {}) };
    if (!source.effectiveDateStated) source.effectiveDate = f.copiedAt;
    return { ...part, source, features: part.features.map((x) => (x.sourceUrl ? x : { ...x, sourceUrl: f.url })) };
  });
  // buildDataset: the importer's own merge (ids de-duplicated, class airspace takes LAANC from the grid).
  const { dataset } = buildDataset(parts, new Date(retrievedAt));
  return { features: dataset.features, sources: dataset.sources };
}
