/**
 * The preflight briefing contract (spec 2.2, 2.3, 4.1, 4.2; endpoints.md for location v1 and area v2).
 * Enumeration values are spelled exactly as the spec spells them. Imports nothing but zod and ./common.
 */
import { z } from 'zod';
import { DateTimeSchema, GeometrySchema, LatitudeSchema, LongitudeSchema } from './common';

export const NoticeStatusSchema = z
  .enum(['NOTICE_STATUS_UNSPECIFIED', 'NOTICE_STATUS_WARNING', 'NOTICE_STATUS_CAUTION', 'NOTICE_STATUS_CLEAR_TO_FLY', 'NOTICE_STATUS_INFORMATIONAL'])
  .meta({ id: 'NoticeStatus', description: 'WARNING: prohibited (flight restricted airspace); CAUTION: possibly allowed, needs awareness or authorization; CLEAR_TO_FLY: allowed; INFORMATIONAL: the pilot judges conformance' });
export type NoticeStatus = z.infer<typeof NoticeStatusSchema>;

export const AuthorizationTypeSchema = z
  .enum(['AUTHORIZATION_TYPE_UNSPECIFIED', 'AUTHORIZATION_TYPE_NOT_REQUIRED', 'AUTHORIZATION_TYPE_DRONE_ZONE', 'AUTHORIZATION_TYPE_LAANC', 'AUTHORIZATION_TYPE_RESTRICTED'])
  .meta({ id: 'AuthorizationType', description: 'DRONE_ZONE: required but LAANC is unavailable; LAANC: required and available through LAANC; RESTRICTED: required but not allowed (flight restricted airspace)' });
export type AuthorizationType = z.infer<typeof AuthorizationTypeSchema>;

export const NoticeDataSourceSchema = z
  .enum([
    'NOTICE_DATA_SOURCE_UNSPECIFIED',
    'NOTICE_DATA_SOURCE_NSUFR_PART_TIME',
    'NOTICE_DATA_SOURCE_NSUFR_FULL_TIME',
    'NOTICE_DATA_SOURCE_SATR',
    'NOTICE_DATA_SOURCE_WASHINGTON_FRZ',
    'NOTICE_DATA_SOURCE_TFR_ACTIVE',
    'NOTICE_DATA_SOURCE_SUA',
    'NOTICE_DATA_SOURCE_WASHINGTON_SFRA',
    'NOTICE_DATA_SOURCE_TFR_SCHEDULED',
    'NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE',
    'NOTICE_DATA_SOURCE_UASFM_CEILING',
    'NOTICE_DATA_SOURCE_MTR',
    'NOTICE_DATA_SOURCE_STADIUM',
    'NOTICE_DATA_SOURCE_LAANC_NOT_ENABLED_CONTROLLED_AIRSPACE',
    'NOTICE_DATA_SOURCE_NATIONAL_PARK',
    'NOTICE_DATA_SOURCE_RECREATIONAL_FLYER_FIXED_SITE',
    'NOTICE_DATA_SOURCE_CLASS_G',
    'NOTICE_DATA_SOURCE_COMMUNITY_ADVISORY',
    'NOTICE_DATA_SOURCE_AIRPORT',
    'NOTICE_DATA_SOURCE_HELIPAD',
    'NOTICE_DATA_SOURCE_NOTAM',
    'NOTICE_DATA_SOURCE_SEAPORT',
  ])
  .meta({ id: 'NoticeDataSource' });
export type NoticeDataSource = z.infer<typeof NoticeDataSourceSchema>;

export const NoticeDataSubtypeSchema = z
  .enum([
    'NOTICE_DATA_SUBTYPE_UNSPECIFIED',
    'NOTICE_DATA_SUBTYPE_CLASS_B',
    'NOTICE_DATA_SUBTYPE_CLASS_C',
    'NOTICE_DATA_SUBTYPE_CLASS_D',
    'NOTICE_DATA_SUBTYPE_CLASS_E',
    'NOTICE_DATA_SUBTYPE_EMERGENCY',
    'NOTICE_DATA_SUBTYPE_ADMIN',
    'NOTICE_DATA_SUBTYPE_RECREATIONAL',
    'NOTICE_DATA_SUBTYPE_MOA',
    'NOTICE_DATA_SUBTYPE_ALERT_AREA',
    'NOTICE_DATA_SUBTYPE_DANGER_AREA',
    'NOTICE_DATA_SUBTYPE_WARNING_AREA',
    'NOTICE_DATA_SUBTYPE_PROHIBITED_AREA',
    'NOTICE_DATA_SUBTYPE_RESTRICTED_AREA',
    'NOTICE_DATA_SUBTYPE_ADVISORY_AREA',
  ])
  .meta({ id: 'NoticeDataSubtype' });
