/**
 * The sandbox FAA (domain.md: "in the sandbox nobody at the FAA answers"): people with role faa list
 * authorizations, approve or deny further coordination, rescind or invalidate approvals, and publish
 * a TFR over an area. A TFR is kept in the store and laid over the dataset as a new version
 * (deps.datasets.swap); every approved authorization it covers becomes STATUS_INVALID (revalidate.ts).
 * Other instances, and this one after a restart, pick the store's TFRs up (syncSandboxTfrs) and keep
 * them over whatever dataset version the poller swaps in next.
 */
import { randomUUID } from 'node:crypto';
import { rfc7946 } from '../../domain/geometry/rfc7946';
import type { Polygon } from 'geojson';
import type { AuthorizationStatus } from '../../contract/laanc';
import type { DatasetProvider } from '../../data/dataset-provider';
import type { AirspaceFeature, DatasetSource } from '../../data/model';
import type { AppDeps } from '../../deps';
import { unprocessable } from '../../http/errors';
import { normaliseAtAntimeridian } from '../../domain/geometry/antimeridian';
import { laancStore } from '../../store/laanc';
import { sandboxTfrStore } from '../../store/sandbox-tfrs';
import { revalidateApproved } from './revalidate';
import { authorizationResult, authorizationResults } from './service';
import type { AuthorizationAction } from '../../domain/laanc/state-machine';
import { autoCancelDue, transition } from './transitions';

export async function listForFaa(deps: AppDeps, q: { status?: AuthorizationStatus | undefined; limit: number; offset: number }) {
  await autoCancelDue(deps);
  const all: AuthorizationStatus[] = ['STATUS_PENDING', 'STATUS_APPROVED', 'STATUS_DENIED', 'STATUS_CANCELLED', 'STATUS_AUTO_CANCELLED', 'STATUS_RESCINDED', 'STATUS_RESCINDED_ACKNOWLEDGED', 'STATUS_INVALID', 'STATUS_INVALID_CANCELLED', 'STATUS_CLOSED'];
  const rows = await laancStore.byStatus(deps.db, q.status ? [q.status] : all, null, { limit: q.limit, offset: q.offset });
  const results = await authorizationResults(deps.db, rows.map((r) => r.authorization));
  return {
    authorizations: rows.map((r, i) => ({
      ...results[i]!, operationName: r.operationName, operationTimezone: r.operationTimezone, pilotId: r.pilotId, pilotName: r.pilotName, pilotCertificate: r.pilotCertificate, license: r.license,
    })),
  };
}

const NEEDS_REASON: ReadonlySet<string> = new Set(['deny', 'rescind', 'invalidate']);

export async function faaDecision(deps: AppDeps, faaId: string, authorizationId: string, action: 'approve' | 'deny' | 'rescind' | 'invalidate', reason: string | undefined) {
  if (NEEDS_REASON.has(action) && !reason) {
    throw unprocessable(`A reason is required to ${action}`, [{ field: 'body.reason', rule: 'reason_required', message: `required for ${action}` }]);
  }
  // A pending one whose start passed is auto-cancelled first: the FAA can no longer approve it.
  await autoCancelDue(deps);
  const a = await transition(deps, { authorizationId, action: action as AuthorizationAction, by: faaId, reason: reason ?? null });
  return authorizationResult(deps.db, a);
}

const sandboxSource = (): DatasetSource => ({ id: 'sandbox-faa', name: 'Sandbox FAA (simulated TFRs)', version: '1', effectiveDate: new Date(0).toISOString(), retrievedAt: new Date().toISOString(), attribution: 'simulated', licence: 'none' });

/** Lays the sandbox TFRs over whatever dataset version the poller swaps in (DatasetProvider overlays). */
function layOver(provider: DatasetProvider, list: readonly AirspaceFeature[]): boolean {
  return provider.setOverlay('sandbox-faa', { tag: `sandbox-tfr-${list.length}`, features: list, sources: [sandboxSource()] });
}

function overlaid(provider: DatasetProvider): readonly AirspaceFeature[] {
  return provider.overlay('sandbox-faa')?.features ?? [];
}

export async function publishTfr(deps: AppDeps, faaId: string, t: { name: string; geometry: Polygon; startTime?: string | undefined; endTime?: string | undefined; reason: string }) {
  const now = deps.now();
  const start = t.startTime ? new Date(t.startTime) : now;
  const end = t.endTime ? new Date(t.endTime) : null;
  const feature: AirspaceFeature = {
    id: `tfr:sandbox:${randomUUID()}`,
    layer: 'tfr',
    name: t.name,
    // Cut at 180° when it crosses: the TFR restricts its parts on both sides, not the band between.
    geometry: rfc7946(normaliseAtAntimeridian(t.geometry)),
    lower: { value: 0, reference: 'SFC' },
    description: t.reason,
    schedule: { startTime: start.toISOString(), ...(end ? { endTime: end.toISOString() } : {}) },
    authority: 'FAA (sandbox)',
    sourceId: 'sandbox-faa',
  };
  await sandboxTfrStore.add(deps.db, feature);
  layOver(deps.datasets, [...overlaid(deps.datasets), feature]);
  const invalidated = (await revalidateApproved(deps, deps.datasets.current())).filter((i) => i.featureIds.includes(feature.id)).map((i) => i.authorizationId);
  return { tfrId: feature.id, datasetVersion: deps.datasets.current().version, invalidated };
}

/** Lays the store's sandbox TFRs over this instance's dataset when they differ from what it has. */
export async function syncSandboxTfrs(deps: AppDeps): Promise<boolean> {
  const stored = await sandboxTfrStore.all(deps.db);
  const list = overlaid(deps.datasets);
  const known = new Set(list.map((f) => f.id));
  const missing = stored.filter((f) => !known.has(f.id));
  if (missing.length === 0) return false;
  return layOver(deps.datasets, [...list, ...missing]);
}
