/**
 * Answers over the whole generated sandbox dataset are unchanged by the work kept per feature (the
 * geometries' JSON text, stadium circles, cell facilities, description texts: docs/perf.md, "Briefings
 * over HTTP, fourth round"). Each request is answered twice: by this module's engine, warm from every
 * request before it, and by a freshly imported engine (vi.resetModules: empty caches), stringified whole
 * as before. The text must be the same to the byte, and the text the service sends (briefingText) must
 * be JSON.stringify of the answer.
 */
import fc from 'fast-check';
import type { Polygon, Position } from 'geojson';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BriefingResultSchema } from '../../contract/briefing';
import { Dataset } from '../../data/dataset';
import type { AirspaceFeature } from '../../data/model';
import { generateSandboxDataset } from '../../data/generate';
import { briefArea, briefingText, briefLocation, type BriefingOptions } from '.';
import { activity } from './time';

const NOW = new Date('2025-07-04T18:00:00Z');
const HOUR = 3_600_000;
let ds: Dataset;

beforeAll(async () => {
  ds = new Dataset(await generateSandboxDataset({ now: NOW }));
});

type Request = { kind: 'location'; lat: number; lon: number; opts: BriefingOptions } | { kind: 'area'; boundary: Polygon; opts: BriefingOptions };

/** Dense and restricted places: Seattle (KBFI, SEA), the DC SFRA, FRZ and P-56, LAX, O'Hare, New York. */
const PLACES: Array<[lon: number, lat: number]> = [
  [-122.3, 47.53], [-122.3016, 47.4435], [-77.0365, 38.8977], [-77.04, 38.89], [-77.45, 38.95], [-76.9, 38.7],
  [-118.4085, 33.9416], [-87.9073, 41.9742], [-73.7781, 40.6413], [-73.98, 40.75],
];

function square(lon: number, lat: number, half: number): Polygon {
  return { type: 'Polygon', coordinates: [[[lon - half, lat - half], [lon + half, lat - half], [lon + half, lat + half], [lon - half, lat + half], [lon - half, lat - half]]] };
}

function vertices(f: AirspaceFeature): Position[] {
  const g = f.geometry;
  if (g.type === 'Point') return [g.coordinates];
  if (g.type === 'LineString') return g.coordinates;
  if (g.type === 'Polygon') return g.coordinates.flat();
  return g.coordinates.flat(2);
}

/** A point exactly on a vertex of a feature near the place, or on the middle of one of its edges. */
function onBoundary(lon: number, lat: number, pick: number, mid: boolean): Position {
  const near = ds.searchNear({ type: 'Point', coordinates: [lon, lat] }, 2);
  if (!near.length) return [lon, lat];
  const vs = vertices(near[pick % near.length]!);
  const i = pick % vs.length;
  const a = vs[i]!, b = vs[Math.min(i + 1, vs.length - 1)]!;
  return mid ? [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2] : [a[0]!, a[1]!];
}

const request: fc.Arbitrary<Request> = fc
  .record({
    place: fc.integer({ min: 0, max: PLACES.length - 1 }),
    dx: fc.double({ min: -0.06, max: 0.06, noNaN: true }),
    dy: fc.double({ min: -0.06, max: 0.06, noNaN: true }),
    where: fc.constantFrom('jitter', 'vertex', 'edge'),
    pick: fc.nat(10_000),
    area: fc.boolean(),
    half: fc.double({ min: 0.002, max: 0.03, noNaN: true }),
    hours: fc.integer({ min: -30, max: 60 }),
    length: fc.integer({ min: 1, max: 6 }),
    maxAltitudeFt: fc.integer({ min: 0, max: 400 }),
    includeGeometry: fc.boolean(),
  })
  .map((r) => {
    const [lon0, lat0] = PLACES[r.place]!;
    const [lon, lat] = r.where === 'jitter' ? [lon0 + r.dx, lat0 + r.dy] : onBoundary(lon0 + r.dx, lat0 + r.dy, r.pick, r.where === 'edge');
    const start = new Date(NOW.getTime() + r.hours * HOUR);
    const opts = { now: NOW, start, end: new Date(start.getTime() + r.length * HOUR), maxAltitudeFt: r.maxAltitudeFt, includeGeometry: r.includeGeometry };
    return r.area ? { kind: 'area', boundary: square(lon!, lat!, r.half), opts } : { kind: 'location', lat: lat!, lon: lon!, opts };
  });

type Engine = Pick<typeof import('.'), 'briefArea' | 'briefLocation'>;

function ask(engine: Engine, r: Request) {
  return r.kind === 'area' ? engine.briefArea(ds, r.boundary, r.opts) : engine.briefLocation(ds, r.lat, r.lon, r.opts);
}

/** The same request on a freshly imported engine: nothing kept from any answer before. */
async function cold(r: Request): Promise<string> {
  vi.resetModules();
  const fresh = (await import('.')) as Engine;
  return JSON.stringify(ask(fresh, r));
}

function same(r: Request, warm: string, reference: string): void {
  if (warm !== reference) expect(JSON.parse(warm), JSON.stringify(r)).toEqual(JSON.parse(reference));
  expect(warm, JSON.stringify(r)).toBe(reference);
}

