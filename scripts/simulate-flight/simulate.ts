/**
 * The sandbox's simulated drone from a script (docs/positions.md "Simulated flight"): reads an operation
 * with the API client's token and POSTs the same track the portal's button flies (src/features/flight/simulate.ts).
 */
import { simulatedTrack } from '../../src/features/flight/simulate';

export interface SimulateOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  operationId: string;
  now?: Date;
  stray?: boolean;
  fetchImpl?: typeof fetch;
}

export async function simulateFlight(o: SimulateOptions): Promise<{ accepted: number; conformance: Array<{ reason: string; detail: string }> }> {
  const f = o.fetchImpl ?? fetch;
  const base = o.baseUrl.replace(/\/+$/, '');
  const tokenRes = await f(`${base}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: o.clientId, client_secret: o.clientSecret }),
  });
  if (!tokenRes.ok) throw new Error(`token: ${tokenRes.status} ${await tokenRes.text()}`);
  const token = ((await tokenRes.json()) as { data: { accessToken: string } }).data.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const opRes = await f(`${base}/v1/operations/${encodeURIComponent(o.operationId)}`, { headers: auth });
  if (!opRes.ok) throw new Error(`operation ${o.operationId}: ${opRes.status} ${await opRes.text()}`);
  const op = (await opRes.json()) as { boundary: Parameters<typeof simulatedTrack>[0]; maxAltitude: number; altitudeUnit: string };
  const ceilingFt = op.altitudeUnit === 'ALTITUDE_UNIT_METERS' ? op.maxAltitude * 3.280839895 : op.maxAltitude;
  const positions = simulatedTrack(op.boundary, ceilingFt, o.now ?? new Date(), o.stray ?? true);
  const res = await f(`${base}/v1/positions`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ operationId: o.operationId, positions }) });
  if (!res.ok) throw new Error(`positions: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { accepted: number; conformance: Array<{ reason: string; detail: string }> } }).data;
}