export type NoticeDataSubtype = z.infer<typeof NoticeDataSubtypeSchema>;

export const NoticeCodeSchema = z
  .enum([
    'NOTICE_CODE_UNSPECIFIED',
    'NOTICE_CODE_SPECIAL_FLIGHT_RULES_AREA',
    'NOTICE_CODE_FLIGHT_RESTRICTED_AIRSPACE',
    'NOTICE_CODE_CONTROLLED_AIRSPACE',
    'NOTICE_CODE_SPECIAL_USE_AIRSPACE',
    'NOTICE_CODE_STADIUM',
    'NOTICE_CODE_NATIONAL_PARK',
    'NOTICE_CODE_RECREATIONAL_FIXED_FLYER_SITE',
    'NOTICE_CODE_CLEAR_TO_FLY',
    'NOTICE_CODE_INFORMATIONAL',
  ])
  .meta({ id: 'NoticeCode' });
export type NoticeCode = z.infer<typeof NoticeCodeSchema>;

export const RuleCodeSchema = z
  .enum([
    'RULE_CODE_UNSPECIFIED',
    'RULE_CODE_5_3A',
    'RULE_CODE_5_3B',
    'RULE_CODE_5_3C',
    'RULE_CODE_5_3D',
    'RULE_CODE_5_3E',
    'RULE_CODE_5_3F',
    'RULE_CODE_5_3G',
    'RULE_CODE_5_3H',
    'RULE_CODE_5_3I',
    'RULE_CODE_5_3J',
    'RULE_CODE_5_3K',
    'RULE_CODE_5_3O',
    'RULE_CODE_5_3P',
    'RULE_CODE_NOT_A_RULE',
  ])
  .meta({ id: 'RuleCode', description: 'The briefing rule behind a notice; the mapping of each code is in docs/briefing-rules.md' });
export type RuleCode = z.infer<typeof RuleCodeSchema>;

/** Spec 2.3 lists these reference values; the briefing emits AGL or AMSL. */
export const BriefingAltitudeReferenceSchema = z
  .enum(['ALTITUDE_REFERENCE_UNSPECIFIED', 'ALTITUDE_REFERENCE_WGS84', 'ALTITUDE_REFERENCE_AGL', 'ALTITUDE_REFERENCE_AMSL'])
  .meta({ id: 'BriefingAltitudeReference' });
/** Spec 2.3: the v1 sample carries UNITS_UNSPECIFIED, so it is accepted; the service emits ALTITUDE_UNIT_FEET. */
export const BriefingAltitudeUnitSchema = z
  .enum(['ALTITUDE_UNIT_UNSPECIFIED', 'ALTITUDE_UNIT_METERS', 'ALTITUDE_UNIT_FEET', 'UNITS_UNSPECIFIED'])
  .meta({ id: 'BriefingAltitudeUnit' });

export const AltitudeSchema = z
  .object({ value: z.number().optional(), reference: BriefingAltitudeReferenceSchema.optional(), unit: BriefingAltitudeUnitSchema.optional() })
  .meta({ id: 'Altitude' });
export type Altitude = z.infer<typeof AltitudeSchema>;

export const DayOfWeekSchema = z.enum(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']).meta({ id: 'DayOfWeek' });
const HhMmSchema = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'HH:MM (24-hour local time)');

export const TimeOfUseSchema = z
  .object({
    daysActive: z.array(DayOfWeekSchema).optional(),
    dailyStart: HhMmSchema.optional(),
    dailyEnd: HhMmSchema.optional(),
    startTime: DateTimeSchema.optional(),
    endTime: DateTimeSchema.optional(),
    timezone: z.string().optional().describe('IANA zone name'),
  })
  .meta({ id: 'TimeOfUse' });
export type TimeOfUse = z.infer<typeof TimeOfUseSchema>;

export const ScheduleSchema = z
  .object({
    startTime: DateTimeSchema.optional(),
    endTime: DateTimeSchema.optional(),
    timezone: z.string().optional().describe('IANA zone name'),
    text: z.string().optional(),
    timesOfUse: z.array(TimeOfUseSchema).optional(),
  })
  .meta({ id: 'Schedule' });
export type Schedule = z.infer<typeof ScheduleSchema>;

export const EventSchema = z
  .object({ name: z.string().optional(), type: z.string().optional(), startTime: DateTimeSchema.optional(), endTime: DateTimeSchema.optional() })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof EventSchema>;

