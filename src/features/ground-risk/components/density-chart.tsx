import { DENSITY_COLOURS } from '../../../map/ground-layer';
import { percentText, type DensitySummary } from '../density-shares';

/**
 * Share of the area in each density class as bars. Each row says its class and share in words, so
 * the bars (hidden from screen readers) only repeat the numbers; the swatch is the map's colour,
 * which makes the list the hexagons' legend too.
 */
export function DensityChart({ summary }: { summary: DensitySummary }) {
  return (
    <ul className="density-chart" aria-label="Share of the area by population density" data-testid="ground-risk:chart">
      {summary.shares.map((s) => (
        <li key={s.density} data-density={s.density} data-share={s.share.toFixed(3)}>
          <span className="density-label">
            <span className="density-swatch" style={{ background: DENSITY_COLOURS[s.density] }} aria-hidden="true" />
            {s.density}
          </span>
          <span className="density-bar" aria-hidden="true">
            <span style={{ width: `${s.share * 100}%`, background: DENSITY_COLOURS[s.density] }} />
          </span>
          <span className="density-value">{percentText(s.share)}</span>
        </li>
      ))}
    </ul>
  );
}
