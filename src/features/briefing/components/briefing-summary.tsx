import type { BriefingResult } from '../../../../server/contract/briefing';
import { AUTHORIZATION_TEXT, STATUS_TEXT } from '../briefing-text';

/** The answer in one glance: a coloured status with its sentence, then what to do about authorization. */
export function BriefingSummary({ result }: { result: BriefingResult }) {
  const status = STATUS_TEXT[result.status ?? 'NOTICE_STATUS_UNSPECIFIED'];
  const auth = AUTHORIZATION_TEXT[result.authorizationType ?? 'AUTHORIZATION_TYPE_UNSPECIFIED'];
  return (
    <div className={`summary tone-${status.tone}`}>
      <p className="summary-status" data-testid="briefing:status" data-status={result.status ?? 'NOTICE_STATUS_UNSPECIFIED'}>
        <span className={`badge tone-${status.tone}`}>{status.label}</span> {status.sentence}
      </p>
      <p className="summary-auth" data-testid="briefing:authorization" data-authorization={result.authorizationType ?? 'AUTHORIZATION_TYPE_UNSPECIFIED'}>
        <strong>{auth.label}.</strong> {auth.next}
      </p>
    </div>
  );
}
