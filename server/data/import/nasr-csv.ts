/**
 * NASR 28-day subscription, CSV distribution: APT_BASE.csv (one row per landing facility) and,
 * optionally, APT_RWY.csv (one row per runway, joined on SITE_NO) → 'airport' points.
 * Codes from the NASR APT layout: SITE_TYPE_CODE A airport, H heliport, C seaplane base,
 * G gliderport, U ultralight, B balloonport; TWR_TYPE_CODE "ATCT…" means a control tower.
 */
import { NASR_CYCLE_DAYS, type AirspaceFeature, type Subtype } from '../model';
import { FAA_LICENCE, ImportError, isoDate, num, plural, scalarProps, str, uniqueIds, type ParseOptions, type ParseResult } from './common';
import { CsvError, parseCsvObjects } from './csv';
import { GeometryError, parseCoordinate } from './geometry';

const SITE_TYPES: Record<string, { subtype: Subtype; word: string }> = {
  A: { subtype: 'AIRPORT', word: 'Airport' },
  H: { subtype: 'HELIPORT', word: 'Heliport' },
  C: { subtype: 'SEAPLANE_BASE', word: 'Seaplane base' },
  G: { subtype: 'AIRPORT', word: 'Gliderport' },
  U: { subtype: 'AIRPORT', word: 'Ultralight flightpark' },
  B: { subtype: 'AIRPORT', word: 'Balloonport' },
};

/** True when a CSV header is that of APT_BASE (as opposed to APT_RWY or another NASR file). */
export function isAptBaseHeader(header: readonly string[]): boolean {
  return header.includes('ARPT_ID') && header.includes('SITE_TYPE_CODE') && !header.includes('RWY_ID');
}

export function isAptRwyHeader(header: readonly string[]): boolean {
  return header.includes('SITE_NO') && header.includes('RWY_ID');
}

function readCsv(text: string, file: string) {
  try {
    return parseCsvObjects(text);
  } catch (e) {
    if (e instanceof CsvError) throw new ImportError(file, `not valid CSV: ${e.message}`);
    throw e;
  }
}

interface Runway {
  id: string;
  lengthFt?: number;
  widthFt?: number;
  surface?: string;
}

function readRunways(text: string, file: string, warnings: string[]): Map<string, Runway[]> {
  const { header, records } = readCsv(text, file);
  if (!isAptRwyHeader(header)) throw new ImportError(file, 'not a NASR APT_RWY file (needs SITE_NO and RWY_ID columns)');
  const bySite = new Map<string, Runway[]>();
  let unnamed = 0;
  for (const r of records) {
    const site = str(r.SITE_NO);
    const id = str(r.RWY_ID);
    if (!site || !id) {
      unnamed++;
      continue;
    }
    const list = bySite.get(site) ?? [];
    list.push({ id, lengthFt: num(r.RWY_LEN), widthFt: num(r.RWY_WIDTH), surface: str(r.SURFACE_TYPE_CODE) });
    bySite.set(site, list);
  }
  if (unnamed) warnings.push(`${file}: skipped ${plural(unnamed, 'runway row')} without SITE_NO or RWY_ID`);
  return bySite;
}

function coordinate(r: Record<string, string>, axis: 'lat' | 'lon'): number {
  const p = axis === 'lat' ? 'LAT' : 'LONG';
  const decimal = str(r[`${p}_DECIMAL`]);
  if (decimal !== undefined) return parseCoordinate(num(decimal) ?? decimal, axis);
  const [d, m, s, h] = [r[`${p}_DEG`], r[`${p}_MIN`], r[`${p}_SEC`], r[`${p}_HEMIS`]].map(str);
  if (d === undefined || m === undefined || h === undefined) throw new GeometryError(`no ${p}_DECIMAL and no ${p}_DEG/MIN/SEC/HEMIS`);
  return parseCoordinate(`${d}-${m}-${s ?? '0'}${h}`, axis);
}

/**
 * Parses APT_BASE.csv text, with APT_RWY.csv text when given, into airport features.
 * `rwy.fileName` names the runway file in messages.
 */
