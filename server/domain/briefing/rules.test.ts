/**
 * Special use airspace the rules table does not name (audit 2026-11-25): the data cannot say it is
 * harmless, so in effect it is CAUTION like an alert area, never information only.
 */
import { describe, expect, it } from 'vitest';
import type { AirspaceFeature, Subtype } from '../../data/model';
import { classify } from './rules';

const sua = (subtype?: Subtype): AirspaceFeature => ({
  id: `sua:X-${subtype ?? 'none'}`, layer: 'sua', ...(subtype ? { subtype } : {}), name: 'X-1', sourceId: 't',
  geometry: { type: 'Point', coordinates: [-122, 47] },
});

describe('special use airspace by type', () => {
  it('briefs a danger area and one of no known type as CAUTION while in effect, information when not', () => {
    for (const s of ['DANGER', undefined] as const) {
      expect(classify(sua(s), 'active', false)).toMatchObject({ status: 'NOTICE_STATUS_CAUTION', authorization: 'AUTHORIZATION_TYPE_NOT_REQUIRED' });
      expect(classify(sua(s), 'inactive', false)?.status).toBe('NOTICE_STATUS_INFORMATIONAL');
    }
  });

  it('keeps the named types as they were: prohibited a warning, an alert area a caution, an advisory area information', () => {
    expect(classify(sua('PROHIBITED'), 'active', false)?.status).toBe('NOTICE_STATUS_WARNING');
    expect(classify(sua('ALERT'), 'active', false)?.status).toBe('NOTICE_STATUS_CAUTION');
    expect(classify(sua('ADVISORY'), 'active', false)?.status).toBe('NOTICE_STATUS_INFORMATIONAL');
  });
});
