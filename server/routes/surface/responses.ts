/** Responses and scopes shared by the surface and risk routes (spec 5 and 7). */
import { ErrorSchema } from '../../contract/common';
import type { ResponseSpec } from '../../http/route';

const err = (description: string): ResponseSpec => ({ description, schema: ErrorSchema });

/** The error statuses of spec 7 for 4.11 and 4.12, plus auth and media type. */
export const surfaceErrors: Record<number, ResponseSpec> = {
  400: err('Invalid JSON or invalid types'),
  401: err('No or bad token'),
  403: err('The token lacks the scope'),
  408: err('Request timed out; reduce the size of the request (too many cells at this resolution, or too many features)'),
  415: err('Content-Type is not application/json'),
  422: err('Invalid values (resolution out of range, unknown layer code or field, invalid geometry)'),
  500: err('Unexpected error'),
};

/** Spec 5 spells the scope hazar:read; hazard:read is accepted too (domain.md). */
export const HAZARD_SCOPES = ['hazar:read', 'hazard:read'] as const;
