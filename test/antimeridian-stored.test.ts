/**
 * Routes that store or keep a single Polygon accept one across 180° as sent (RFC 7946's short way) and
 * cut it there wherever they measure or search (docs/security.md ("Hostile geometry"), "The antimeridian"):
 * platform operations and their LAANC candidates, the bbox filter of the list, ephemeral operations,
 * legacy 4.3 (a polygon, and a path across 180°), suitability, elevation and sandbox TFRs. Nothing of the band around
 * the globe at that latitude (Seattle's airspace at 47.5°N) appears, and areas are the small box's.
 */
import fc from 'fast-check';
import type { Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AirspaceFeature } from '../server/data/model';
import { fixtureFile } from '../server/domain/briefing/fixtures';
import { agl, box, sfc } from '../server/domain/briefing/fixtures/build';
import { areaSqMi } from '../server/domain/operations/limits';
import { json, laancOperation, operationBody, people, POC, type People } from '../server/routes/operations/test-helpers';
import { longitudes, onlyNear180 } from './helpers/geometry';
import { startTestService, type TestService } from './helpers/service';

const T0 = new Date('2026-12-01T15:00:00Z');
const START = new Date(T0.getTime() + 24 * 3_600_000);

/** Facility-map cells on either side of 180° (a fictional grid: nothing real is there). */
function cell(facility: string, w: number, e: number): AirspaceFeature {
  return { id: `uasfm:${facility}`, layer: 'uasfm', name: `${facility} facility map cell`, geometry: box(w, 47.53, e, 47.54), lower: sfc, upper: agl(100), ceilingFt: 100, laancEnabled: true, facility, sourceId: 'fixture' };
}
/** A fictional airport just east of 180°, so the nearest-airport answer shows where the centre is taken. */
const AIRPORT: AirspaceFeature = { id: 'airport:XAM', layer: 'airport', subtype: 'AIRPORT', name: 'Antimeridian Field', ident: 'XAM', geometry: { type: 'Point', coordinates: [179.98, 47.52] }, lower: sfc, sourceId: 'fixture', props: { elevationFt: 123 } };

const across = (s: number, n: number, d = 0.01): Polygon => ({ type: 'Polygon', coordinates: [[[180 - d, s], [-180 + d, s], [-180 + d, n], [180 - d, n], [180 - d, s]]] });
/** About 1.5 km by 0.67 km (1 km², 0.39 sq mi) over the two cells. */
const CELLS = across(47.532, 47.538);
const SEATTLE: Polygon = box(-122.31, 47.53, -122.3, 47.54);

let svc: TestService;
let who: People;
beforeAll(async () => {
  const file = fixtureFile();
  svc = await startTestService({ dataset: { ...file, features: [...file.features, cell('EAST', 179.99, 180), cell('WEST', -180, -179.99), AIRPORT] }, now: T0 });
  who = await people(svc);
});
afterAll(() => svc.close());

const SEATTLE_NAMES = /BFI|SEA\b|Seattle|Boeing/;
const idFromUrl = (url: string) => /operations\/([0-9a-f-]{36})\/claim$/.exec(url)![1]!;


