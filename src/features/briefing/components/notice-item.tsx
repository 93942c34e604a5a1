import { useId, useState } from 'react';
import type { Notice } from '../../../../server/contract/briefing';
import { feetDown } from '../../../../server/contract/units';
import type { NoticeGroup } from '../alike-notices';
import { STATUS_TEXT, sourceText, subtypeText } from '../briefing-text';
import { NoticeDetails } from './notice-details';

interface Props {
  /** One notice, or alike notices (same status, source, title and ceiling) shown as one entry. */
  group: NoticeGroup;
  timeZone: string;
  selected: boolean;
  /** The planned altitude, to say at a glance when it is above a facility-map ceiling. */
  maxAltitudeFt: number | null;
  onHover(on: boolean): void;
  onSelect(): void;
}

/** One entry: a line that expands; pointing at it (mouse or keyboard focus) shows it on the map. */
export function NoticeItem({ group, timeZone, selected, maxAltitudeFt, onHover, onSelect }: Props) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const notice = group.variants[0]!.notice;
  const status = STATUS_TEXT[notice.status ?? 'NOTICE_STATUS_UNSPECIFIED'];
  const title = notice.title ?? sourceText(notice.dataSource) ?? 'Notice';
  const ceiling = ceilingFt(notice);
  const above = ceiling !== null && maxAltitudeFt !== null && maxAltitudeFt > ceiling;
  const several = group.variants.length > 1;
  return (
    <li
      className={`notice${selected ? ' notice-selected' : ''}`}
      data-testid="briefing:notice"
      data-source={notice.dataSource}
      data-selected={selected || undefined}
      onMouseEnter={() => onHover(true)}
      onMouseLeave={() => onHover(false)}
      onFocus={() => onHover(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onHover(false);
      }}
    >
      <div className="notice-head">
        <button type="button" className="notice-toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          <span className={`dot tone-${status.tone}`} aria-hidden="true" />
          <span className="notice-title">
            {title}
            {group.count > 1 && (
              <span className="small muted" data-testid="briefing:notice-count">
                {' '}
                · {several ? `${group.variants.length} notices` : `${group.count} areas`}
              </span>
            )}
          </span>
          <span className="visually-hidden">, {status.label}</span>
          <span className="chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
        </button>
        {group.geometry !== null && (
          <button type="button" className="button button-small button-quiet" aria-pressed={selected} onClick={onSelect}>
            {selected ? 'Shown' : 'Show'}
            <span className="visually-hidden"> on map</span>
          </button>
        )}
      </div>
      {above && (
        <p className="notice-flag" data-testid="briefing:above-ceiling">
          Your {maxAltitudeFt} ft is above the {ceiling} ft ceiling here: LAANC cannot approve it automatically
          {ceiling > 0 ? ' (Part 107 may ask for further coordination).' : '.'}
        </p>
      )}
      <div id={detailsId} hidden={!open}>
        {open &&
          (several ? (
            <ol className="notice-variants">
              {group.variants.map((v, k) => (
                <li key={v.indexes[0]} data-testid="briefing:notice-variant">
                  <p className="notice-variant-head small">{variantHead(v.notice, k, group.variants.length, v.indexes.length)}</p>
                  <NoticeDetails notice={v.notice} timeZone={timeZone} />
                </li>
              ))}
            </ol>
          ) : (
            <NoticeDetails notice={notice} timeZone={timeZone} />
          ))}
      </div>
    </li>
  );
}

/** "Notice 2 of 2 · Class D airspace · 3 areas": what tells alike notices apart before their words do. */
function variantHead(n: Notice, k: number, of: number, areas: number): string {
  return [`Notice ${k + 1} of ${of}`, subtypeText(n.dataSubtype), areas > 1 ? `${areas} areas` : null].filter(Boolean).join(' · ');
}

/**
 * The ceiling of a facility-map notice in feet (its upper altitude), else null. One in metres rounds down
 * (contract/units.ts), so a flight above it is said to be (a 30.4 m ceiling, 99.7 ft, is 99 ft: rounded it
 * was 100, and a 100 ft flight read as within it).
 */
export function ceilingFt(n: Notice): number | null {
  const up = n.upperAltitude;
  if (n.dataSource !== 'NOTICE_DATA_SOURCE_UASFM_CEILING' || up?.value === undefined) return null;
  return up.unit === 'ALTITUDE_UNIT_METERS' ? feetDown(up.value, 'm') : up.value;
}
