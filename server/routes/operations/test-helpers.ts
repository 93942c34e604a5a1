/** Test helpers shared by the operations, LAANC, ephemeral, sandbox and callback tests. */
import type { Polygon } from 'geojson';
import type { TestService } from '../../../test/helpers/service';

export interface People {
  client: string;
  pilot: string;
  operator: string;
  potomac: string;
  faa: string;
  ids: { pilot: string; operator: string; potomac: string; faa: string };
}

async function idOf(svc: TestService, token: string): Promise<string> {
  const r = await svc.call('GET', '/v1/auth/me', { token });
  return ((await r.json()) as { user: { id: string } }).user.id;
}

export async function people(svc: TestService): Promise<People> {
  const [client, pilot, operator, potomac, faa] = await Promise.all([
    svc.clientToken(),
    svc.personToken('pilot@cascade.example', 'demo-pilot'),
    svc.personToken('operator@cascade.example', 'demo-operator'),
    svc.personToken('pilot@potomac.example', 'demo-pilot'),
    svc.personToken('faa@sandbox.example', 'demo-faa'),
  ]);
  const [a, b, c, d] = await Promise.all([idOf(svc, pilot), idOf(svc, operator), idOf(svc, potomac), idOf(svc, faa)]);
  return { client, pilot, operator, potomac, faa, ids: { pilot: a, operator: b, potomac: c, faa: d } };
}

export async function json<T = Record<string, unknown>>(r: Response | Promise<Response>): Promise<T> {
  return (await (await r).json()) as T;
}

export function operationBody(boundary: Polygon, start: Date, minutes = 60, over: Record<string, unknown> = {}) {
  return {
    name: 'Roof inspection',
    boundary,
    minAltitude: 0,
    maxAltitude: 200,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + minutes * 60000).toISOString(),
    timezone: 'America/Los_Angeles',
    altitudeUnit: 'ALTITUDE_UNIT_FEET',
    altitudeReference: 'ALTITUDE_REFERENCE_AGL',
    flightType: 'FLIGHT_TYPE_COMMERCIAL',
    authorizationProviders: ['APPROVAL_PROVIDER_LAANC'],
    desc: 'test',
    ...over,
  };
}

export const POC = { firstName: 'Alice', lastName: 'Pilot', phoneNumber: '+1 206 555 0100', emailAddress: 'pilot@cascade.example' };

/** Creates a platform operation and its LAANC operation; returns the operation id. */
export async function laancOperation(svc: TestService, token: string, boundary: Polygon, start: Date, opts: { license?: string; fixedAltitude?: boolean; minutes?: number; op?: Record<string, unknown> } = {}) {
  const r = await svc.call('POST', '/v1/operations', { token, body: operationBody(boundary, start, opts.minutes ?? 60, opts.op ?? {}) });
  if (r.status !== 201) throw new Error(`create operation: ${r.status} ${await r.text()}`);
  const op = await json<{ id: string; callbackSecret?: string }>(r);
  const l = await svc.call('POST', `/v1/operations/${op.id}/laanc`, {
    token,
    body: { license: opts.license ?? 'LICENSE_PART_107', fixedAltitude: opts.fixedAltitude ?? false, pointOfContact: POC },
  });
  if (l.status !== 201) throw new Error(`create laanc: ${l.status} ${await l.text()}`);
  return op;
}

export interface AuthView {
  authorization: { id: string; status: string; referenceCode: string; [k: string]: unknown };
  operationId: string;
  statusReason: string | null;
}

/** Submits every candidate; returns the created authorizations. */
export async function submitAll(svc: TestService, token: string, opId: string, body?: unknown): Promise<AuthView['authorization'][]> {
  const r = await svc.call('POST', `/v1/operations/${opId}/laanc/authorizations`, body === undefined ? { token } : { token, body });
  if (r.status !== 200) throw new Error(`submit: ${r.status} ${await r.text()}`);
  const out = await json<{ submitted: string[]; operation: { authorizations: AuthView['authorization'][] } }>(r);
  return out.operation.authorizations.filter((a) => out.submitted.includes(a.id));
}