describe('platform operations across 180°', () => {
  let id = '';
  it('POST /v1/operations accepts it and keeps the Polygon as sent; PUT too', async () => {
    const r = await svc.call('POST', '/v1/operations', { token: who.pilot, body: operationBody(CELLS, START) });
    expect(r.status, await r.clone().text()).toBe(201);
    const op = await json<{ id: string; boundary: Polygon }>(r);
    expect(op.boundary).toEqual(CELLS);
    id = op.id;
    const moved = across(47.533, 47.537);
    const put = await svc.call('PUT', `/v1/operations/${id}`, { token: who.pilot, body: operationBody(moved, START) });
    expect(put.status, await put.clone().text()).toBe(200);
    expect((await json<{ boundary: Polygon }>(put)).boundary).toEqual(moved);
    expect((await svc.call('PUT', `/v1/operations/${id}`, { token: who.pilot, body: operationBody(CELLS, START) })).status).toBe(200);
  });

  it('its LAANC candidates are the two cells at 180°, one per facility, nothing of Seattle', async () => {
    const op = await laancOperation(svc, who.pilot, CELLS, START);
    const l = await json<{ operation: { candidates: Array<{ airTrafficControl: string; geom: Polygon; submissionType: string }>; notices: unknown[] } }>(
      svc.call('GET', `/v1/operations/${op.id}/laanc`, { token: who.pilot }),
    );
    expect(l.operation.candidates.map((c) => c.airTrafficControl).sort()).toEqual(['EAST', 'WEST']);
    for (const c of l.operation.candidates) {
      expect(c.submissionType).toBe('SUBMISSION_TYPE_AUTO_AUTHORIZATION');
      onlyNear180(c.geom);
      // Each candidate is the part of the box on its side: half of its 0.39 sq mi (1 km²), not a band.
      expect(areaSqMi(c.geom)).toBeGreaterThan(0.15);
      expect(areaSqMi(c.geom)).toBeLessThan(0.25);
    }
    expect(JSON.stringify(l)).not.toMatch(SEATTLE_NAMES);
  });

  it('the bbox filter finds it from either side and across 180°, and not from Seattle', async () => {
    const seattle = await json<{ id: string }>(svc.call('POST', '/v1/operations', { token: who.pilot, body: operationBody(SEATTLE, START) }));
    const found = async (bbox: string) => {
      const r = await svc.call('GET', `/v1/operations?bbox=${bbox}`, { token: who.pilot });
      expect(r.status, bbox).toBe(200);
      return (await json<{ operations: Array<{ id: string }> }>(r)).operations.map((o) => o.id);
    };
    for (const bbox of ['179.9,47.5,180,47.6', '-180,47.5,-179.9,47.6', '179.995,47.5,-179.995,47.6', '170,47,-170,48']) {
      const ids = await found(bbox);
      expect(ids, bbox).toContain(id);
      expect(ids, bbox).not.toContain(seattle.id);
    }
    for (const bbox of ['-122.5,47.4,-122.2,47.7', '-179.5,47,-170,48', '0,47,10,48', '170,47,179.98,48']) {
      expect(await found(bbox), bbox).not.toContain(id);
    }
    // A box across 180° that reaches Seattle finds both; one on the other side of the world neither.
    expect(await found('170,47,-120,48')).toEqual(expect.arrayContaining([id, seattle.id]));
    expect(await found('10,47,-179.999,48')).not.toContain(seattle.id);
    expect((await svc.call('GET', '/v1/operations?bbox=10,48,20,47', { token: who.pilot })).status).toBe(422);
  });
});

