/**
 * Modelled (sandbox) controlled airspace never lets a place nearby brief CLEAR_TO_FLY: within the margin
 * of its boundary, and under its shelves, the answer is CAUTION. Imported FAA airspace keeps its edges.
 */
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import { COVERAGE_LAYERS, type AirspaceFeature, type DatasetFile } from '../../data/model';
import { briefArea, briefLocation } from '.';
import { annulus, box, circle, msl, sfc } from './fixtures/build';
import { MODEL_MARGIN_NM } from './model-margin';

const NOW = new Date('2025-07-04T18:00:00Z');
const LAT = 40, LON = -100;
/** Degrees of latitude per NM. */
const NM = 1 / 60;

function dataset(sourceId: string, kind: DatasetFile['kind'] = 'sandbox'): Dataset {
  const base = { authority: 'FAA', sourceId, laancEnabled: true, facility: 'XYZ', ident: 'XYZ' } as const;
  const features: AirspaceFeature[] = [
    { ...base, id: 'class:XYZ:D:0', layer: 'class_airspace', subtype: 'CLASS_D', name: 'XYZ Class D', geometry: circle(LAT, LON, 5), lower: sfc, upper: msl(4000), props: { surface: true } },
    { ...base, id: 'class:XYZ:C:1', layer: 'class_airspace', subtype: 'CLASS_C', name: 'XYZ Class C shelf', geometry: annulus(LAT, LON, 5, 10), lower: msl(4000), upper: msl(6000), props: { surface: false } },
  ];
  // The imported data is declared complete nationwide (docs/briefing-rules.md "Coverage"): this test is about its edges.
  const sources: DatasetFile['sources'] =
    kind === 'faa' ? [{ id: sourceId, name: sourceId, version: '1', effectiveDate: NOW.toISOString(), retrievedAt: NOW.toISOString(), attribution: 'FAA', licence: 'PD', coverage: { layers: [...COVERAGE_LAYERS], area: 'national', basis: 'declared' } }] : [];
  return new Dataset({ format: 'skyplan-airspace-dataset', formatVersion: 1, version: 'm', generatedAt: NOW.toISOString(), kind, sources, features });
}

const at = (ds: Dataset, northNm: number) => briefLocation(ds, LAT + northNm * NM, LON, { now: NOW });

describe('uncertainty around modelled controlled airspace', () => {
  const model = dataset('sandbox-class-airspace');
  const faa = dataset('faa:adds:class_airspace', 'faa');

  it('cautions under a modelled shelf and within the margin past its edge, with the authorization the airspace needs', () => {
    for (const northNm of [7, 10 + MODEL_MARGIN_NM / 2]) {
      const r = at(model, northNm);
      expect(r.status, `${northNm} NM`).toBe('NOTICE_STATUS_CAUTION');
      expect(r.authorizationType).toBe('AUTHORIZATION_TYPE_LAANC');
      const n = r.notices!.find((x) => x.distance === 0 && x.status === 'NOTICE_STATUS_CAUTION')!;
      expect(n.title).toMatch(/Modelled airspace of XYZ/);
      expect(n.description).toMatch(/approximations/);
      expect(r.notices!.some((x) => x.dataSource === 'NOTICE_DATA_SOURCE_CLASS_G')).toBe(false);
    }
  });

  it('is clear beyond the margin, and imported FAA airspace keeps its exact boundary', () => {
    expect(at(model, 10 + MODEL_MARGIN_NM * 1.5).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
    expect(at(faa, 7).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
    expect(at(faa, 10.5).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
  });

  it('applies to area briefings too', () => {
    const d = 10.3 * NM;
    const area = box(LON - 0.01, LAT + d, LON + 0.01, LAT + d + 0.005);
    expect(briefArea(model, area, { now: NOW }).status).toBe('NOTICE_STATUS_CAUTION');
    expect(briefArea(faa, area, { now: NOW }).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
  });
});
