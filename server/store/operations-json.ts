/**
 * An operation's public shape (spec 2.4, PlatformOperation) kept as ready JSON text beside the row
 * (docs/perf.md "GET /v1/operations"): written with the row, so a page of the list is the stored texts
 * joined in SQL, with nothing decoded, mapped or re-serialised per row. callbackUrl is not in it: only
 * whoever registered the callback sees it, so it is added per viewer (viewerJson).
 * Changing the public shape means a migration that rebuilds public_json for the rows already stored, as
 * migration 106 built it (its SQL must then match publicJson: operations-json.test.ts compares them).
 */
import type { PlatformOperation } from '../contract/operations';
import type { OperationRecord } from './operations';
import { registerMigrations } from './migrations';

/** The operation as anyone who may view it sees it (no callbackUrl). One builder for both stored and live answers. */
export function publicOperation(o: OperationRecord): PlatformOperation {
  return {
    id: o.id,
    name: o.name,
    pilotId: o.pilotId,
    boundary: o.boundary as PlatformOperation['boundary'],
    minAltitude: o.minAltitude,
    maxAltitude: o.maxAltitude,
    startTime: o.startTime.toISOString(),
    endTime: o.endTime.toISOString(),
    ...(o.aircraftId ? { aircraftId: o.aircraftId } : {}),
    timezone: o.timezone,
    altitudeUnit: o.altitudeUnit,
    altitudeReference: o.altitudeReference,
    flightType: o.flightType,
    authorizationProviders: o.authorizationProviders as PlatformOperation['authorizationProviders'],
    desc: o.desc,
    createdBy: o.createdBy,
    createdDate: o.createdAt.toISOString(),
  };
}

export const publicJson = (o: OperationRecord): string => JSON.stringify(publicOperation(o));

/**
 * The stored text as `viewer` sees it, in SQL: callbackUrl appended (last, as toPlatformOperation puts
 * it) for the principal that registered it. `viewer` is a parameter reference ($n).
 */
export function viewerJson(viewer: string, alias = 'o'): string {
  return `CASE WHEN coalesce(${alias}.callback_url, '') <> '' AND ${alias}.callback_owner = ${viewer}
    THEN left(${alias}.public_json, -1) || ',"callbackUrl":' || to_json(${alias}.callback_url)::text || '}'
    ELSE ${alias}.public_json END`;
}

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

registerMigrations([
  {
    // Rows written before it get the same shape built in SQL (equal as JSON to publicJson's: a test holds
    // them to each other); from then on every insert and update writes it, and NOT NULL makes a row
    // without it impossible (string_agg would silently leave such a row out of a page).
    version: 106,
    name: 'operations_public_json',
    sql: `
      ALTER TABLE operations ADD COLUMN public_json text;
      UPDATE operations SET public_json =
        left(json_build_object('id', id, 'name', name, 'pilotId', pilot_id, 'boundary', boundary, 'minAltitude', min_altitude,
          'maxAltitude', max_altitude, 'startTime', ${iso('start_time')}, 'endTime', ${iso('end_time')})::text, -1)
        || CASE WHEN coalesce(aircraft_id, '') <> '' THEN ',"aircraftId":' || to_json(aircraft_id)::text ELSE '' END
        || ',' || substr(json_build_object('timezone', timezone, 'altitudeUnit', altitude_unit, 'altitudeReference', altitude_reference,
          'flightType', flight_type, 'authorizationProviders', authorization_providers, 'desc', description, 'createdBy', created_by,
          'createdDate', ${iso('created_at')})::text, 2);
      ALTER TABLE operations ALTER COLUMN public_json SET NOT NULL;
    `,
  },
]);
