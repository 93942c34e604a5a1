/** Decoding helpers for the map tests: tiles into layers of feature properties. */
import { gunzipSync } from 'node:zlib';
import { PbfReader } from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';

export type DecodedTile = Record<string, Array<Record<string, string | number | boolean> & { $type: number }>>;

export function decodeTile(buf: Uint8Array): DecodedTile {
  const vt = new VectorTile(new PbfReader(buf));
  const out: DecodedTile = {};
  for (const [name, layer] of Object.entries(vt.layers)) {
    out[name] = [];
    for (let i = 0; i < layer.length; i++) {
      const f = layer.feature(i);
      out[name].push({ ...f.properties, $type: f.type });
    }
  }
  return out;
}

export async function responseBytes(r: Response): Promise<Uint8Array> {
  const buf = new Uint8Array(await r.arrayBuffer());
  return r.headers.get('content-encoding') === 'gzip' ? new Uint8Array(gunzipSync(buf)) : buf;
}
