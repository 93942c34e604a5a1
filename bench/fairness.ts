/**
 * Fairness (issue 29): how long `/v1/status` and another caller's small request (one position of its
 * own operation) take while a legal load runs beside them, on one in-process service sharing one event
 * loop. Mixes: idle (the baseline of the same run), two writers sending flapping position batches, four
 * route planners. Targets: status p99 under 250 ms and max under 1 s, the other caller under 1 s.
 * Not a test: it prints figures; read them against the idle baseline (the machine is shared).
 */
import { startTestService, type TestService } from '../test/helpers/service';
import { ms, percentile, row } from './stats';

const SECONDS = Number(process.env.FAIRNESS_SECONDS ?? 8);
const PROBE_EVERY_MS = 50;
const AREA = { type: 'Polygon', coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.54], [-122.31, 47.53]]] };

type Load = (svc: TestService, stop: () => boolean) => Promise<void>;

/** Answers of the load's own requests by status, so the figures say what the load really was. */
const loadAnswers = new Map<number, number>();
const counted = async (r: Promise<Response>) => {
  const res = await r;
  loadAnswers.set(res.status, (loadAnswers.get(res.status) ?? 0) + 1);
  await res.arrayBuffer();
};

async function operation(svc: TestService, token: string, t0: Date): Promise<string> {
  const r = await svc.call('POST', '/v1/operations', {
    token,
    body: {
      name: 'fairness', boundary: AREA, minAltitude: 0, maxAltitude: 200, startTime: new Date(t0.getTime() - 3_600_000).toISOString(), endTime: new Date(t0.getTime() + 3_600_000).toISOString(),
      timezone: 'America/Los_Angeles', altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_COMMERCIAL', authorizationProviders: ['APPROVAL_PROVIDER_LAANC'], desc: 'bench',
    },
  });
  if (r.status !== 201) throw new Error(`operation: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { id: string }).id;
}

/** Probes until `stop`: status and one position of the other caller, each timed. */
async function probe(svc: TestService, other: { token: string; op: string }, t0: Date, stop: () => boolean) {
  const status: number[] = [];
  const small: number[] = [];
  let n = 0;
  while (!stop()) {
    let t = performance.now();
    await svc.call('GET', '/v1/status');
    status.push(performance.now() - t);
    t = performance.now();
    const time = new Date(t0.getTime() - 3_000_000 + n++ * 1000 + Math.random()).toISOString();
    await svc.call('POST', '/v1/positions', { token: other.token, body: { operationId: other.op, positions: [{ time, latitude: 47.535, longitude: -122.305, altitude: 100 }] } });
    small.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  return { status: status.sort((a, b) => a - b), small: small.sort((a, b) => a - b) };
}

/** Two writers, each sending batches of 1,000 positions alternating in and out of the area and the ceiling. */
const flappingWriters =
  (writers: Array<{ token: string; op: string }>, t0: Date): Load =>
  async (svc, stop) => {
    await Promise.all(
      writers.map(async (w, k) => {
        for (let b = 0; !stop(); b++) {
          const positions = Array.from({ length: 1000 }, (_, i) => ({
            time: new Date(t0.getTime() - 3_500_000 + (b * 1000 + i) * 100 + k).toISOString(),
            latitude: 47.535,
            longitude: i % 2 ? -122.305 : -122.2,
            altitude: i % 4 < 2 ? 100 : 2000,
          }));
          await counted(svc.call('POST', '/v1/positions', { token: w.token, body: { operationId: w.op, positions } }));
        }
      }),
    );
  };

/** Four route planners, each asking for a 10 km route across Seattle in a loop. */
const routePlanners =
  (token: string): Load =>
  async (svc, stop) => {
    await Promise.all(
      Array.from({ length: 4 }, async (_, k) => {
        while (!stop()) {
          const dy = k * 0.002;
          await counted(svc.call('POST', '/v2/route', { token, body: { geometry: { type: 'LineString', coordinates: [[-122.4, 47.55 + dy], [-122.27, 47.6 + dy]] }, maxAltitude: 200 } }));
        }
      }),
    );
  };

async function run(svc: TestService, other: { token: string; op: string }, t0: Date, load: Load | null) {
  const until = performance.now() + SECONDS * 1000;
  const stop = () => performance.now() > until;
  const [p] = await Promise.all([probe(svc, other, t0, stop), load ? load(svc, stop) : Promise.resolve()]);
  return p;
}

export async function benchFairness(): Promise<string[]> {
  const t0 = new Date();
  const svc = await startTestService({ now: new Date(t0.getTime() + 60_000), config: { rateLimits: { positionsPerMinute: 0, apiPerMinute: 0 } } });
  try {
    const client = await svc.clientToken();
    const pilot = await svc.personToken('pilot@cascade.example', 'demo-pilot');
    const operator = await svc.personToken('operator@cascade.example', 'demo-operator');
    const writers = [
      { token: client, op: await operation(svc, client, t0) },
      { token: pilot, op: await operation(svc, pilot, t0) },
    ];
    const other = { token: operator, op: await operation(svc, operator, t0) };
    await run(svc, other, t0, null); // warm-up
    const mixes: Array<[string, Load | null]> = [
      ['idle (baseline)', null],
      ['two flapping position writers', flappingWriters(writers, t0)],
      ['four route planners', routePlanners(client)],
    ];
    const lines = [`Fairness (in-process, one event loop, ${SECONDS} s a mix): /v1/status and another caller's one position`, row(['  mix', 'status p99', 'status max', 'other p99', 'other max'])];
    let base = 0;
    for (const [name, load] of mixes) {
      loadAnswers.clear();
      const r = await run(svc, other, t0, load);
      const p99 = percentile(r.status, 99);
      if (!load) base = p99;
      lines.push(
        row([`  ${name}`, `${ms(p99)} ms${load ? ` (${(p99 / base).toFixed(1)}x)` : ''}`, `${ms(r.status.at(-1)!)} ms`, `${ms(percentile(r.small, 99))} ms`, `${ms(r.small.at(-1)!)} ms`]) +
          ` ${r.status.length} probes; load answers ${[...loadAnswers].map(([k, v]) => `${v}×${k}`).join(', ') || '–'}`,
      );
    }
    lines.push('  targets: status p99 < 250 ms and max < 1 s; the other caller < 1 s. Not measured here yet: 300 subscribers and a data change, a cold-tile flood.');
    return lines;
  } finally {
    await svc.close();
  }
}
