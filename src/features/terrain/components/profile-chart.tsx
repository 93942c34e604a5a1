/**
 * A compact terrain profile in inline SVG: the ground along the path (feet MSL, filled) and the
 * flight at its altitude above that ground (dashed, so also in feet MSL), distance along the bottom.
 * Samples without data leave a gap rather than a guessed line. The words (title, description, legend)
 * carry what the picture shows.
 */
import { useId } from 'react';
import { elevationText } from '../terrain-text';

export interface ProfilePoint {
  distanceM: number;
  elevationFt: number | null;
}

interface Props {
  samples: ProfilePoint[];
  /** The flight's altitude above ground, feet; null: the ground only. */
  altitudeFtAgl: number | null;
}

const W = 320;
const H = 130;
const PAD = { left: 52, right: 8, top: 8, bottom: 22 };
const km = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Runs of consecutive covered samples: each is drawn on its own, so a gap stays a gap. */
function runs(samples: ProfilePoint[]): { distanceM: number; elevationFt: number }[][] {
  const out: { distanceM: number; elevationFt: number }[][] = [];
  let run: { distanceM: number; elevationFt: number }[] = [];
  for (const s of samples) {
    if (s.elevationFt === null) {
      if (run.length) out.push(run);
      run = [];
    } else run.push({ distanceM: s.distanceM, elevationFt: s.elevationFt });
  }
  if (run.length) out.push(run);
  return out;
}

export function ProfileChart({ samples, altitudeFtAgl }: Props) {
  const titleId = useId();
  const descId = useId();
  const covered = samples.filter((s) => s.elevationFt !== null).map((s) => s.elevationFt!);
  const lengthM = samples.at(-1)?.distanceM ?? 0;
  const agl = altitudeFtAgl ?? 0;
  const low = Math.min(...covered);
  const high = Math.max(...covered);
  // A flat profile still gets some height, so the flight line sits visibly above the ground.
  const yMin = Math.floor((low - 20) / 50) * 50;
  const yMax = Math.ceil((high + agl + 20) / 50) * 50;
  const x = (d: number) => PAD.left + (lengthM > 0 ? (d / lengthM) * (W - PAD.left - PAD.right) : 0);
  const y = (ft: number) => PAD.top + (1 - (ft - yMin) / (yMax - yMin)) * (H - PAD.top - PAD.bottom);
  const base = y(yMin);
  const parts = runs(samples);
  const description =
    `Ground from ${elevationText(low)} to ${elevationText(high)} along ${km.format(lengthM / 1000)} km` +
    (altitudeFtAgl !== null ? `; at ${altitudeFtAgl} ft above ground the flight reaches up to ${elevationText(high + agl)}.` : '.') +
    (covered.length < samples.length ? ` ${samples.length - covered.length} of ${samples.length} samples have no terrain data.` : '');

  return (
    <figure className="profile-chart" data-testid="terrain:chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} aria-describedby={descId} preserveAspectRatio="xMidYMid meet">
        <title id={titleId}>Terrain profile of the path</title>
        <desc id={descId}>{description}</desc>
        <line className="profile-axis" x1={PAD.left} y1={base} x2={W - PAD.right} y2={base} />
        <line className="profile-axis" x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={base} />
        <text className="profile-label" x={PAD.left - 4} y={y(yMax) + 8} textAnchor="end">
          {yMax.toLocaleString('en-US')} ft
        </text>
        <text className="profile-label" x={PAD.left - 4} y={base} textAnchor="end">
          {yMin.toLocaleString('en-US')} ft
        </text>
        <text className="profile-label" x={PAD.left} y={H - 6} textAnchor="start">
          0
        </text>
        <text className="profile-label" x={W - PAD.right} y={H - 6} textAnchor="end">
          {km.format(lengthM / 1000)} km
        </text>
        {parts.map((run, i) => {
          const line = run.map((p) => `${x(p.distanceM).toFixed(1)},${y(p.elevationFt).toFixed(1)}`).join(' ');
          const fill = `${x(run[0]!.distanceM).toFixed(1)},${base.toFixed(1)} ${line} ${x(run.at(-1)!.distanceM).toFixed(1)},${base.toFixed(1)}`;
          return (
            <g key={i}>
              <polygon className="profile-ground-fill" points={fill} />
              <polyline className="profile-ground" points={line} data-testid="terrain:ground" />
              {altitudeFtAgl !== null && (
                <polyline className="profile-flight" points={run.map((p) => `${x(p.distanceM).toFixed(1)},${y(p.elevationFt + agl).toFixed(1)}`).join(' ')} data-testid="terrain:flight" />
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="profile-legend small">
        <span>
          <span className="profile-swatch profile-swatch-ground" aria-hidden="true" /> Ground, ft MSL
        </span>
        {altitudeFtAgl !== null && (
          <span>
            <span className="profile-swatch profile-swatch-flight" aria-hidden="true" /> Flight at {altitudeFtAgl} ft AGL
          </span>
        )}
      </figcaption>
    </figure>
  );
}
