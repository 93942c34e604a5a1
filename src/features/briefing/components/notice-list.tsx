import type { Notice } from '../../../../server/contract/briefing';
import { STATUS_ORDER, STATUS_TEXT } from '../briefing-text';
import { NoticeItem } from './notice-item';

interface Props {
  notices: Notice[];
  timeZone: string;
  selected: number | null;
  maxAltitudeFt: number | null;
  onHover(index: number | null): void;
  onSelect(index: number): void;
}

/** Notices grouped by status, most severe first; indexes refer to the service's order. */
export function NoticeList({ notices, timeZone, selected, maxAltitudeFt, onHover, onSelect }: Props) {
  if (notices.length === 0) return <p className="muted">No notices apply to this area.</p>;
  const indexed = notices.map((n, i) => ({ n, i }));
  return (
    <div className="notice-groups">
      {STATUS_ORDER.map((status) => {
        const group = indexed.filter(({ n }) => (n.status ?? 'NOTICE_STATUS_UNSPECIFIED') === status);
        if (group.length === 0) return null;
        const headingId = `notices-${status}`;
        return (
          <section key={status} aria-labelledby={headingId}>
            <h3 id={headingId} className="group-heading">
              {STATUS_TEXT[status].group} <span className="count">({group.length})</span>
            </h3>
            <ul className="notice-list">
              {group.map(({ n, i }) => (
                <NoticeItem
                  key={i}
                  notice={n}
                  timeZone={timeZone}
                  selected={selected === i}
                  maxAltitudeFt={maxAltitudeFt}
                  onHover={(on) => onHover(on ? i : null)}
                  onSelect={() => onSelect(i)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
