/**
 * LAANC operations and authorizations (spec 2.5, 4.8; domain.md "LAANC"; endpoints.md) and the
 * sandbox FAA API. Value sets beyond the ones the spec shows are our choice (domain.md), listed in
 * docs/operations-laanc.md. Imports nothing but zod and ./common.
 */
import { z } from 'zod';
import { DateTimeSchema, PolygonSchema } from './common';
import { AUTHORIZATION_STATUSES } from './authorization-status';
import { UtcDateTimeSchema } from './operations';

export const LicenseSchema = z.enum(['LICENSE_UNSPECIFIED', 'LICENSE_PART_107', 'LICENSE_SECTION_44809']).meta({ id: 'License' });
export type License = z.infer<typeof LicenseSchema>;

export const SubmissionTypeSchema = z
  .enum(['SUBMISSION_TYPE_UNSPECIFIED', 'SUBMISSION_TYPE_AUTO_AUTHORIZATION', 'SUBMISSION_TYPE_FURTHER_COORDINATION'])
  .meta({ id: 'SubmissionType' });
export type SubmissionType = z.infer<typeof SubmissionTypeSchema>;

export const NoticeActionSchema = z.enum(['ACTION_UNSPECIFIED', 'ACTION_BLOCK', 'ACTION_WARN']).meta({ id: 'LaancNoticeAction' });
export type NoticeAction = z.infer<typeof NoticeActionSchema>;

/** REASON_OPERATION_IN_TFR is seen in the spec; the rest are ours (docs/operations-laanc.md). */
export const NoticeReasonSchema = z
  .enum([
    'REASON_UNSPECIFIED',
    'REASON_OPERATION_IN_TFR',
    'REASON_OPERATION_IN_PROHIBITED_AREA',
    'REASON_OPERATION_IN_RESTRICTED_AREA',
    'REASON_OPERATION_IN_NSUFR',
    'REASON_OPERATION_IN_WASHINGTON_FRZ',
    'REASON_ZERO_CEILING',
    'REASON_ABOVE_CEILING',
    'REASON_NOT_LAANC_ENABLED',
    'REASON_TOO_FAR_AHEAD',
    'REASON_ABOVE_400_FT',
    'REASON_OPERATION_IN_PAST',
    'REASON_ALTITUDE_REFERENCE_NOT_AGL',
    'REASON_LICENSE_UNSPECIFIED',
    'REASON_MODELLED_AIRSPACE',
    'REASON_FACILITY_MAP_NOT_CURRENT',
    'REASON_LIVE_DATA_NOT_CURRENT',
    'REASON_SUA_NOT_MODELLED',
  ])
  .meta({ id: 'LaancNoticeReason' });
export type NoticeReason = z.infer<typeof NoticeReasonSchema>;

export { AUTHORIZATION_STATUSES } from './authorization-status';
export const AuthorizationStatusSchema = z.enum(AUTHORIZATION_STATUSES).meta({ id: 'AuthorizationStatus' });
export type AuthorizationStatus = z.infer<typeof AuthorizationStatusSchema>;

export const AirspaceClassCodeSchema = z.enum(['CLASS_B', 'CLASS_C', 'CLASS_D', 'CLASS_E']).meta({ id: 'AirspaceClassCode' });
export type AirspaceClassCode = z.infer<typeof AirspaceClassCodeSchema>;

export const PointOfContactSchema = z
  .object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    phoneNumber: z.string().trim().regex(/^\+?[0-9 ()./-]{7,25}$/, 'phoneNumber must be a phone number (digits, spaces, + ( ) . / -)'),
    emailAddress: z.email().max(320),
  })
  .meta({ id: 'PointOfContact' });

/** Candidate (spec 2.5, 7 fields). */
export const CandidateSchema = z
  .object({
    hashCode: z.string(),
    submissionType: SubmissionTypeSchema,
    startTime: DateTimeSchema,
    endTime: DateTimeSchema,
    geom: PolygonSchema,
    altitude: z.number(),
    airTrafficControl: z.string(),
  })
  .meta({ id: 'LaancCandidate' });
