/**
 * Telemetry ingest (docs/positions.md): batched POST /v1/positions against one position per call, per
 * position, in one run, on an in-process service with the embedded store. The ratio is what to read.
 */
import { startTestService } from '../test/helpers/service';
import { ms, row } from './stats';

const BATCH = 1000;
const SINGLES = 200;

export async function benchPositions(): Promise<string[]> {
  const t0 = new Date();
  const svc = await startTestService({ now: new Date(t0.getTime() + 60_000) });
  try {
    const token = await svc.clientToken();
    const boundary = { type: 'Polygon', coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.54], [-122.31, 47.53]]] };
    const r = await svc.call('POST', '/v1/operations', {
      token,
      body: {
        name: 'bench', boundary, minAltitude: 0, maxAltitude: 200, startTime: new Date(t0.getTime() - 3_600_000).toISOString(), endTime: new Date(t0.getTime() + 3_600_000).toISOString(),
        timezone: 'America/Los_Angeles', altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_COMMERCIAL', authorizationProviders: ['APPROVAL_PROVIDER_LAANC'], desc: 'bench',
      },
    });
    const { id } = (await r.json()) as { id: string };
    let n = 0;
    const position = () => ({ time: new Date(t0.getTime() - 3_000_000 + n++ * 100).toISOString(), latitude: 47.535, longitude: -122.305, altitude: 100 });
    const send = async (positions: unknown[]) => {
      const res = await svc.call('POST', '/v1/positions', { token, body: { operationId: id, positions } });
      if (res.status !== 200) throw new Error(`positions: ${res.status} ${await res.text()}`);
    };
    await send([position()]); // warm-up
    let start = performance.now();
    for (let i = 0; i < SINGLES; i++) await send([position()]);
    const single = (performance.now() - start) / SINGLES;
    start = performance.now();
    for (let b = 0; b < 3; b++) await send(Array.from({ length: BATCH }, position));
    const batched = (performance.now() - start) / (3 * BATCH);
    return [
      'Positions ingest (in-process, embedded store), per position:',
      row(['  one position per call', `${ms(single)} ms`]),
      row([`  batches of ${BATCH}`, `${ms(batched)} ms`, `${(single / batched).toFixed(0)}x faster`]),
    ];
  } finally {
    await svc.close();
  }
}