describe('ephemeral and legacy operations across 180°', () => {
  const ephemeral = (boundary: Polygon) => ({ boundary, name: 'Aleutian survey', maxAltitude: 100, timezoneName: 'UTC', startTime: START.toISOString(), duration: 30 });
  const CT = { 'content-type': 'application/json;charset=UTF-8' };
  const legacy = (geometry: unknown) => ({ type: 'Feature', geometry, properties: { operationName: 'x', category: 'faa_107', startTime: '2026-12-02T10:00:00', timezoneName: 'UTC', duration: 30, maxAltitude: 100 } });

  it('POST /v1/operations/ephemeral accepts it; the preview keeps it and names the airport at 180°', async () => {
    const r = await svc.call('POST', '/v1/operations/ephemeral', { token: who.client, body: ephemeral(CELLS) });
    expect(r.status, await r.clone().text()).toBe(200);
    const preview = await json<{ boundary: Polygon; nearestAirport: { ident: string } | null }>(svc.call('GET', `/v1/operations/ephemeral/${idFromUrl((await json<{ url: string }>(r)).url)}/preview`));
    expect(preview.boundary).toEqual(CELLS);
    // The middle of the box is at 180°, not at 0° (the average of 179.99 and -179.99).
    expect(preview.nearestAirport?.ident).toBe('XAM');
  });

  it('measures the 10 square mile limit on the small box, not the band', async () => {
    // 0.06° of longitude at 47.5°N is 2.8 mi; 0.04° of latitude 2.8 mi: about 7.8 sq mi.
    expect((await svc.call('POST', '/v1/operations/ephemeral', { token: who.client, body: ephemeral(across(47.5, 47.54, 0.03)) })).status).toBe(200);
    const big = await svc.call('POST', '/v1/operations/ephemeral', { token: who.client, body: ephemeral(across(47.5, 47.56, 0.05)) });
    expect(big.status).toBe(422);
    const details = (await json<{ details: Array<{ field: string; rule: string; actual: number }> }>(big)).details;
    const area = details.find((d) => d.rule === 'max_area')!;
    expect(area.field).toBe('body.boundary');
    expect(area.actual).toBeGreaterThan(10);
    expect(area.actual).toBeLessThan(25);
  });

  it('POST /v2/operation accepts a polygon across 180°, and buffers a path across it into the small corridor', async () => {
    const poly = await svc.call('POST', '/v2/operation', { token: who.client, body: legacy(CELLS), headers: CT });
    expect(poly.status, await poly.clone().text()).toBe(200);
    const path = await svc.call('POST', '/v2/operation', { token: who.client, body: legacy({ type: 'LineString', coordinates: [[179.99, 47.535], [-179.99, 47.535]] }), headers: CT });
    expect(path.status, await path.clone().text()).toBe(200);
    const id = idFromUrl((await json<{ data: { url: string } }>(path)).data.url);
    const preview = await json<{ boundary: Polygon }>(svc.call('GET', `/v1/operations/ephemeral/${id}/preview`));
    onlyNear180(preview.boundary);
    for (const lon of longitudes(preview.boundary)) expect(Math.abs(lon)).toBeLessThanOrEqual(180);
    // 1.5 km long, 100 m wide: about 0.06 sq mi.
    expect(areaSqMi(preview.boundary)).toBeGreaterThan(0.04);
    expect(areaSqMi(preview.boundary)).toBeLessThan(0.08);
  });
});

describe('suitability and sandbox TFRs across 180°', () => {
  it('POST /v1/suitability scores the few cells at 180° only', async () => {
    const body = { uavWeight: '1.2kg', uavType: 'multirotor', pilotControl: 'manual', losType: 'VLOS', maxAltitude: 200, resolution: 10, noFill: false, features: { airports: { weight: 1 } }, geometry: CELLS };
    const r = await svc.call('POST', '/v1/suitability', { token: who.client, body });
    expect(r.status, await r.clone().text()).toBe(200);
    const { data } = await json<{ data: { features: unknown[] } }>(r);
    // Resolution 10 cells are 0.015 km²: the 1 km² box has tens of them, the band millions.
    expect(data.features.length).toBeGreaterThan(10);
    expect(data.features.length).toBeLessThan(200);
    onlyNear180(data.features);
  });

  it('POST /v2/elevation measures and samples the small box', async () => {
    const r = await svc.call('POST', '/v2/elevation', { token: who.client, body: { geometry: CELLS, samples: 50 } });
    expect(r.status, await r.clone().text()).toBe(200);
    const { data } = await json<{ data: { samples: number; max: number | null } }>(r);
    expect(data.samples).toBeGreaterThanOrEqual(40);
    // The one airport in range is the one at 180° (Seattle's are 4,000 NM away, however the box is read).
    expect(data.max).toBe(123);
  });

  it('a TFR published across 180° restricts both sides and nothing else', async () => {
    const east = await laancOperation(svc, who.pilot, box(179.992, 47.533, 179.998, 47.537), START);
    const west = await laancOperation(svc, who.pilot, box(-179.998, 47.533, -179.992, 47.537), START);
    const seattle = await laancOperation(svc, who.pilot, SEATTLE, START);
    const r = await svc.call('POST', '/v1/sandbox/tfrs', { token: who.faa, body: { name: 'Across 180', geometry: across(47.531, 47.539, 0.009), startTime: START.toISOString() } });
    expect(r.status, await r.clone().text()).toBe(201);
    const { tfrId } = await json<{ tfrId: string }>(r);
    const tfrNotices = async (opId: string) => {
      const l = await json<{ operation: { notices: Array<{ reason: string; ids: string[] }> } }>(svc.call('GET', `/v1/operations/${opId}/laanc`, { token: who.pilot }));
      return l.operation.notices.filter((n) => n.ids.includes(tfrId)).map((n) => n.reason);
    };
    expect(await tfrNotices(east.id)).toEqual(['REASON_OPERATION_IN_TFR']);
    expect(await tfrNotices(west.id)).toEqual(['REASON_OPERATION_IN_TFR']);
    expect(await tfrNotices(seattle.id)).toEqual([]);
    // The dataset indexes its two parts: a search over Seattle does not even meet it.
    const ds = svc.deps.datasets.current();
    expect(ds.search([-122.4, 47.4, -122.2, 47.7], ['tfr']).map((f) => f.id)).not.toContain(tfrId);
    expect(ds.search([179.99, 47.53, 180, 47.54], ['tfr']).map((f) => f.id)).toEqual([tfrId]);
    const brief = await svc.call('POST', '/v2/briefing/preflight/area', { token: who.client, body: { boundary: SEATTLE } });
    expect(await brief.text()).not.toContain('Across 180');
  });
});