export type Candidate = z.infer<typeof CandidateSchema>;

/** LAANC notice (spec 2.5, 6 fields). */
export const LaancNoticeSchema = z
  .object({
    action: NoticeActionSchema,
    reason: NoticeReasonSchema,
    ids: z.array(z.string()),
    geom: PolygonSchema,
    startTime: DateTimeSchema,
    endTime: DateTimeSchema,
  })
  .meta({ id: 'LaancNotice' });
export type LaancNotice = z.infer<typeof LaancNoticeSchema>;

export const FacilityMapRefSchema = z.object({ id: z.string(), lastEditDate: DateTimeSchema });

/** Authorization (spec 2.5: 15 named fields + our sixteenth, referenceCode). */
export const AuthorizationSchema = z
  .object({
    id: z.string(),
    submissionType: SubmissionTypeSchema,
    geom: PolygonSchema,
    altitude: z.number(),
    startTime: DateTimeSchema,
    endTime: DateTimeSchema,
    status: AuthorizationStatusSchema,
    createdAt: DateTimeSchema,
    createdBy: z.string(),
    lastUpdatedAt: DateTimeSchema,
    editedBy: z.string(),
    justification: z.string(),
    airTrafficControl: z.string(),
    airspaceClassCodes: z.array(AirspaceClassCodeSchema),
    facilityMaps: z.array(FacilityMapRefSchema),
    referenceCode: z.string().describe('Sixteenth field (ours): the code a pilot quotes to ATC, e.g. LBFI1A2B3C4D'),
  })
  .meta({ id: 'LaancAuthorization' });
export type Authorization = z.infer<typeof AuthorizationSchema>;

export const LaancOperationWriteSchema = z
  .object({
    license: LicenseSchema.default('LICENSE_UNSPECIFIED'),
    fixedAltitude: z.boolean().default(false),
    pointOfContact: PointOfContactSchema,
  })
  .strict()
  .meta({ id: 'LaancOperationWrite' });
export type LaancOperationWrite = z.infer<typeof LaancOperationWriteSchema>;

/** What made an authorization change status (ours): submit, or a state-machine action. */
export const AUTHORIZATION_EVENT_ACTIONS = [
  'submit',
  'approve',
  'deny',
  'auto_cancel',
  'cancel',
  'close',
  'rescind',
  'invalidate',
  'acknowledge_rescinded',
  'cancel_invalid',
] as const;
export const AuthorizationEventActionSchema = z.enum(AUTHORIZATION_EVENT_ACTIONS).meta({ id: 'LaancAuthorizationEventAction' });
export type AuthorizationEventAction = z.infer<typeof AuthorizationEventActionSchema>;

/** One status change of an authorization (ours), written in the same transaction as the change. */
export const AuthorizationEventSchema = z
  .object({
    status: AuthorizationStatusSchema.describe('the status it entered'),
    action: AuthorizationEventActionSchema,
    at: DateTimeSchema,
    by: z.string().describe('user or client id; "system" for auto-cancel and airspace data changes'),
    reason: z.string().nullable().describe('why: the FAA decision reason, auto-cancel, data change; the justification on a further-coordination submit'),
  })
  .meta({ id: 'LaancAuthorizationEvent' });
export type AuthorizationEvent = z.infer<typeof AuthorizationEventSchema>;

/** One authorization with its context (ours): the operation it belongs to, why the FAA decided, and its status history (oldest first). */
export const AuthorizationResultSchema = z
  .object({
    authorization: AuthorizationSchema,
    operationId: z.string(),
    statusReason: z.string().nullable(),
    history: z.array(AuthorizationEventSchema).describe('every status change, oldest first'),
  })
  .meta({ id: 'LaancAuthorizationResult' });
export type AuthorizationResult = z.infer<typeof AuthorizationResultSchema>;

