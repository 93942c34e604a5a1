import type { LimitCheck } from '../../../geo/check-limits';
import { LIMITS } from '../../../geo/check-limits';

interface Props {
  check: LimitCheck | null;
  /** Set when the shape could not become an area at all (e.g. a path that doubles back). */
  shapeError: string | null;
}

/** The spec's limits, checked on every change before anything is sent. */
export function LimitsStatus({ check, shapeError }: Props) {
  if (shapeError) {
    return (
      <div role="alert" className="alert alert-error" data-testid="plan:limits" data-ok="false">
        <p>{shapeError}</p>
      </div>
    );
  }
  if (!check) return null;
  const side = check.longestSide?.lengthNm ?? 0;
  return (
    <div data-testid="plan:limits" data-ok={String(check.ok)}>
      <p className="measures">
        <span className={check.areaSqMi > LIMITS.maxAreaSqMi ? 'over' : undefined}>
          Area {check.areaSqMi.toFixed(2)} of {LIMITS.maxAreaSqMi} sq mi
        </span>
        <span className={side > LIMITS.maxSideNm ? 'over' : undefined}>
          Longest side {side.toFixed(2)} of {LIMITS.maxSideNm} NM
        </span>
      </p>
      {!check.ok && (
        <div role="alert" className="alert alert-error">
          <p>
            <strong>This area cannot be sent yet.</strong> It is outlined in red on the map.
          </p>
          <ul data-testid="plan:violations">
            {check.violations.map((v) => (
              <li key={v.code} data-code={v.code}>
                {v.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
