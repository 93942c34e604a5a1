/** Answers of the service for component tests, shaped by the contract (spec 2.4, 2.5). */
import type { Authorization, Candidate, LaancOperationResult } from '../../../../server/contract/laanc';
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

export function list(operations: PlatformOperation[], total = operations.length) {
  return { operations, total, limit: 20, offset: 0, nextOffset: null };
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

export function laanc(over: Partial<LaancOperationResult['operation']> = {}): LaancOperationResult {
  return {
    operation: {
      license: 'LICENSE_PART_107',
      fixedAltitude: false,
      pointOfContact: { firstName: 'Alice', lastName: 'Pilot', phoneNumber: '+1 206 555 0100', emailAddress: 'pilot@cascade.example' },
      candidates: [],
      notices: [],
      authorizations: [],
      ...over,
    },
  };
}