/** Context of one authorization of a LAANC operation result (ours), next to the spec's operation object. */
export const AuthorizationDetailSchema = z
  .object({ authorizationId: z.string(), statusReason: z.string().nullable(), history: z.array(AuthorizationEventSchema) })
  .meta({ id: 'LaancAuthorizationDetail' });
export type AuthorizationDetail = z.infer<typeof AuthorizationDetailSchema>;

/** Spec 2.5: the result wraps one object named operation. */
export const LaancOperationResultSchema = z
  .object({
    operation: z.object({
      license: LicenseSchema,
      fixedAltitude: z.boolean(),
      pointOfContact: PointOfContactSchema,
      candidates: z.array(CandidateSchema),
      notices: z.array(LaancNoticeSchema),
      authorizations: z.array(AuthorizationSchema),
    }),
    candidateDetails: z
      .array(z.object({ hashCode: z.string(), ceilingFt: z.number() }))
      .describe('ours, outside the spec object: the lowest facility-map ceiling under each candidate, in the order of operation.candidates'),
    authorizationDetails: z
      .array(AuthorizationDetailSchema)
      .describe('ours, outside the spec object: statusReason and status history of each authorization, in the order of operation.authorizations'),
  })
  .meta({ id: 'LaancOperationResult' });
export type LaancOperationResult = z.infer<typeof LaancOperationResultSchema>;

export const SubmitRequestSchema = z
  .object({
    hashCodes: z.array(z.string().min(1).max(128)).min(1).max(100).optional().describe('omit (or send no body) to submit every candidate'),
    justification: z.string().trim().min(1).max(4000).optional().describe('required when a further-coordination candidate is submitted'),
  })
  .strict()
  .meta({ id: 'LaancSubmitRequest' });
export type SubmitRequest = z.infer<typeof SubmitRequestSchema>;

export const SubmitResultSchema = LaancOperationResultSchema.extend({ submitted: z.array(z.string()) }).meta({ id: 'LaancSubmitResult' });

export const AuthorizationParamsSchema = z.object({ id: z.string().max(100), authorizationId: z.string().max(100) });

export const RescindedInvalidListSchema = z
  .object({
    operations: z.array(
      z.object({
        operationId: z.string(), name: z.string(), startTime: DateTimeSchema, endTime: DateTimeSchema,
        timezone: z.string().describe('IANA zone of the operation\'s area, for showing its times'),
        authorizations: z.array(AuthorizationResultSchema),
      }),
    ),
  })
  .meta({ id: 'LaancRescindedInvalidList' });

/** A comma-separated list of statuses, e.g. STATUS_PENDING or STATUS_RESCINDED,STATUS_INVALID. */
const StatusListQuerySchema = z
  .string()
  .regex(/^[A-Z_]+(,[A-Z_]+)*$/, 'status is one or more statuses separated by commas')
  .transform((s) => [...new Set(s.split(','))])
  .pipe(z.array(AuthorizationStatusSchema));

/** GET /v1/laanc/authorizations query (ours). */
export const AuthorizationListQuerySchema = z
  .object({
    status: StatusListQuerySchema.optional().describe('one status or several separated by commas; default every status'),
    operationId: z.uuid().optional().describe('only this operation'),
    limit: z.coerce.number().int().min(1).max(500).default(100).describe('page size, 1..500 (default 100)'),
    offset: z.coerce.number().int().min(0).default(0).describe('rows to skip'),
  })
  .strict();
export type AuthorizationListQuery = z.infer<typeof AuthorizationListQuerySchema>;

/** An authorization in an organization-wide list: its result plus the operation it belongs to. */
export const AuthorizationListItemSchema = AuthorizationResultSchema.extend({
  operationName: z.string(),
  operationStartTime: DateTimeSchema,
  operationEndTime: DateTimeSchema,
  operationTimezone: z.string().describe('IANA zone of the operation\'s area, for showing its times'),
  pilotId: z.string(),
}).meta({ id: 'LaancAuthorizationListItem' });
export type AuthorizationListItem = z.infer<typeof AuthorizationListItemSchema>;

