/**
 * The LAANC authorization statuses, in a module of their own: the operations contract filters its
 * list by them, and the LAANC contract (which imports the operations contract) defines them.
 */
/** domain.md "Status set (our choice)". */
export const AUTHORIZATION_STATUSES = [
  'STATUS_UNSPECIFIED',
  'STATUS_PENDING',
  'STATUS_APPROVED',
  'STATUS_DENIED',
  'STATUS_CANCELLED',
  'STATUS_AUTO_CANCELLED',
  'STATUS_RESCINDED',
  'STATUS_RESCINDED_ACKNOWLEDGED',
  'STATUS_INVALID',
  'STATUS_INVALID_CANCELLED',
  'STATUS_CLOSED',
] as const;