export const ContactInformationSchema = z
  .object({ text: z.string().optional(), phoneNumber: z.string().optional(), email: z.string().optional(), url: z.string().optional() })
  .meta({ id: 'ContactInformation' });
export type ContactInformation = z.infer<typeof ContactInformationSchema>;

/** Our extension (docs/provenance.md): where a notice's data comes from. */
export const DataProvenanceSchema = z
  .object({
    kind: z.enum(['faa', 'generated', 'open-data']).describe('faa: an FAA file or feed; generated: modelled by the sandbox generator; open-data: third-party open data (OurAirports)'),
    sourceId: z.string().describe('Id of the source in /v1/status dataset.sources'),
    name: z.string().describe('The source in words, with the FAA file name for FAA data'),
    file: z.string().optional().describe('The FAA file (or feed) the data was read from'),
    effectiveDate: z.string().optional().describe('RFC 3339: when the data took effect as its publisher states it (facility-map cycle, NOTAM effective time); absent when the file states none'),
    validUntil: z
      .string()
      .optional()
      .describe('Our extension. RFC 3339: when data published on a cycle stops being current, effectiveDate plus the cycle (56 days for a UDDS facility map, 28 for NASR). Absent where there is no cycle: ADDS layers (no date), TFRs (their schedule ends them), generated data'),
  })
  .meta({ id: 'DataProvenance' });
export type DataProvenance = z.infer<typeof DataProvenanceSchema>;

export const NoticeSchema = z
  .object({
    dataSource: NoticeDataSourceSchema.optional(),
    dataSubtype: NoticeDataSubtypeSchema.optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    distance: z.number().optional().describe('Distance of the input to the notice, in nautical miles (0 when they intersect)'),
    status: NoticeStatusSchema.optional(),
    code: NoticeCodeSchema.optional(),
    ruleCode: RuleCodeSchema.optional(),
    ruleDescription: z.string().optional(),
    authority: z.string().optional(),
    sourceUrl: z.string().optional(),
    contact: ContactInformationSchema.optional(),
    lowerAltitude: AltitudeSchema.optional(),
    upperAltitude: AltitudeSchema.optional(),
    geometry: GeometrySchema.optional().describe('2D boundary of the notice; left out when includeGeometry is false'),
    schedule: ScheduleSchema.optional(),
    events: z.array(EventSchema).optional().describe('Scheduled events during the lifetime of the notice'),
    provenance: z
      .array(DataProvenanceSchema)
      .optional()
      .describe('Our extension. Every source the notice was built from, the leading feature\'s first: FAA file and effective date, or generated (sandbox)'),
  })
  .meta({ id: 'Notice' });
export type Notice = z.infer<typeof NoticeSchema>;

/** Our extension: the sun at the place over the flight window, computed offline (14 CFR 107.29). */
export const DaylightSchema = z
  .object({
    sunrise: DateTimeSchema.nullable().describe('Sunrise on the day of the window\'s middle (null: the sun does not rise or set that day)'),
    sunset: DateTimeSchema.nullable(),
    civilTwilightStart: DateTimeSchema.nullable().describe('Morning civil twilight begins (sun 6° below the horizon)'),
    civilTwilightEnd: DateTimeSchema.nullable().describe('Evening civil twilight ends (sun 6° below the horizon)'),
    periods: z.array(z.enum(['DAY', 'CIVIL_TWILIGHT', 'NIGHT'])).describe('What the window crosses, in this order when present'),
    message: z.string().describe('What 14 CFR 107.29 requires for the window, in words'),
  })
  .meta({ id: 'Daylight' });
export type Daylight = z.infer<typeof DaylightSchema>;

/** Our extension: the nearest reporting station's observation and forecast (Aviation Weather Center), never invented. */
export const WeatherSchema = z
  .object({
    available: z.boolean().describe('false: no weather could be had (no network, the source failed, no station near); nothing below is filled'),
    message: z.string().describe('What the weather means for the flight, or why there is none'),
    station: z.object({ id: z.string(), name: z.string().nullable(), distanceNm: z.number() }).nullable(),
    observationTime: DateTimeSchema.nullable(),
    windDirectionDeg: z.number().nullable().describe('Degrees true; null when variable or calm'),
    windSpeedKt: z.number().nullable(),
    windGustKt: z.number().nullable(),
    visibilitySm: z.number().nullable().describe('Statute miles; "10+" is 10 with visibilityOrMore'),
    visibilityOrMore: z.boolean(),
    cloudBaseFtAgl: z.number().nullable().describe('Lowest reported cloud layer (FEW and above), ft above the station; null: none reported'),
    cloudCover: z.string().nullable().describe('Cover of that layer: FEW, SCT, BKN, OVC, OVX'),
    flightCategory: z.string().nullable().describe('VFR, MVFR, IFR or LIFR'),
    part107: z.enum(['MEETS_MINIMA', 'BELOW_MINIMA', 'UNKNOWN']).describe('Held against 14 CFR 107.51: 3 SM visibility, 500 ft below clouds at the flight\'s highest altitude'),
    rawMetar: z.string().nullable(),
    rawTaf: z.string().nullable(),
  })
  .meta({ id: 'Weather' });