export const AuthorizationListSchema = z
  .object({
    authorizations: z.array(AuthorizationListItemSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    nextOffset: z.number().int().nullable(),
  })
  .meta({ id: 'LaancAuthorizationList', description: 'Authorizations of the operations the caller may view, by start time (ours)' });
export type AuthorizationList = z.infer<typeof AuthorizationListSchema>;

// ---- Sandbox FAA (sandbox profile only) ----

export const SandboxListQuerySchema = z
  .object({
    status: AuthorizationStatusSchema.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();

export const SandboxAuthorizationListSchema = z
  .object({
    authorizations: z.array(
      AuthorizationResultSchema.extend({
        operationName: z.string(),
        operationTimezone: z.string().describe('IANA zone of the operation\'s area, for showing its times'),
        pilotId: z.string(),
        pilotName: z.string().nullable().describe('the pilot\'s name (a person, or the API client that flies), null when unknown'),
        pilotCertificate: z.string().nullable().describe('the pilot\'s remote pilot certificate number from their profile, null when not given'),
        license: LicenseSchema,
      }),
    ),
  })
  .meta({ id: 'SandboxAuthorizationList' });

export const SandboxDecisionSchema = z
  .object({ reason: z.string().trim().min(1).max(2000).optional() })
  .strict()
  .meta({ id: 'SandboxDecision', description: 'optional body of approve' });

export const SandboxReasonSchema = z
  .object({ reason: z.string().trim().min(1).max(2000) })
  .strict()
  .meta({ id: 'SandboxReason', description: 'why the FAA denies, rescinds or invalidates; becomes statusReason' });

// A UUID, checked before the store (which keys authorizations by uuid: anything else failed there, a 500).
export const SandboxIdParamsSchema = z.object({ id: z.uuid().describe('authorization id') });

export const SandboxTfrRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(200).default('Sandbox TFR'),
    geometry: PolygonSchema,
    startTime: UtcDateTimeSchema.optional().describe('default: now'),
    endTime: UtcDateTimeSchema.optional().describe('default: until further notice'),
    reason: z.string().trim().min(1).max(2000).default('New temporary flight restriction (sandbox)'),
  })
  .strict()
  .refine((t) => !t.startTime || !t.endTime || Date.parse(t.endTime) > Date.parse(t.startTime), { path: ['endTime'], message: 'endTime must be greater than startTime' })
  .meta({ id: 'SandboxTfrRequest' });

export const SandboxTfrResultSchema = z
  .object({ tfrId: z.string(), datasetVersion: z.string(), invalidated: z.array(z.string()) })
  .meta({ id: 'SandboxTfrResult' });

// ---- Authorization events (ours): what changed, newest first, for notifications ----

export const AuthorizationEventListQuerySchema = z
  .object({
    since: UtcDateTimeSchema.optional().describe('only events after this instant (exclusive), e.g. the newest one already seen'),
    limit: z.coerce.number().int().min(1).max(200).default(50).describe('at most this many, newest first (1..200, default 50)'),
  })
  .strict();
export type AuthorizationEventListQuery = z.infer<typeof AuthorizationEventListQuerySchema>;

export const AuthorizationEventListItemSchema = AuthorizationEventSchema.extend({
  authorizationId: z.string(),
  referenceCode: z.string(),
  operationId: z.string(),
  operationName: z.string(),
  operationTimezone: z.string().describe('IANA zone of the operation\'s area, for showing its times'),
}).meta({ id: 'LaancAuthorizationEventListItem' });
export type AuthorizationEventListItem = z.infer<typeof AuthorizationEventListItemSchema>;

export const AuthorizationEventListSchema = z
  .object({ events: z.array(AuthorizationEventListItemSchema) })
  .meta({ id: 'LaancAuthorizationEventList', description: 'Status changes of the authorizations the caller may view, newest first (ours)' });
export type AuthorizationEventList = z.infer<typeof AuthorizationEventListSchema>;
