/**
 * The route planner: the pilot picks a start and an end on the map (or takes the drawn path's ends,
 * its middle points as vias), sets the altitude, and asks POST /v2/route for a legal route. The
 * suggestion is drawn on the map (through onShow), with its length, the LAANC authorizations it
 * needs and its notices; "Use this route" hands it to the plan as its path, which is then briefed
 * like any drawn path. A refusal names what blocks the route.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { ROUTE_MAX_VIA_POINTS } from '../../../../server/contract/route-limits';
import { Pill } from '../../../components/load-states';
import type { Position } from '../../../geo/types';
import { feetUp, type LengthUnit } from '../../../../server/contract/units';
import type { RouteShapes } from '../../../map/route-layer';
import { sourceText, STATUS_TEXT } from '../../briefing/briefing-text';
import { ALTITUDE_FT } from '../../../../server/contract/operation-limits';
import { altitudeLimits } from '../../plan/components/flight-form';
import { NumberField } from '../../plan/components/number-field';
import { useGenerateRoute } from '../api/generate-route';
import { distanceText, refusalOf, widthNote } from '../route-text';
import '../route.css';

type End = 'start' | 'end';

interface Props {
  /** The plan's path, when the area is one: its ends (and middle points) can seed the route. */
  drawnLine: Position[] | null;
  /** The flight's altitude (AGL, in the plan's unit): one value, set here or under Flight. */
  altitude: number;
  unit: LengthUnit;
  onAltitude(value: number): void;
  /** The width a path is flown at (metres): the route keeps ROUTE_CLEARANCE_M, which covers a path twice as wide. */
  pathWidthM: number;
  /** The flight window the route is judged for; null: the service's default (now, one hour). */
  window: { startTime: string; endTime: string } | null;
  /** Why the planner cannot ask (signed out), or null. */
  blockedText: string | null;
  /** Wait for one point picked on the map (null: stop waiting). */
  onPickPoint(done: ((lngLat: [number, number]) => void) | null): void;
  /** What to draw on the map: the points and the suggested route (null: nothing). */
  onShow(shapes: RouteShapes | null): void;
  /** The pilot takes the route as the flight's path. */
  onAccept(line: Position[]): void;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const MAX_NOTICES_SHOWN = 6;

function positionText(p: Position | null): string {
  return p ? `${p[1].toFixed(5)}, ${p[0].toFixed(5)}` : 'not set';
}

