import { useId, useState } from 'react';
import { ALTITUDE_FT, DURATION_MINUTES as DURATION_MIN } from '../../../../server/contract/operation-limits';
import { toFeet, toMeters, type LengthUnit } from '../../../../server/contract/units';
import { clockChangeAt, clockChangeText, formatInZone, utcToZonedLocal, zonedLocalToUtc } from '../../../lib/zoned-time';
import { toPlanStart, type Plan, type FlightKind } from '../plan-params';
import type { PlanUpdate } from '../use-plan';
import type { ZoneMove } from '../use-wall-clock-start';
import { NumberField } from './number-field';

interface Props {
  plan: Plan;
  timeZone: string;
  /**
   * The area's zone is not known yet (the zone table still loading, or its load failed): a time typed now
   * would be read on the wrong clocks, hours off, so the start cannot be typed and only UTC is shown.
   */
  zonePending?: boolean;
  zoneMove?: ZoneMove | null;
  onChange(update: PlanUpdate): void;
}


const r1 = (n: number) => Math.round(n * 10) / 10;

export function altitudeLimits(unit: LengthUnit): { min: number; max: number } {
  if (unit === 'ft') return ALTITUDE_FT;
  // Rounded inwards, so a height typed in metres never falls outside the limit in feet.
  const m = (ft: number) => toMeters(ft, 'ft');
  return { min: Math.ceil(m(ALTITUDE_FT.min) * 10) / 10, max: Math.floor(m(ALTITUDE_FT.max) * 10) / 10 };
}

/** "2026-11-22 01:00–02:00", the end's date added when the flight crosses midnight UTC. */
function utcText(start: Date, end: Date): string {
  const s = start.toISOString();
  const e = end.toISOString();
  const endDay = e.slice(0, 10) === s.slice(0, 10) ? '' : `${e.slice(0, 10)} `;
  return `${s.slice(0, 10)} ${s.slice(11, 16)}–${endDay}${e.slice(11, 16)}`;
}

/** Of a repeated time's two instants, the one not chosen. */
const other = (c: { first: Date; second: Date }, start: Date) => (start.getTime() === c.first.getTime() ? c.second : c.first);

export function FlightForm({ plan, timeZone, zonePending = false, zoneMove, onChange }: Props) {
  const startId = useId();
  // What the pilot typed, shown as typed while it stands: 02:30 on the spring change is 03:30 on the
  // clocks, and a field rewritten to 03:30 moved to 03:30 on the next day the pilot picked.
  const [typed, setTyped] = useState<{ local: string; zone: string; start: string } | null>(null);
  const limits = altitudeLimits(plan.unit);
  const start = plan.start ? new Date(plan.start.replace('Z', ':00Z')) : null;
  const end = start ? new Date(start.getTime() + plan.durationMin * 60_000) : null;
  const local = zonePending ? '' : typed && typed.zone === timeZone && typed.start === plan.start ? typed.local : start ? utcToZonedLocal(start, timeZone) : '';
  const change = start && !zonePending ? clockChangeAt(local, timeZone) : null;

  const switchUnit = (unit: LengthUnit) => {
    if (unit === plan.unit) return;
    // Keep the same height, shown in the other unit.
    const ft = toFeet(plan.maxAltitude, plan.unit);
    onChange({ unit, maxAltitude: unit === 'ft' ? Math.round(ft) : r1(toMeters(ft, 'ft')) });
  };

  return (
    <div className="flight-grid">
      <NumberField
        label="Max altitude"
        unit={plan.unit === 'ft' ? 'ft AGL' : 'm AGL'}
        min={limits.min}
        max={limits.max}
        value={plan.maxAltitude}
        testId="plan:altitude"
        onChange={(v) => onChange({ maxAltitude: v })}
      />
      <fieldset className="fieldset plain">
        <legend>Unit</legend>
        <div className="segmented">
          {(['ft', 'm'] as const).map((u) => (
            <label key={u}>
              <input type="radio" name="unit" value={u} checked={plan.unit === u} onChange={() => switchUnit(u)} />
              <span>{u === 'ft' ? 'feet' : 'metres'}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field span-2">
        <label htmlFor={startId}>
          Start <span className="muted">{zonePending ? '(local time at the area: finding its time zone…)' : `(local time at the area, ${timeZone})`}</span>
        </label>
        <input
          id={startId}
          type="datetime-local"
          step={60}
          value={local}
          disabled={zonePending}
          data-testid="plan:start"
          onChange={(e) => {
            const utc = zonedLocalToUtc(e.target.value, timeZone);
            if (!utc) return;
            setTyped({ local: e.target.value, zone: timeZone, start: toPlanStart(utc) });
            onChange({ start: toPlanStart(utc) });
          }}
        />
        {zoneMove && (
          <small className="warning-text" data-testid="plan:zone-moved">
            The area is in {zoneMove.to}: the start stays {local.slice(11)} on its clocks (it was typed for {zoneMove.from}).
          </small>
        )}
        {start && change && (
          <small className="warning-text" data-testid="plan:clock-change">
            {clockChangeText(local, timeZone, start, 'starts')}
            {change.kind === 'repeated' && (
              <>
                {' '}
                <button type="button" className="button button-quiet" onClick={() => onChange({ start: toPlanStart(other(change, start)) })}>
                  Use {formatInZone(other(change, start), timeZone).split(' ').pop()} instead
                </button>
              </>
            )}
          </small>
        )}
        {start && end && (
          <small className="muted" data-testid="plan:times">
            {!zonePending && (
              <>
                {formatInZone(start, timeZone)} to {formatInZone(end, timeZone)}
                <br />
              </>
            )}
            UTC {utcText(start, end)}
          </small>
        )}
        {start && start.getTime() < Date.now() - 60_000 && <small className="warning-text">This start time is in the past.</small>}
      </div>
      <NumberField
        label="Duration"
        unit="min"
        min={DURATION_MIN.min}
        max={DURATION_MIN.max}
        value={plan.durationMin}
        onChange={(v) => onChange({ durationMin: Math.round(v) })}
      />
      <fieldset className="fieldset plain">
        <legend>Flight type</legend>
        <div className="segmented">
          {(
            [
              ['part107', 'Part 107', 'Commercial, under 14 CFR Part 107'],
              ['recreational', 'Recreational', 'Recreational, under 49 U.S.C. 44809'],
            ] as [FlightKind, string, string][]
          ).map(([k, label, title]) => (
            <label key={k} title={title}>
              <input type="radio" name="flight-type" value={k} checked={plan.flightType === k} onChange={() => onChange({ flightType: k })} />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
