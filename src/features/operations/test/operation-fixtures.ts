/** Answers of the service for component tests, shaped by the contract (spec 2.4, 2.5). */
import type { Authorization, AuthorizationEvent, AuthorizationResult, Candidate, LaancOperationResult } from '../../../../server/contract/laanc';
import type { PlatformOperation } from '../../../../server/contract/operations';

export const SQUARE = { type: 'Polygon' as const, coordinates: [[[-122.278, 47.572], [-122.272, 47.572], [-122.272, 47.578], [-122.278, 47.578], [-122.278, 47.572]]] };

export function operation(over: Partial<PlatformOperation> = {}): PlatformOperation {
  return {
    id: '6def5679-16a6-46e4-9fbe-2cbc5ef2c4db',
    name: 'Roof survey',
    pilotId: 'pilot-1',
    boundary: SQUARE,
    minAltitude: 0,
    maxAltitude: 200,
    startTime: '2099-07-01T16:00:00.000Z',
    endTime: '2099-07-01T17:00:00.000Z',
    timezone: 'America/Los_Angeles',
    altitudeUnit: 'ALTITUDE_UNIT_FEET',
    altitudeReference: 'ALTITUDE_REFERENCE_AGL',
    flightType: 'FLIGHT_TYPE_COMMERCIAL',
    authorizationProviders: ['APPROVAL_PROVIDER_LAANC'],
    desc: '',
    createdBy: 'pilot-1',
    createdDate: '2099-06-01T10:00:00.000Z',
    ...over,
  };
}

export function list(operations: PlatformOperation[], total = operations.length, authorizationStatuses: Record<string, string[]> = {}) {
  return { operations, total, limit: 20, offset: 0, nextOffset: null, authorizationStatuses };
}

export function candidate(over: Partial<Candidate> = {}): Candidate {
  return {
    hashCode: 'c0ffee',
    submissionType: 'SUBMISSION_TYPE_AUTO_AUTHORIZATION',
    startTime: '2099-07-01T16:00:00.000Z',
    endTime: '2099-07-01T17:00:00.000Z',
    geom: SQUARE,
    altitude: 200,
    airTrafficControl: 'BFI',
    ...over,
  };
}

export function authorization(over: Partial<Authorization> = {}): Authorization {
  return {
    id: 'auth-1',
    submissionType: 'SUBMISSION_TYPE_AUTO_AUTHORIZATION',
    geom: SQUARE,
    altitude: 200,
    startTime: '2099-07-01T16:00:00.000Z',
    endTime: '2099-07-01T17:00:00.000Z',
    status: 'STATUS_APPROVED',
    createdAt: '2099-06-02T10:00:00.000Z',
    createdBy: 'pilot-1',
    lastUpdatedAt: '2099-06-02T10:00:00.000Z',
    editedBy: 'pilot-1',
    justification: '',
    airTrafficControl: 'BFI',
    airspaceClassCodes: ['CLASS_D'],
    facilityMaps: [],
    referenceCode: 'LBFIABCD2345',
    ...over,
  };
}

/** The history the service would have recorded: the submission, then (when it moved) the current status. */
export function history(a: Authorization, reason: string | null = null): AuthorizationEvent[] {
  const initial = a.submissionType === 'SUBMISSION_TYPE_FURTHER_COORDINATION' ? 'STATUS_PENDING' : 'STATUS_APPROVED';
  const submitted: AuthorizationEvent = { status: initial, action: 'submit', at: a.createdAt, by: a.createdBy, reason: a.justification || null };
  if (a.status === initial) return [submitted];
  const action = ({ STATUS_APPROVED: 'approve', STATUS_DENIED: 'deny', STATUS_RESCINDED: 'rescind', STATUS_INVALID: 'invalidate', STATUS_AUTO_CANCELLED: 'auto_cancel', STATUS_CLOSED: 'close', STATUS_RESCINDED_ACKNOWLEDGED: 'acknowledge_rescinded', STATUS_INVALID_CANCELLED: 'cancel_invalid' } as const)[a.status as 'STATUS_DENIED'] ?? 'cancel';
  return [submitted, { status: a.status, action, at: a.lastUpdatedAt, by: a.editedBy, reason }];
}

export function authorizationResult(a: Authorization, operationId: string, statusReason: string | null = null): AuthorizationResult {
  return { authorization: a, operationId, statusReason, history: history(a, statusReason) };
}

/** `ceilings`: facility-map ceiling by candidate hashCode (default 50 ft). */
export function laanc(over: Partial<LaancOperationResult['operation']> = {}, reasons: Record<string, string> = {}, ceilings: Record<string, number> = {}): LaancOperationResult {
  const operation: LaancOperationResult['operation'] = {
    license: 'LICENSE_PART_107',
    fixedAltitude: false,
    pointOfContact: { firstName: 'Alice', lastName: 'Pilot', phoneNumber: '+1 206 555 0100', emailAddress: 'pilot@cascade.example' },
    candidates: [],
    notices: [],
    authorizations: [],
    ...over,
  };
  return {
    operation,
    candidateDetails: operation.candidates.map((c) => ({ hashCode: c.hashCode, ceilingFt: ceilings[c.hashCode] ?? 50 })),
    authorizationDetails: operation.authorizations.map((a) => ({ authorizationId: a.id, statusReason: reasons[a.id] ?? null, history: history(a, reasons[a.id] ?? null) })),
  };
}