describe('hostile shapes at 180° are still refused, naming the field', () => {
  /** Valid on continuous longitudes, but crossing 180° ten times: a saw along the line. */
  const saw: Polygon = {
    type: 'Polygon',
    coordinates: [[[179.99, 47.5], ...Array.from({ length: 10 }, (_, i) => [i % 2 === 0 ? -179.99 : 179.99, 47.501 + i * 0.001]), [179.98, 47.51], [179.98, 47.5], [179.99, 47.5]]],
  };
  /** Edges taken the short way: a box 160° wide across 180°. */
  const wideAcross: Polygon = { type: 'Polygon', coordinates: [[[-100, 47], [100, 47], [100, 48], [-100, 48], [-100, 47]]] };
  /** No long edge, but 340° of longitude. */
  const wideAround: Polygon = { type: 'Polygon', coordinates: [[[-170, 47], [0, 47], [170, 47], [170, 48], [0, 48], [-170, 48], [-170, 47]]] };
  /** A small ring around the North Pole: it crosses 180° once. */
  const pole: Polygon = { type: 'Polygon', coordinates: [[[0, 89.99], [120, 89.99], [-120, 89.99], [0, 89.99]]] };
  const CT = { 'content-type': 'application/json;charset=UTF-8' };
  const routes: Array<[string, string, (g: Polygon) => unknown, string]> = [
    ['POST', '/v1/operations', (g) => operationBody(g, START), 'body.boundary'],
    ['POST', '/v1/operations/ephemeral', (g) => ({ boundary: g, name: 'x', maxAltitude: 100, timezoneName: 'UTC', startTime: START.toISOString(), duration: 30 }), 'body.boundary'],
    ['POST', '/v2/operation', (g) => ({ type: 'Feature', geometry: g, properties: { operationName: 'x', category: 'faa_107', startTime: '2026-12-02T10:00:00', timezoneName: 'UTC', duration: 30, maxAltitude: 100 } }), 'body.geometry'],
    ['POST', '/v1/suitability', (g) => ({ uavWeight: '1.2kg', uavType: 'multirotor', pilotControl: 'manual', losType: 'VLOS', maxAltitude: 200, resolution: 10, noFill: false, features: { airports: { weight: 1 } }, geometry: g }), 'body.geometry'],
    ['POST', '/v1/sandbox/tfrs', (g) => ({ name: 'x', geometry: g }), 'body.geometry'],
    ['POST', '/v2/elevation', (g) => ({ geometry: g }), 'body.geometry'],
  ];
  for (const [method, path, body, field] of routes) {
    it(`${path}: a saw across 180°, a box wider than 180°, a ring around the world or a pole`, async () => {
      const token = path.startsWith('/v1/sandbox') ? who.faa : path === '/v1/operations' ? who.pilot : who.client;
      for (const [name, g] of Object.entries({ saw, wideAcross, wideAround, pole })) {
        const r = await svc.call(method, path, { token, body: body(g), headers: path === '/v2/operation' ? CT : {} });
        const text = await r.text();
        expect(r.status, `${name}: ${text}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${name}: ${text}`).toBeLessThan(500);
        expect(text, name).toContain(field);
      }
    });
  }

  it('PUT /v1/operations/{id} refuses the saw, naming the field', async () => {
    const op = await json<{ id: string }>(svc.call('POST', '/v1/operations', { token: who.pilot, body: operationBody(CELLS, START) }));
    const r = await svc.call('PUT', `/v1/operations/${op.id}`, { token: who.pilot, body: operationBody(saw, START) });
    expect(r.status).toBe(422);
    expect(await r.text()).toMatch(/body\.boundary.*antimeridian/);
  });

  it('/v2/operation: a path across 180° three times is refused (400), naming the field', async () => {
    const line = { type: 'LineString', coordinates: [[179.99, 47.5], [-179.99, 47.501], [179.99, 47.502], [-179.99, 47.503]] };
    const body = { type: 'Feature', geometry: line, properties: { operationName: 'x', category: 'faa_107', startTime: '2026-12-02T10:00:00', timezoneName: 'UTC', duration: 30, maxAltitude: 100 } };
    const r = await svc.call('POST', '/v2/operation', { token: who.client, body, headers: CT });
    expect(r.status).toBe(400);
    expect(await r.text()).toMatch(/body\.geometry.*antimeridian/);
  });
});