describe('briefing answers with the work kept per feature', () => {
  it('are byte for byte the answers of a cold engine, and briefingText is their JSON.stringify', async () => {
    const requests = fc.sample(request, { numRuns: 400, seed: 13 });
    // Warm the kept work over all of them first, so that the comparison below reads it.
    for (const r of requests) ask({ briefArea, briefLocation }, r);
    let restricted = 0, withGeometry = 0;
    for (const r of requests) {
      const answer = ask({ briefArea, briefLocation }, r);
      const text = briefingText(answer);
      expect(text, JSON.stringify(r)).toBe(JSON.stringify(answer));
      same(r, text, await cold(r));
      if (answer.authorizationType === 'AUTHORIZATION_TYPE_RESTRICTED') restricted++;
      if (answer.notices?.some((n) => n.geometry)) withGeometry++;
    }
    // The sample reaches the restricted places and answers with geometry, or it proves little.
    expect(restricted).toBeGreaterThan(20);
    expect(withGeometry).toBeGreaterThan(100);
  });

  it('are unchanged for TFRs and stadiums in effect and not, within the contract', async () => {
    const live = [...ds.ofLayers(['tfr']), ...ds.ofLayers(['stadium']).filter((f) => f.events?.length).slice(0, 20)];
    expect(live.length).toBeGreaterThan(5);
    let active = 0, inactive = 0;
    for (const f of live) {
      const [lon, lat] = vertices(f)[0]!;
      const times = f.layer === 'stadium' ? [Date.parse(f.events![0]!.startTime), Date.parse(f.events![0]!.endTime) + 3 * HOUR] : [NOW.getTime(), NOW.getTime() + 24 * HOUR, NOW.getTime() - 24 * HOUR];
      for (const t of times) {
        const opts = { now: NOW, start: new Date(t), end: new Date(t + HOUR), includeGeometry: true };
        for (const r of [{ kind: 'location', lat: lat!, lon: lon!, opts }, { kind: 'area', boundary: square(lon!, lat!, 0.01), opts }] as Request[]) {
          const answer = ask({ briefArea, briefLocation }, r);
          const text = briefingText(answer);
          expect(text).toBe(JSON.stringify(answer));
          same(r, text, await cold(r));
          expect(BriefingResultSchema.safeParse(answer).success).toBe(true);
        }
        if (activity(f, { start: new Date(t), end: new Date(t + HOUR) }).state === 'active') active++;
        else inactive++;
      }
    }
    expect(active).toBeGreaterThan(0);
    expect(inactive).toBeGreaterThan(0);
  });
});

describe('what answers share', () => {
  it('is frozen: one answer cannot change another', () => {
    const a = briefLocation(ds, 47.53, -122.3, { now: NOW, maxAltitudeFt: 200 });
    const b = briefLocation(ds, 47.53, -122.3, { now: NOW, maxAltitudeFt: 200 });
    const shared = a.notices!.flatMap((n, i) => [n.provenance, n.contact, n.lowerAltitude, n.upperAltitude, n.schedule].filter((x, j) => x !== undefined && x === [b.notices![i]!.provenance, b.notices![i]!.contact, b.notices![i]!.lowerAltitude, b.notices![i]!.upperAltitude, b.notices![i]!.schedule][j]));
    expect(shared.length).toBeGreaterThan(10);
    for (const x of shared) expect(Object.isFrozen(x)).toBe(true);
    expect(() => a.notices![0]!.provenance!.push({ kind: 'faa', sourceId: 'x', name: 'x' })).toThrow(TypeError);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe('the answer text', () => {
  it('is JSON.stringify of any notice list, whatever the keys and their order', () => {
    const geometry = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.record({ type: fc.constant('Polygon'), coordinates: fc.array(fc.array(fc.tuple(fc.double({ noNaN: true }), fc.double({ noNaN: true })), { minLength: 1, maxLength: 4 }), { maxLength: 2 }) }),
      fc.record({ type: fc.constant('MultiPolygon'), coordinates: fc.array(fc.array(fc.array(fc.tuple(fc.double(), fc.double()), { maxLength: 3 }), { maxLength: 2 }), { maxLength: 4 }) }),
      fc.record({ coordinates: fc.array(fc.array(fc.array(fc.tuple(fc.double(), fc.double()), { maxLength: 3 }), { maxLength: 2 }), { maxLength: 4 }), type: fc.constant('MultiPolygon') }),
      fc.record({ type: fc.constant('MultiPolygon'), coordinates: fc.array(fc.array(fc.array(fc.tuple(fc.double(), fc.double()), { maxLength: 3 }), { maxLength: 2 }), { maxLength: 2 }), bbox: fc.array(fc.double(), { maxLength: 4 }) }),
    );
    const notice = fc.tuple(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 }), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 }), geometry).map(([a, b, g]) => ({ ...a, geometry: g, ...b }));
    const answer = fc.record({ status: fc.string(), notices: fc.array(notice, { maxLength: 4 }), authorizationType: fc.string() });
    fc.assert(
      fc.property(answer, (a) => {
        expect(briefingText(a as never)).toBe(JSON.stringify(a));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes plain values as JSON.stringify does: any string (escapes, control characters, lone surrogates), any double, booleans, null, undefined', () => {
    const edge = ['', '"', '\\', '\u0000', '\u001f', '\u007f', '\u2028', '\ud800', '\udc00', '\ud83d\ude00', 'a\nb\tc', 'plain text', 'é ü ✓'];
    const value = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
      fc.constantFrom(...edge),
      fc.double(),
      fc.constantFrom(-0, 0, NaN, Infinity, -Infinity, 1e21, 1e-7, 5e-324),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
    );
    const notice = fc.dictionary(fc.string(), value, { maxKeys: 8 });
    fc.assert(
      fc.property(fc.array(notice, { maxLength: 3 }), (notices) => {
        const a = { status: 'NOTICE_STATUS_CAUTION', notices };
        expect(briefingText(a as never)).toBe(JSON.stringify(a));
      }),
      { numRuns: 3000 },
    );
  });
});
