/**
 * The engine over the whole generated sandbox dataset (server/data/generate): every notice keeps to
 * the contract, and the generator's live cases (TFRs, stadium events) brief as restricted while in effect.
 */
import { pointOnFeature } from '@turf/turf';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdvisoryFeatureSchema } from '../../contract/advisory';
import { BriefingResultSchema, type BriefingResult } from '../../contract/briefing';
import { Dataset } from '../../data/dataset';
import type { AirspaceFeature } from '../../data/model';
import { generateSandboxDataset } from '../../data/generate';
import { advisoriesFor, activity, briefArea, briefLocation, facilityMapCells } from '.';

const NOW = new Date('2025-07-04T18:00:00Z');
const HOUR = 3_600_000;
let ds: Dataset;

beforeAll(async () => {
  ds = new Dataset(await generateSandboxDataset({ now: NOW }));
});

const sources = (r: BriefingResult) => new Set(r.notices!.filter((n) => n.distance === 0).map((n) => n.dataSource));

function inside(f: AirspaceFeature): [lat: number, lon: number] {
  const p = pointOnFeature({ type: 'Feature', geometry: f.geometry, properties: {} }).geometry.coordinates;
  return [p[1]!, p[0]!];
}

/** The first half hour, on the hour, in the 48 hours from the start of the UTC day, when the feature is in effect. */
function activeWindow(f: AirspaceFeature): { start: Date; end: Date } | undefined {
  const day = Math.floor(NOW.getTime() / (24 * HOUR)) * 24 * HOUR;
  for (let h = 0; h < 48; h++) {
    const w = { start: new Date(day + h * HOUR), end: new Date(day + h * HOUR + HOUR / 2) };
    if (activity(f, w).state === 'active') return w;
  }
  return undefined;
}

describe('the engine over the generated sandbox dataset', () => {
  it('briefs well-known places as the rules say, within the contract', () => {
    const at = (lat: number, lon: number) => {
      const r = briefLocation(ds, lat, lon, { now: NOW, includeGeometry: true });
      expect(BriefingResultSchema.safeParse(r).success).toBe(true);
      return r;
    };
    // Class G in Kansas, but the sandbox's special-use airspace is a sample there: CAUTION, saying so (coverage).
    const kansas = at(39.8283, -98.5795);
    expect(kansas).toMatchObject({ status: 'NOTICE_STATUS_CAUTION', authorizationType: 'AUTHORIZATION_TYPE_NOT_REQUIRED' });
    expect(kansas.notices!.map((n) => n.title)).toEqual(['Special-use airspace not modelled here', 'Class G airspace']);
    const sea = at(47.4435, -122.3016);
    expect(sea.status).toBe('NOTICE_STATUS_CAUTION');
    expect(sources(sea)).toContain('NOTICE_DATA_SOURCE_UASFM_CEILING');
    const whiteHouse = at(38.8977, -77.0365);
    expect(whiteHouse).toMatchObject({ status: 'NOTICE_STATUS_WARNING', authorizationType: 'AUTHORIZATION_TYPE_RESTRICTED' });
    expect(sources(whiteHouse)).toContain('NOTICE_DATA_SOURCE_WASHINGTON_FRZ');
  });

  it('turns every generated TFR into TFR_ACTIVE / RESTRICTED while it is in effect', () => {
    const tfrs = ds.ofLayers(['tfr']);
    expect(tfrs.length).toBeGreaterThan(0);
    for (const f of tfrs) {
      const w = activeWindow(f);
      if (!w || (f.lower && f.lower.value > 0)) continue;
      const [lat, lon] = inside(f);
      const r = briefLocation(ds, lat, lon, { ...w, now: NOW });
      expect(r.authorizationType, f.id).toBe('AUTHORIZATION_TYPE_RESTRICTED');
      expect(sources(r), f.id).toContain('NOTICE_DATA_SOURCE_TFR_ACTIVE');
    }
  });

  it('restricts around a stadium during its events and only then', () => {
    const stadiums = ds.ofLayers(['stadium']).filter((f) => f.events?.length);
    expect(stadiums.length).toBeGreaterThan(0);
    for (const f of stadiums.slice(0, 15)) {
      const e = f.events![0]!;
      const [lon, lat] = (f.geometry as { coordinates: number[] }).coordinates as [number, number];
      const during = briefLocation(ds, lat, lon, { start: new Date(e.startTime), end: new Date(Date.parse(e.startTime) + 60_000), now: NOW });
      expect(during.authorizationType, f.id).toBe('AUTHORIZATION_TYPE_RESTRICTED');
      const stadium = during.notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_STADIUM' && n.title === f.name)!;
      expect(stadium.status, f.id).toBe('NOTICE_STATUS_WARNING');
    }
  });

  it('marks every national park as CAUTION', () => {
    for (const f of ds.ofLayers(['national_park'])) {
      const [lat, lon] = inside(f);
      const r = briefLocation(ds, lat, lon, { now: NOW, includeGeometry: false });
      expect(r.notices!.some((n) => n.dataSource === 'NOTICE_DATA_SOURCE_NATIONAL_PARK' && n.distance === 0 && n.status === 'NOTICE_STATUS_CAUTION'), f.id).toBe(true);
    }
  });

  it('answers a 30 NM advisory query around Atlanta within the contract', () => {
    const box = { type: 'Polygon' as const, coordinates: [[[-84.68, 33.39], [-84.14, 33.39], [-84.14, 33.89], [-84.68, 33.89], [-84.68, 33.39]]] };
    const list = advisoriesFor(ds, box, { window: { start: NOW, end: new Date(NOW.getTime() + HOUR) }, maxAltitudeFt: 400, category: 'faa_107', source: 'all' });
    expect(list.filter((a) => a.properties?.advisoryType === 'uasfm_ceiling').length).toBeGreaterThan(50);
    for (const a of list) expect(AdvisoryFeatureSchema.safeParse(a).success).toBe(true);
    const area = briefArea(ds, box, { now: NOW });
    expect(BriefingResultSchema.safeParse(area).success).toBe(true);
    expect(facilityMapCells(ds, box).length).toBe(list.filter((a) => a.properties?.advisoryType === 'uasfm_ceiling').length);
  });
});
