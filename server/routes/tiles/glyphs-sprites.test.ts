import { PbfReader } from 'pbf';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

/** The code points of a glyph range PBF: fontstacks (1) → glyphs (3) → id (1). */
function glyphIds(buf: Uint8Array): number[] {
  const ids: number[] = [];
  new PbfReader(buf).readFields((tag, _, pbf) => {
    if (tag !== 1) return;
    pbf.readMessage((t2, __, p2) => {
      if (t2 !== 3) return;
      p2.readMessage((t3, ___, p3) => {
        if (t3 === 1) ids.push(p3.readVarint());
      }, null);
    }, null);
  }, null);
  return ids;
}

describe('GET /fonts/{fontstack}/{range}.pbf', () => {
  it('renders a glyph range of Open Sans with the Latin letters', async () => {
    const r = await svc.call('GET', '/fonts/Open%20Sans%20Regular/0-255.pbf');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/x-protobuf');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const ids = glyphIds(new Uint8Array(await r.arrayBuffer()));
    expect(ids).toEqual(expect.arrayContaining([65, 97, 48, 233]));
  });

  it('uses the first served font of a comma-separated stack', async () => {
    const r = await svc.call('GET', `/fonts/${encodeURIComponent('Noto Sans Regular,Open Sans Bold')}/256-511.pbf`);
    expect(r.status).toBe(200);
    expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('answers 404 when no font of the stack is served', async () => {
    expect((await svc.call('GET', '/fonts/Comic%20Sans/0-255.pbf')).status).toBe(404);
  });

  it.each(['0-256', '1-256', '256-255', '65536-65791', 'abc', '0-255x', '-0-255'])('refuses the range %s with 400', async (range) => {
    const r = await svc.call('GET', `/fonts/Open%20Sans%20Regular/${range}.pbf`);
    expect(r.status).toBe(400);
  });

  it.each([
    '/fonts/..%2F..%2Fpackage.json/0-255.pbf',
    '/fonts/..%2F..%2Fetc%2Fpasswd%2COpen%20Sans%20Regular/0-255.pbf',
    '/fonts/Open%20Sans%20Regular/..%2F..%2F0-255.pbf',
    '/fonts/Open%20Sans%20Regular/0-255%2F..%2F..%2Fx.pbf',
    '/fonts/Open%20Sans%20Regular%5C..%5C/0-255.pbf',
  ])('refuses the traversal attempt %s', async (p) => {
    const r = await svc.call('GET', p);
    expect([400, 404]).toContain(r.status);
    expect(await r.json()).toMatchObject({ statusCode: r.status });
  });
});

describe('GET /sprites/{file}', () => {
  it.each([1, 2])('serves a sheet at ratio %i whose index entries lie inside the PNG', async (ratio) => {
    const suffix = ratio === 2 ? '@2x' : '';
    const j = await svc.call('GET', `/sprites/skyplan${suffix}.json`);
    expect(j.status).toBe(200);
    expect(j.headers.get('content-type')).toBe('application/json');
    const index = (await j.json()) as Record<string, { x: number; y: number; width: number; height: number; pixelRatio: number }>;
    expect(Object.keys(index)).toEqual(expect.arrayContaining(['airport', 'airport-towered', 'heliport', 'seaplane', 'stadium', 'park', 'rc-field', 'hatch-red']));
    const p = await svc.call('GET', `/sprites/skyplan${suffix}.png`);
    expect(p.status).toBe(200);
    expect(p.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await p.arrayBuffer()));
    for (const [name, e] of Object.entries(index)) {
      expect(e.pixelRatio, name).toBe(ratio);
      expect(e.x + e.width, name).toBeLessThanOrEqual(png.width);
      expect(e.y + e.height, name).toBeLessThanOrEqual(png.height);
      // Something is drawn in every icon's box.
      let opaque = 0;
      for (let y = e.y; y < e.y + e.height; y++) for (let x = e.x; x < e.x + e.width; x++) if (png.data[(y * png.width + x) * 4 + 3]! > 128) opaque++;
      expect(opaque, name).toBeGreaterThanOrEqual(Math.min(e.width, e.height));
    }
  });

  it('doubles every icon at @2x', async () => {
    const one = (await (await svc.call('GET', '/sprites/skyplan.json')).json()) as Record<string, { width: number }>;
    const two = (await (await svc.call('GET', '/sprites/skyplan@2x.json')).json()) as Record<string, { width: number }>;
    for (const name of Object.keys(one)) expect(two[name]!.width).toBe(one[name]!.width * 2);
  });

  it.each(['other.json', 'skyplan.svg', 'skyplan@3x.png', '..%2Fpackage.json'])('answers %s with 404', async (file) => {
    const r = await svc.call('GET', `/sprites/${file}`);
    expect(r.status).toBe(404);
  });

  it('answers skyplan.json%00.png with 400 naming the field (no field takes a NUL character)', async () => {
    const r = await svc.call('GET', '/sprites/skyplan.json%00.png');
    expect(r.status).toBe(400);
    expect(((await r.json()) as { message: string }).message).toMatch(/^path\.file: /);
  });
});

describe('the OpenAPI document', () => {
  // The whole document's validity is test/openapi.test.ts's concern; here: our paths and parameters.
  it('documents the map endpoints with their path parameters', async () => {
    const doc = (await (await svc.call('GET', '/openapi.json')).json()) as { paths: Record<string, { get: { parameters: Array<{ name: string }> } }> };
    const names = (p: string) => doc.paths[p]!.get.parameters.map((x) => x.name).sort();
    expect(names('/tiles/{source}/{z}/{x}/{y}.pbf')).toEqual(['source', 'x', 'y', 'z']);
    expect(names('/fonts/{fontstack}/{range}.pbf')).toEqual(['fontstack', 'range']);
    expect(names('/styles/{style}/style.json')).toEqual(['basemap', 'style']); // basemap: a query parameter
    expect(names('/sprites/{file}')).toEqual(['file']);
  });
});
