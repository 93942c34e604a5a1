/**
 * A fake FAA for tests (docs/live-data.md "Testing"): a local HTTP server that speaks the formats the
 * service follows, so every failure mode can be made on demand.
 * - `GET /tfrapi/exportTfrList`: the TFR list, a JSON array of { notam_id, type, facility, state,
 *   description, creation_date } as tfr.faa.gov gives it;
 * - `GET /download/detail_<id>.xml`: each TFR's detail XML (test/fake-faa/tfr-xml.ts, made from the
 *   real files);
 * - `GET /arcgis/rest/services/<name>/FeatureServer/0/query`: an ArcGIS layer as GeoJSON, paged with
 *   resultOffset/resultRecordCount and `exceededTransferLimit`, or an error body `{"error": …}` with HTTP 200.
 * - `POST /_control/list/<mode>`: sets the list's mode (the e2e specs steer the fake this way).
 * Modes per endpoint: ok, 500, garbage, hang (the request is held until the client gives up or the
 * server closes), huge (an endless body). Every request is announced on `events` ('list', 'detail',
 * 'arcgis'), so a test waits on what happened, never on time.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readReal } from '../../server/data/import/realdata';
import { tfrXml, type TfrSpec } from './tfr-xml';

export type Mode = 'ok' | '500' | 'garbage' | 'hang' | 'huge' | 'empty';

export interface FakeTfr extends TfrSpec {
  type?: string;
  description?: string;
  creationDate?: string;
  /** How this TFR's detail answers; default ok. */
  detail?: Mode;
  /** Serve this real file of ../shared/realdata as it is (e.g. "faa-tfr-xml/detail_4_2565.xml") instead of a made one. */
  real?: string;
}

/** The standing Washington DC FRZ, served from the real file as tfr.faa.gov serves it. */
export const DC_FRZ: FakeTfr = { id: '4/2565', center: [-77.0365, 38.8977], real: 'faa-tfr-xml/detail_4_2565.xml', type: 'SECURITY', facility: 'ZDC', state: 'DC', city: 'Washington, DC' };

export interface FakeFaa {
  url: string;
  listUrl: string;
  /** The detail template, `{id}` for the NOTAM id with "/" replaced by "_". */
  detailUrl: string;
  arcgisLayerUrl(name: string): string;
  tfrs: Map<string, FakeTfr>;
  /** Extra list entries with no detail behind them (count-heavy lists). */
  extraEntries: Array<Record<string, unknown>>;
  listMode: Mode;
  /** ArcGIS layers: features and mode per layer name. */
  layers: Map<string, { features: unknown[]; mode?: Mode | 'arcgis-error'; maxRecordCount?: number }>;
  events: EventEmitter;
  /** Requests answered so far, by kind. */
  counts: Record<'list' | 'detail' | 'arcgis', number>;
  /** Releases held (hanging) requests. */
  releaseHung(): void;
  close(): Promise<void>;
}

export function listEntry(t: FakeTfr): Record<string, unknown> {
  return {
    notam_id: t.id,
    type: t.type ?? 'HAZARDS',
    facility: t.facility ?? 'ZSE',
    state: (t.state ?? 'WA').slice(0, 2).toUpperCase(),
    description: t.description ?? `${t.city ?? 'Fake FAA test area'}, ${t.state ?? 'WA'}, ${new Date().toISOString().slice(0, 10)} local`,
    creation_date: t.creationDate ?? '12/07/2026',
  };
}

export async function startFakeFaa(opts: { port?: number; host?: string } = {}): Promise<FakeFaa> {
  const events = new EventEmitter();
  events.setMaxListeners(100);
  const hung = new Set<http.ServerResponse>();
  const fake: Omit<FakeFaa, 'url' | 'listUrl' | 'detailUrl' | 'arcgisLayerUrl' | 'close'> = {
    tfrs: new Map(),
    extraEntries: [],
    listMode: 'ok',
    layers: new Map(),
    events,
    counts: { list: 0, detail: 0, arcgis: 0 },
    releaseHung() {
      for (const r of hung) r.destroy();
      hung.clear();
    },
  };

  const answer = (res: http.ServerResponse, mode: Mode, body: () => string, type: string) => {
    if (mode === '500') {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
    } else if (mode === 'garbage') {
      res.writeHead(200, { 'content-type': type }).end('<html><head><title>Maintenance</title></head><body>{"notam_id": oops</body></html>');
    } else if (mode === 'hang') {
      hung.add(res);
      res.on('close', () => hung.delete(res));
    } else if (mode === 'huge') {
      // An endless body: the client must stop reading at its cap.
      res.writeHead(200, { 'content-type': type });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => undefined);
      pump();
    } else if (mode === 'empty') {
      res.writeHead(200, { 'content-type': type }).end(type.includes('json') ? '[]' : '');
    } else {
      res.writeHead(200, { 'content-type': type }).end(body());
    }
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const p = url.pathname;
    if (p === '/tfrapi/exportTfrList') {
      fake.counts.list++;
      events.emit('list', fake.listMode);
      answer(res, fake.listMode, () => JSON.stringify([...[...fake.tfrs.values()].map(listEntry), ...fake.extraEntries]), 'application/json');
      return;
    }
    const detail = /^\/download\/detail_(\d{1,2})_(\d{1,6})\.xml$/.exec(p);
    if (detail) {
      fake.counts.detail++;
      const id = `${detail[1]}/${detail[2]}`;
      const t = fake.tfrs.get(id);
      events.emit('detail', id, t?.detail ?? (t ? 'ok' : 'missing'));
      if (!t) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not Found</html>');
        return;
      }
      // As tfr.faa.gov: the document starts with a byte-order mark (the real file keeps its own).
      answer(res, t.detail ?? 'ok', () => (t.real ? readReal(t.real) : tfrXml(t)), 'text/xml');
      return;
    }
    const layer = /^\/arcgis\/rest\/services\/([^/]+)\/FeatureServer\/0\/query$/.exec(p);
    if (layer) {
      fake.counts.arcgis++;
      const l = fake.layers.get(decodeURIComponent(layer[1]!));
      events.emit('arcgis', layer[1]);
      if (!l) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 400, message: 'Invalid URL', details: [] } }));
        return;
      }
      if (l.mode === 'arcgis-error') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 500, message: 'Error performing query operation', details: [] } }));
        return;
      }
      const offset = Number(url.searchParams.get('resultOffset') ?? 0);
      const max = l.maxRecordCount ?? 2000;
      const count = Math.min(Number(url.searchParams.get('resultRecordCount') ?? max), max);
      const page = l.features.slice(offset, offset + count);
      const more = offset + count < l.features.length;
      answer(res, (l.mode as Mode | undefined) ?? 'ok', () => JSON.stringify({ type: 'FeatureCollection', features: page, ...(more ? { properties: { exceededTransferLimit: true } } : {}) }), 'application/geo+json');
      return;
    }
    // The e2e specs steer the fake running beside the built service (test/fake-faa/cli.ts).
    const control = /^\/_control\/list\/(ok|500|garbage|hang|huge|empty)$/.exec(p);
    if (control && req.method === 'POST') {
      fake.listMode = control[1] as Mode;
      if (fake.listMode !== 'hang') fake.releaseHung();
      res.writeHead(204).end();
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url: base,
    listUrl: `${base}/tfrapi/exportTfrList`,
    detailUrl: `${base}/download/detail_{id}.xml`,
    arcgisLayerUrl: (name: string) => `${base}/arcgis/rest/services/${encodeURIComponent(name)}/FeatureServer/0`,
    close: () =>
      new Promise<void>((resolve) => {
        fake.releaseHung();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