export type Weather = z.infer<typeof WeatherSchema>;

export const BriefingResultSchema = z
  .object({
    status: NoticeStatusSchema.optional().describe('Most severe status among the notices that count (intersecting ones)'),
    authorizationType: AuthorizationTypeSchema.optional().describe('Most restrictive authorization: RESTRICTED > DRONE_ZONE > LAANC > NOT_REQUIRED'),
    notices: z.array(NoticeSchema).optional().describe('Sorted by severity, then distance'),
    daylight: DaylightSchema.optional().describe('Our extension. Sunrise, sunset and civil twilight at the place for the window (docs/daylight-weather.md)'),
    weather: WeatherSchema.optional().describe('Our extension. The nearest station\'s METAR and TAF, decoded, held against Part 107.51; available false without them'),
  })
  .meta({ id: 'BriefingResult' });
export type BriefingResult = z.infer<typeof BriefingResultSchema>;

/** Extensions of ours (spec 4.1/4.2 know only the geometry): when and how high the flight is. */
const flightFields = {
  startTime: DateTimeSchema.optional().describe('Our extension. RFC 3339 start of the flight window; default: now'),
  endTime: DateTimeSchema.optional().describe('Our extension. RFC 3339 end of the flight window; default: one hour after startTime. Must be after startTime'),
  maxAltitude: z
    .number()
    .min(0)
    .max(400)
    .optional()
    .describe('Our extension. Highest altitude of the flight in feet AGL, 0 to 400 (14 CFR 107.51(b)); default 400'),
};

function windowInOrder(v: { startTime?: string | undefined; endTime?: string | undefined }, ctx: z.RefinementCtx): void {
  // Without a startTime the window starts "now", which only the handler knows; it checks that case.
  if (v.startTime !== undefined && v.endTime !== undefined && Date.parse(v.endTime) <= Date.parse(v.startTime)) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime' });
  }
}

export const AreaBriefingV1RequestSchema = z
  .object({ boundary: GeometrySchema.describe('2D operational boundary of the flight: Polygon, MultiPolygon, LineString or Point'), ...flightFields })
  .superRefine(windowInOrder)
  .meta({ id: 'AreaBriefingV1Request', description: 'Spec 4.1. Notices always carry their geometry' });
export type AreaBriefingV1Request = z.infer<typeof AreaBriefingV1RequestSchema>;

export const AreaBriefingV2RequestSchema = z
  .object({
    boundary: GeometrySchema.describe('2D operational boundary of the flight: Polygon, MultiPolygon, LineString or Point'),
    includeGeometry: z.boolean().optional().describe('Whether each notice carries its geometry; default true'),
    ...flightFields,
  })
  .superRefine(windowInOrder)
  .meta({ id: 'AreaBriefingV2Request', description: 'endpoints.md: the v1 area shape plus includeGeometry' });
export type AreaBriefingV2Request = z.infer<typeof AreaBriefingV2RequestSchema>;

export const LocationBriefingV2RequestSchema = z
  .object({
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    includeGeometry: z.boolean().optional().describe('Whether each notice carries its geometry; default false (nearby notices can be large)'),
    ...flightFields,
  })
  .superRefine(windowInOrder)
  .meta({ id: 'LocationBriefingV2Request', description: 'Spec 4.2. Intersecting notices have distance 0 and set the result; nearby ones within 2 NM carry their distance' });
export type LocationBriefingV2Request = z.infer<typeof LocationBriefingV2RequestSchema>;

export const LocationBriefingV1RequestSchema = z
  .object({
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    includeGeometry: z.boolean().optional().describe('Whether each notice carries its geometry; default true (v1 predates the flag)'),
    ...flightFields,
  })
  .superRefine(windowInOrder)
  .meta({ id: 'LocationBriefingV1Request', description: 'endpoints.md: the v2 location shape' });
export type LocationBriefingV1Request = z.infer<typeof LocationBriefingV1RequestSchema>;
