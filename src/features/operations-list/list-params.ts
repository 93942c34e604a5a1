/**
 * The operations page keeps its search, filters, sort and page in the URL, so a filtered list can be
 * shared and the back button restores it. Every filter, the sort and the page go to the service
 * (GET /v1/operations: q, flightType, pilotId, status, from/to, sort, limit/offset).
 */
import type { AuthorizationStatus } from '../../../server/contract/laanc';
import type { OperationListParams, OperationPhase, OperationSort } from '../operations/api/list-operations';

export type FlightTypeFilter = '' | 'FLIGHT_TYPE_COMMERCIAL' | 'FLIGHT_TYPE_RECREATIONAL';

/**
 * The authorization filter: the states a pilot acts on, each the service's statuses it covers
 * (an acknowledged rescission is still a rescission; NONE: no authorization at all).
 */
export const AUTH_FILTERS = {
  pending: { label: 'Pending FAA', statuses: ['STATUS_PENDING'] },
  approved: { label: 'Approved', statuses: ['STATUS_APPROVED'] },
  denied: { label: 'Denied', statuses: ['STATUS_DENIED'] },
  rescinded: { label: 'Rescinded', statuses: ['STATUS_RESCINDED', 'STATUS_RESCINDED_ACKNOWLEDGED'] },
  invalid: { label: 'Invalid', statuses: ['STATUS_INVALID', 'STATUS_INVALID_CANCELLED'] },
  none: { label: 'None submitted', statuses: ['NONE'] },
} as const satisfies Record<string, { label: string; statuses: readonly (AuthorizationStatus | 'NONE')[] }>;
export type AuthFilter = '' | keyof typeof AUTH_FILTERS;

export interface ListState {
  q: string;
  status: OperationPhase | '';
  /** Local calendar dates, YYYY-MM-DD (the person's own days). */
  from: string;
  to: string;
  type: FlightTypeFilter;
  auth: AuthFilter;
  /** '' anyone, 'me', or a pilot id. */
  pilot: string;
  sort: OperationSort;
  /** 0-based. */
  page: number;
}

export const PAGE_SIZE = 20;

const PHASES: OperationPhase[] = ['UPCOMING', 'ACTIVE', 'ENDED'];
const SORTS: OperationSort[] = ['startTime', '-startTime', 'createdDate', '-createdDate', 'name', '-name'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const DEFAULT_STATE: ListState = { q: '', status: '', from: '', to: '', type: '', auth: '', pilot: '', sort: '-startTime', page: 0 };

export function readListState(p: URLSearchParams): ListState {
  const status = p.get('status') ?? '';
  const sort = p.get('sort') ?? DEFAULT_STATE.sort;
  const type = p.get('type') ?? '';
  const page = Number(p.get('page') ?? '1');
  const auth = p.get('auth') ?? '';
  return {
    q: p.get('q') ?? '',
    status: (PHASES as string[]).includes(status) ? (status as OperationPhase) : '',
    from: DATE.test(p.get('from') ?? '') ? p.get('from')! : '',
    to: DATE.test(p.get('to') ?? '') ? p.get('to')! : '',
    type: type === 'FLIGHT_TYPE_COMMERCIAL' || type === 'FLIGHT_TYPE_RECREATIONAL' ? type : '',
    auth: Object.hasOwn(AUTH_FILTERS, auth) ? (auth as AuthFilter) : '',
    pilot: p.get('pilot') ?? '',
    sort: (SORTS as string[]).includes(sort) ? (sort as OperationSort) : DEFAULT_STATE.sort,
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
}

export function writeListState(s: ListState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  if (s.status) p.set('status', s.status);
  if (s.from) p.set('from', s.from);
  if (s.to) p.set('to', s.to);
  if (s.type) p.set('type', s.type);
  if (s.auth) p.set('auth', s.auth);
  if (s.pilot) p.set('pilot', s.pilot);
  if (s.sort !== DEFAULT_STATE.sort) p.set('sort', s.sort);
  if (s.page > 0) p.set('page', String(s.page + 1));
  return p;
}

export function hasFilters(s: ListState): boolean {
  return !!(s.q || s.status || s.from || s.to || s.type || s.auth || s.pilot);
}

/** The browser's own zone: the days of the date filter (operations lie in many zones; the service filters by instants). */
export const BROWSER_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A local calendar date's start as UTC (the service takes RFC 3339 UTC only). */
export function localDayStartUtc(date: string, plusDays = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** The pilot filter as the service takes it: 'me' is the person's own id (unknown yet: no filter). */
function pilotId(s: ListState, meId: string | null): string | undefined {
  if (s.pilot === 'me') return meId ?? undefined;
  return s.pilot || undefined;
}

export function serverParams(s: ListState, meId: string | null): OperationListParams {
  return {
    limit: PAGE_SIZE,
    offset: s.page * PAGE_SIZE,
    q: s.q.trim().slice(0, 200) || undefined,
    flightType: s.type || undefined,
    pilotId: pilotId(s, meId),
    status: s.status || undefined,
    authorization: s.auth ? AUTH_FILTERS[s.auth].statuses : undefined,
    // "from" keeps operations ending after the start of that day; "to" those starting before the end of it.
    from: s.from ? localDayStartUtc(s.from) : undefined,
    to: s.to ? localDayStartUtc(s.to, 1) : undefined,
    sort: s.sort,
  };
}