export function parseNasrAirports(baseText: string, opts: ParseOptions, rwy?: { text: string; fileName: string }): ParseResult {
  const file = opts.fileName;
  const { header, records } = readCsv(baseText, file);
  if (!isAptBaseHeader(header)) throw new ImportError(file, 'not a NASR APT_BASE file (needs ARPT_ID and SITE_TYPE_CODE columns)');
  const warnings: string[] = [];
  const runways = rwy ? readRunways(rwy.text, rwy.fileName, warnings) : new Map<string, Runway[]>();
  const used = new Set<string>();
  const features: AirspaceFeature[] = [];
  const dates = new Set<string>();
  records.forEach((r, i) => {
    const ident = str(r.ARPT_ID);
    const where = `row ${i + 2}${ident ? ` (${ident})` : ''}`;
    if (!ident) throw new ImportError(file, `${where}: ARPT_ID is empty`);
    let lat: number, lon: number;
    try {
      lat = coordinate(r, 'lat');
      lon = coordinate(r, 'lon');
    } catch (e) {
      throw new ImportError(file, `${where}: ${(e as Error).message}`);
    }
    const eff = isoDate(r.EFF_DATE);
    if (eff) dates.add(eff);
    const siteCode = str(r.SITE_TYPE_CODE)?.toUpperCase() ?? 'A';
    const site = SITE_TYPES[siteCode] ?? { subtype: 'AIRPORT' as const, word: 'Landing facility' };
    const towerType = str(r.TWR_TYPE_CODE);
    const towered = towerType ? towerType.toUpperCase().startsWith('ATCT') : undefined;
    const siteNo = str(r.SITE_NO);
    const rw = (siteNo && runways.get(siteNo)) || [];
    if (siteNo && rw.length) used.add(siteNo);
    const elevation = num(r.ELEV);
    const name = str(r.ARPT_NAME) ?? ident;
    const lengths = rw.map((x) => x.lengthFt).filter((x): x is number => x !== undefined);
    features.push({
      id: `airport:${ident}`,
      layer: 'airport',
      subtype: site.subtype,
      name,
      ident,
      geometry: { type: 'Point', coordinates: [lon, lat] },
      description:
        `${site.word} ${name} (${ident})${towered === undefined ? '' : towered ? ', towered' : ', no control tower'}` +
        `${elevation !== undefined ? `, elevation ${elevation} ft MSL` : ''}.`,
      authority: 'FAA',
      sourceId: opts.sourceId ?? 'faa:nasr:apt',
      props: scalarProps({
        siteType: siteCode,
        icaoId: str(r.ICAO_ID),
        towered,
        towerType,
        elevationFt: elevation,
        city: str(r.CITY),
        state: str(r.STATE_CODE),
        ownership: str(r.OWNERSHIP_TYPE_CODE),
        facilityUse: str(r.FACILITY_USE_CODE),
        status: str(r.ARPT_STATUS),
        siteNo,
        ...(rw.length
          ? {
              runwayCount: rw.length,
              longestRunwayFt: lengths.length ? Math.max(...lengths) : undefined,
              runways: rw.map((x) => `${x.id} ${x.lengthFt ?? '?'}x${x.widthFt ?? '?'} ft${x.surface ? ` ${x.surface}` : ''}`).join('; '),
            }
          : {}),
      }),
    });
  });
  uniqueIds(features);
  const orphans = [...runways.keys()].filter((s) => !used.has(s)).length;
  if (orphans) warnings.push(`${rwy?.fileName}: runways of ${plural(orphans, 'site')} not in ${file} were ignored`);
  if (dates.size > 1) warnings.push(`${file}: rows carry ${dates.size} different EFF_DATE values; the newest is used`);
  const eff = [...dates].sort().pop();
  return {
    layer: 'airport',
    features,
    warnings,
    source: {
      id: opts.sourceId ?? 'faa:nasr:apt',
      name: `FAA NASR 28-day subscription, APT_BASE${rwy ? ' + APT_RWY' : ''} (${file})`,
      kind: 'faa',
      file,
      effectiveDateStated: eff !== undefined,
      version: eff ?? 'unknown',
      effectiveDate: eff ? `${eff}T00:00:00Z` : opts.retrievedAt,
      retrievedAt: opts.retrievedAt,
      ...(eff ? { cycleDays: NASR_CYCLE_DAYS } : {}),
      attribution: 'FAA National Airspace System Resources (NASR) 28-Day Subscription',
      licence: FAA_LICENCE,
      ...(opts.url ? { url: opts.url } : {}),
      refreshMinutes: 1440,
    },
  };
}
