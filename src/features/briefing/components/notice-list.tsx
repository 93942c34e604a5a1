import type { NoticeGroup } from '../alike-notices';
import { STATUS_ORDER, STATUS_TEXT } from '../briefing-text';
import { NoticeItem } from './notice-item';

interface Props {
  /** The service's notices, alike ones grouped (groupAlikeNotices). */
  groups: NoticeGroup[];
  timeZone: string;
  selected: number | null;
  maxAltitudeFt: number | null;
  onHover(index: number | null): void;
  onSelect(index: number): void;
}

/** Notices grouped by status, most severe first; indexes refer to the service's order. */
export function NoticeList({ groups, timeZone, selected, maxAltitudeFt, onHover, onSelect }: Props) {
  if (groups.length === 0) return <p className="muted">No notices apply to this area.</p>;
  return (
    <div className="notice-groups">
      {STATUS_ORDER.map((status) => {
        const group = groups.filter((g) => (g.variants[0]!.notice.status ?? 'NOTICE_STATUS_UNSPECIFIED') === status);
        if (group.length === 0) return null;
        // The service's count, not the entries'.
        const count = group.reduce((sum, g) => sum + g.count, 0);
        const headingId = `notices-${status}`;
        return (
          <section key={status} aria-labelledby={headingId}>
            <h3 id={headingId} className="group-heading">
              {STATUS_TEXT[status].group} <span className="count">({count})</span>
            </h3>
            <ul className="notice-list">
              {group.map((g) => (
                <NoticeItem
                  key={g.index}
                  group={g}
                  timeZone={timeZone}
                  selected={selected === g.index}
                  maxAltitudeFt={maxAltitudeFt}
                  onHover={(on) => onHover(on ? g.index : null)}
                  onSelect={() => onSelect(g.index)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
