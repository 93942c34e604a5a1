/**
 * Live sources past their promise (docs/live-data.md "Freshness"): the TFR feed not read for
 * FAA_TFR_STALE_SECONDS, charts two days past their cycle, and TFRs the FAA lists whose area could not
 * be read. None of them is tied to a place: a TFR published since the last good read, or one whose
 * detail is unknown, may be anywhere. So every answer built on the engine gets a CAUTION notice at
 * distance 0 naming the data and since when, and is never CLEAR_TO_FLY (WARNING stays WARNING); its
 * authorization is never "not required" (unknown instead: evaluate.ts summarise).
 * Pure: the state arrives as data, on the dataset's sources (DatasetSource.live), laid over by the
 * service (server/services/live); a change of it is a new dataset version, so no cached answer
 * outlives it.
 */
import type { Notice, NoticeDataSource } from '../../contract/briefing';
import type { Dataset } from '../../data/dataset';
import type { DatasetSource, LiveSourceState } from '../../data/model';
import { LAYER_DEFAULTS } from './rule-codes';
import { CLASS_G_OUTCOME, type Outcome } from './rules';
import type { Evaluated } from './types';

/** Unknown TFRs named one by one in the notice; the rest are counted. */
const NAMED_UNKNOWN = 10;

const CAUTION = (dataSource: NoticeDataSource): Outcome => ({
  ...CLASS_G_OUTCOME,
  dataSource,
  status: 'NOTICE_STATUS_CAUTION',
  code: 'NOTICE_CODE_INFORMATIONAL',
  authorization: 'AUTHORIZATION_TYPE_UNSPECIFIED',
});

const minute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export interface LiveProblem {
  source: DatasetSource & { live: LiveSourceState };
  stale: boolean;
  unknown: number;
}

/** The live sources of a dataset that are stale or hold unknown TFRs. */
export function liveProblems(dataset: Pick<Dataset, 'sources'>): LiveProblem[] {
  const out: LiveProblem[] = [];
  for (const s of dataset.sources) {
    const live = s.live;
    if (!live) continue;
    const unknown = live.unknownCount ?? live.unknown?.length ?? 0;
    if (live.staleSince || unknown > 0) out.push({ source: s as LiveProblem['source'], stale: !!live.staleSince, unknown });
  }
  return out;
}

/** Whether no answer on this dataset may be CLEAR_TO_FLY or an automatic approval (LAANC, the legacy check). */
export function liveDataInDoubt(dataset: Pick<Dataset, 'sources'>): boolean {
  return liveProblems(dataset).length > 0;
}

const isTfr = (s: DatasetSource) => s.id.startsWith('faa:tfr');

function staleNotice(p: LiveProblem): Notice {
  const l = p.source.live;
  // No data category of the spec's fits "this data is out of date" (TFR_ACTIVE would read as a TFR here).
  const outcome = CAUTION('NOTICE_DATA_SOURCE_UNSPECIFIED');
  const since = l.staleSince ? minute(l.staleSince) : 'unknown';
  const last = l.lastSuccess ? `The last good read was at ${minute(l.lastSuccess)}.` : 'It has not been read successfully since this service started following it.';
  const consequence = isTfr(p.source)
    ? 'A temporary flight restriction published since may cover this place, so this service does not say "clear".'
    : 'Airspace or facility-map ceilings may have changed since, so this service does not say "clear".';
  return {
    dataSource: outcome.dataSource,
    dataSubtype: outcome.dataSubtype,
    title: `Out of date: ${l.what}`,
    description: `${l.what} is out of date since ${since}. ${last} ${consequence} Check the FAA's own sources (tfr.faa.gov, B4UFLY, 1-800-WX-BRIEF) before flying.`,
    distance: 0,
    status: outcome.status,
    code: outcome.code,
    authority: 'FAA',
    sourceUrl: isTfr(p.source) ? LAYER_DEFAULTS.tfr.sourceUrl : (p.source.url ?? LAYER_DEFAULTS.airport.sourceUrl),
  };
}

function unknownNotice(p: LiveProblem): Notice {
  const l = p.source.live;
  const outcome = CAUTION('NOTICE_DATA_SOURCE_UNSPECIFIED');
  const named = (l.unknown ?? []).slice(0, NAMED_UNKNOWN).map((t) => {
    const about = [t.type, t.state].filter(Boolean).join(', ');
    return `FDC ${t.id}${about ? ` (${about})` : ''}${t.description ? `: ${t.description.slice(0, 160)}` : ''}`;
  });
  const more = p.unknown - named.length;
  const n = p.unknown;
  return {
    dataSource: outcome.dataSource,
    dataSubtype: outcome.dataSubtype,
    title: n === 1 ? '1 TFR could not be read' : `${n} TFRs could not be read`,
    description:
      `The FAA lists ${n === 1 ? 'a temporary flight restriction' : `${n} temporary flight restrictions`} whose area this service could not read: ` +
      `${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}. Where ${n === 1 ? 'it lies' : 'they lie'} is unknown, so no place is said to be clear. Check tfr.faa.gov before flying.`,
    distance: 0,
    status: outcome.status,
    code: outcome.code,
    authority: 'FAA',
    sourceUrl: LAYER_DEFAULTS.tfr.sourceUrl,
  };
}

/** The CAUTION notices of the dataset's live sources past their promise, or with TFRs of unknown area. */
export function liveDataNotices(dataset: Pick<Dataset, 'sources'>): Evaluated[] {
  const out: Evaluated[] = [];
  for (const p of liveProblems(dataset)) {
    const notices = [...(p.stale ? [staleNotice(p)] : []), ...(p.unknown > 0 ? [unknownNotice(p)] : [])];
    for (const notice of notices) {
      const outcome = CAUTION(notice.dataSource!);
      out.push({ notice, outcome, authorization: outcome.authorization, controlled: false, features: [], liveData: true });
    }
  }
  return out;
}
