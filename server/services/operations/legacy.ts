/**
 * The legacy operation v2 (spec 4.3, deprecated, removed September 1, 2025, replaced by 4.7). It
 * creates the same unclaimed (ephemeral) operation 4.7 does and answers the claim link in the legacy
 * envelope. Every limit of 4.3 / section 8 answers 400 naming it (the operation only knows 400).
 */
import type { z } from 'zod';
import type { LegacyOperationRequestSchema } from '../../contract/operations';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { createEphemeral } from './ephemeral';
import { operationPolygon } from '../../domain/operations/limits';
import { checkCallbackUrl } from './service';
import { parseIsoInZone } from '../../domain/operations/time';

export const SUNSET = 'Mon, 01 Sep 2025 00:00:00 GMT';
/** RFC 8594 Sunset; Deprecation in the widely deployed draft form ("true": no public deprecation date). */
export const LEGACY_HEADERS: Record<string, string> = {
  Deprecation: 'true',
  Sunset: SUNSET,
  Link: '</v1/operations/ephemeral>; rel="successor-version"',
};

export const CATEGORY_FLIGHT_TYPE = { faa_107: 'FLIGHT_TYPE_COMMERCIAL', faa_44809: 'FLIGHT_TYPE_RECREATIONAL' } as const;

const bad = (message: string, details?: unknown) => new ApiError(400, message, details, LEGACY_HEADERS);

/** Spec 4.3: Content-Type application/json;charset=UTF-8 is required (no other charset). */
export function checkLegacyContentType(header: string | undefined): void {
  if (!header) throw bad('The Content-Type header is required: application/json;charset=UTF-8 (spec 4.3)');
  const [type, ...params] = header.split(';').map((s) => s.trim().toLowerCase());
  const charset = params.find((x) => x.startsWith('charset='))?.slice(8).replace(/"/g, '');
  if (type !== 'application/json' || (charset !== undefined && charset !== 'utf-8')) {
    throw bad('Content-Type must be application/json;charset=UTF-8 (spec 4.3)');
  }
}

export async function createLegacyOperation(deps: AppDeps, p: Principal, body: z.infer<typeof LegacyOperationRequestSchema>): Promise<{ url: string }> {
  const props = body.properties;
  const { polygon, violations } = operationPolygon(body.geometry);
  if (!polygon) {
    throw bad(violations.map((v) => v.message).join('; '), violations.map((v) => ({ field: 'body.geometry', rule: v.rule, message: v.message, limit: v.limit, actual: v.actual })));
  }
  const start = parseIsoInZone(props.startTime, props.timezoneName);
  if (!start) {
    throw bad('properties.startTime must be an ISO 8601 date-time (with an offset, or local time in timezoneName)', [{ field: 'body.properties.startTime', rule: 'iso_8601' }]);
  }
  try {
    await checkCallbackUrl(deps, props.callbackUrl, 400);
  } catch (err) {
    throw err instanceof ApiError ? new ApiError(400, err.message, err.details, LEGACY_HEADERS) : err;
  }
  const { url } = await createEphemeral(
    deps,
    p,
    {
      name: props.operationName,
      boundary: polygon,
      flightType: CATEGORY_FLIGHT_TYPE[props.category],
      maxAltitude: props.maxAltitude,
      fixedAltitude: false,
      callbackUrl: props.callbackUrl ?? null,
      timezone: props.timezoneName,
      startTime: start,
      durationMinutes: props.duration,
    },
    'v2-legacy',
  );
  return { url };
}