export function RoutePanel({ drawnLine, altitude, unit, onAltitude, pathWidthM, window, blockedText, onPickPoint, onShow, onAccept }: Props) {
  const [ends, setEnds] = useState<{ start: Position | null; end: Position | null; vias: Position[] }>({ start: null, end: null, vias: [] });
  const altitudeFt = Math.min(ALTITUDE_FT.max, feetUp(altitude, unit));
  const [allowControlled, setAllowControlled] = useState(false);
  const [picking, setPicking] = useState<End | null>(null);
  const [accepted, setAccepted] = useState(false);
  const mutation = useGenerateRoute();
  const { reset } = mutation;
  const checkId = useId();

  // A suggestion answers one question: any change of it takes the suggestion away.
  const windowKey = window ? `${window.startTime}/${window.endTime}` : '';
  useEffect(() => reset(), [ends, altitudeFt, allowControlled, windowKey, reset]);
  useEffect(() => () => onPickPoint(null), [onPickPoint]);

  const route = mutation.data ?? null;
  // The contract's positions are plain arrays; the portal's are [lon, lat] pairs.
  const line = useMemo(() => route?.geometry.coordinates.map(([lon, lat]) => [lon!, lat!] as Position) ?? null, [route]);
  const shapes = useMemo<RouteShapes | null>(() => {
    const points = [
      ...(ends.start ? [{ role: 'start' as const, at: ends.start }] : []),
      ...ends.vias.map((at) => ({ role: 'via' as const, at })),
      ...(ends.end ? [{ role: 'end' as const, at: ends.end }] : []),
    ];
    return points.length || line ? { line, points } : null;
  }, [ends, line]);
  useEffect(() => onShow(shapes), [shapes, onShow]);
  useEffect(() => () => onShow(null), [onShow]);

  const pick = (which: End) => {
    setAccepted(false);
    setPicking(which);
    onPickPoint(([lon, lat]) => {
      setPicking(null);
      setEnds((e) => ({ ...e, [which]: [round6(lon), round6(lat)] }));
    });
  };
  const stopPicking = () => {
    setPicking(null);
    onPickPoint(null);
  };
  const fromPath = () => {
    if (!drawnLine || drawnLine.length < 2) return;
    setAccepted(false);
    // The service takes at most ROUTE_MAX_VIA_POINTS vias: a longer path gives its first ones.
    setEnds({ start: drawnLine[0]!, end: drawnLine.at(-1)!, vias: drawnLine.slice(1, -1).slice(0, ROUTE_MAX_VIA_POINTS) });
  };
  const ask = () => {
    if (!ends.start || !ends.end) return;
    mutation.mutate({
      geometry: { type: 'LineString', coordinates: [ends.start, ...ends.vias, ends.end] },
      maxAltitude: altitudeFt,
      allowControlledAirspace: allowControlled,
      ...(window ?? {}),
    });
  };
  const accept = () => {
    if (!line) return;
    onAccept(line);
    setEnds({ start: null, end: null, vias: [] });
    setAccepted(true);
  };

  const canAsk = !blockedText && !!ends.start && !!ends.end && !mutation.isPending;
  return (
    <section className="panel-section screen-only" aria-labelledby="route-heading" data-testid="route">
      <h2 id="route-heading">Route planner</h2>
      <p className="muted small">Pick a start and an end: the service suggests a legal route between them, around what the flight may not enter.</p>
      <dl className="route-ends">
        {(['start', 'end'] as const).map((which) => (
          <div key={which} className="route-end">
            <dt>{which === 'start' ? 'Start' : 'End'}</dt>
            <dd data-testid={`route:${which}`}>{positionText(ends[which])}</dd>
            <dd>
              <button type="button" className="button button-small" aria-pressed={picking === which} onClick={() => (picking === which ? stopPicking() : pick(which))} data-testid={`route:pick-${which}`}>
                {picking === which ? 'Stop picking' : `Pick ${which} on the map`}
              </button>
            </dd>
          </div>
        ))}
      </dl>
      {picking && (
        <p className="small route-picking" role="status">
          Click or tap the map to set the {picking}.
        </p>
      )}
      {drawnLine && (
        <button type="button" className="button button-small route-from-path" onClick={fromPath} data-testid="route:from-path">
          Use the drawn path’s ends{drawnLine.length > 2 ? ' (its middle points as vias)' : ''}
        </button>
      )}
      {ends.vias.length > 0 && <p className="muted small">{ends.vias.length} via point{ends.vias.length > 1 ? 's' : ''} from the drawn path.</p>}
      <NumberField label="Flight altitude" unit={`${unit} AGL`} value={altitude} {...altitudeLimits(unit)} step={unit === 'ft' ? 1 : 0.1} onChange={onAltitude} testId="route:altitude" />
      <label className="check" htmlFor={checkId}>
        <input id={checkId} type="checkbox" checked={allowControlled} onChange={(e) => setAllowControlled(e.target.checked)} data-testid="route:allow-controlled" />
        <span>Allow controlled airspace (the route then needs LAANC authorizations)</span>
      </label>
      {blockedText && <p className="small">{blockedText}</p>}
      <button type="button" className="button button-primary" disabled={!canAsk} onClick={ask} data-testid="route:ask">
        {mutation.isPending ? 'Planning the route…' : 'Suggest a route'}
      </button>
      {mutation.isPending && (
        <p className="visually-hidden" role="status">
          Planning the route…
        </p>
      )}
      {mutation.isError && <RouteRefusal error={mutation.error} />}
      {route && (
        <div className="route-result" data-testid="route:result">
          <p className="small">
            <Pill tone={STATUS_TEXT[route.properties.status ?? 'NOTICE_STATUS_UNSPECIFIED'].tone} testId="route:status">
              {STATUS_TEXT[route.properties.status ?? 'NOTICE_STATUS_UNSPECIFIED'].label}
            </Pill>{' '}
            <span data-testid="route:distance">{distanceText(route.properties.distanceM)}</span>, drawn dashed on the map.
          </p>
          <p className="small" data-testid="route:laanc">
            {route.properties.laancFacilities.length > 0
              ? `Needs LAANC authorization from ${route.properties.laancFacilities.join(', ')}.`
              : 'Needs no LAANC authorization.'}
          </p>
          {route.properties.notices.length > 0 && (
            <ul className="route-notices small" data-testid="route:notices">
              {route.properties.notices.slice(0, MAX_NOTICES_SHOWN).map((n, i) => (
                <li key={i}>
                  <strong>{sourceText(n.dataSource) ?? 'Notice'}</strong>
                  {n.title && <span>: {n.title}</span>}
                </li>
              ))}
              {route.properties.notices.length > MAX_NOTICES_SHOWN && <li className="muted">and {route.properties.notices.length - MAX_NOTICES_SHOWN} more</li>}
            </ul>
          )}
          <p className="muted small" data-testid="route:width-note">
            {widthNote(pathWidthM, unit)}
          </p>
          <button type="button" className="button button-primary" onClick={accept} data-testid="route:accept">
            Use this route
          </button>
        </div>
      )}
      {accepted && (
        <p className="small" role="status" data-testid="route:accepted">
          The route is now the flight’s path; its briefing is below.
        </p>
      )}
    </section>
  );
}

function RouteRefusal({ error }: { error: unknown }) {
  const r = refusalOf(error);
  return (
    <div role="alert" className="alert alert-error" data-testid="route:refused">
      <p>
        <strong>{r.title}</strong> {r.message}
      </p>
      {r.blockers.length > 0 && (
        <ul className="route-blockers" data-testid="route:blockers">
          {r.blockers.map((b) => (
            <li key={b.id}>
              <strong>{b.name}</strong>: {b.why}.
            </li>
          ))}
        </ul>
      )}
      {r.hint && <p>{r.hint}</p>}
    </div>
  );
}
