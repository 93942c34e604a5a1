import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../test/helpers/service';
import { datasetPoller } from './background';
import { writeDataset } from './data/dataset-files';
import type { DatasetFile } from './data/model';

const file = (version: string, kind: DatasetFile['kind'] = 'faa'): DatasetFile => ({
  format: 'skyplan-airspace-dataset',
  formatVersion: 1,
  version,
  generatedAt: '2026-11-01T00:00:00Z',
  kind,
  sources: [{ id: 's', name: 'test', version, effectiveDate: '2026-11-01T00:00:00Z', retrievedAt: '2026-11-01T00:00:00Z', attribution: 'test', licence: 'public domain' }],
  features: [{ id: `tfr:${version}`, layer: 'tfr', name: version, geometry: { type: 'Point', coordinates: [-122.3, 47.5] }, sourceId: 's' }],
});

let svc: TestService;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-refresh-'));
beforeAll(async () => {
  svc = await startTestService({ dataset: file('v1'), config: { dataDir } });
});
afterAll(() => svc.close());

describe('dataset refresh without downtime', () => {
  it('swaps in a dataset another process activated, while a request holding the old one keeps it', async () => {
    await writeDataset(dataDir, file('v1'), { activate: true });
    let loads = 0;
    const poll = datasetPoller(svc.deps, async () => {
      loads += 1;
      return file('v2');
    }, (f) => f);
    expect(await poll()).toBe(false); // first poll only notes the pointer
    const inFlight = svc.deps.datasets.current();
    await new Promise((r) => setTimeout(r, 20));
    await writeDataset(dataDir, file('v2'), { activate: true });
    expect(await poll()).toBe(true);
    expect(loads).toBe(1);
    expect(svc.deps.datasets.current().version).toBe('v2');
    // The request that started on v1 still sees v1 whole.
    expect(inFlight.version).toBe('v1');
    expect(inFlight.get('tfr:v1')?.name).toBe('v1');
    expect((await (await svc.call('GET', '/v1/status')).json()) as { dataset: { version: string } }).toMatchObject({ dataset: { version: 'v2' } });
  });

  it('re-anchors a sandbox dataset once the UTC day changes, and not on other polls that day', async () => {
    const day1 = new Date('2026-11-24T10:00:00Z');
    svc.setNow(day1);
    svc.deps.datasets.swap(file('sandbox-2026-11-24', 'sandbox'));
    let refreshed = 0;
    const poll = datasetPoller(svc.deps, async () => file('unused'), (f, now) => {
      refreshed++;
      return { ...f, version: `sandbox-${now.toISOString().slice(0, 10)}` };
    });
    await poll();
    svc.setNow(new Date('2026-11-24T23:59:00Z'));
    expect(await poll()).toBe(false);
    expect(refreshed).toBe(0); // the same day: nothing re-assembled
    svc.setNow(new Date('2026-11-25T00:01:00Z'));
    expect(await poll()).toBe(true);
    expect(refreshed).toBe(1);
    expect(svc.deps.datasets.current().version).toBe('sandbox-2026-11-25');
    expect(await poll()).toBe(false);
    expect(refreshed).toBe(1);
  });
});