describe('random rings at 180°', () => {
  const near180 = fc.tuple(fc.boolean(), fc.double({ min: 0, max: 0.02, noNaN: true }), fc.double({ min: 47.53, max: 47.54, noNaN: true }));
  const ring = fc.array(near180, { minLength: 3, maxLength: 8 }).map((ps): Polygon => {
    const pos = ps.map(([east, d, lat]) => [east ? 180 - d : -180 + d, lat]);
    return { type: 'Polygon', coordinates: [[...pos, pos[0]!]] };
  });

  it('are answered without a 5xx, and what is accepted gets LAANC candidates at 180° only', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(ring, async (g) => {
        const r = await svc.call('POST', '/v1/operations', { token: who.pilot, body: operationBody(g, START) });
        expect(r.status, JSON.stringify(g)).toBeLessThan(500);
        const suitability = await svc.call('POST', '/v1/suitability', { token: who.client, body: { uavWeight: '1kg', uavType: 'multirotor', pilotControl: 'manual', losType: 'VLOS', resolution: 10, features: {}, geometry: g } });
        expect(suitability.status, JSON.stringify(g)).toBeLessThan(500);
        if (r.status !== 201) return;
        accepted++;
        const { id } = await json<{ id: string }>(r);
        const l = await svc.call('POST', `/v1/operations/${id}/laanc`, { token: who.pilot, body: { license: 'LICENSE_PART_107', fixedAltitude: false, pointOfContact: POC } });
        expect(l.status, JSON.stringify(g)).toBe(201);
        const view = await json<{ operation: { candidates: Array<{ geom: Polygon; airTrafficControl: string }> } }>(svc.call('GET', `/v1/operations/${id}/laanc`, { token: who.pilot }));
        for (const c of view.operation.candidates) {
          expect(['EAST', 'WEST']).toContain(c.airTrafficControl);
          for (const lon of longitudes(c.geom)) expect(Math.abs(lon)).toBeGreaterThanOrEqual(179.98);
        }
      }),
      { numRuns: 40, seed: 20261124 },
    );
    // Most random rings cross themselves (422); enough are valid to have tested the rest.
    expect(accepted).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
