import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { LocationBriefingV2Request } from '../../../server/contract/briefing';
import { lazyComponent } from '../../lib/lazy-component';
import type { MapController } from '../../map/map-controller';

// The popup's content is a chunk loaded at the first click, not with the page (docs/portal-delivery.md).
const Content = lazyComponent(
  () => import('./map-read-content').then((m) => m.MapReadContent),
  <p className="muted small" role="status">
    Reading the map…
  </p>,
).Component;

interface Props {
  map: MapController | null;
  /** The point clicked, [lon, lat]; null: no popup. */
  at: [number, number] | null;
  /** The plan's window and altitude, when valid: the point is read for the flight, not for now. */
  flight: Pick<LocationBriefingV2Request, 'startTime' | 'endTime' | 'maxAltitude'>;
  blockedText: string | null;
  timeZone: string;
}

/**
 * The map's popup for a click: the map shows it, React fills it (through a portal into its element)
 * with what is there and the ground elevation.
 */
export function MapReadPopup({ map, at, flight, blockedText, timeZone }: Props) {
  const [element] = useState(() => document.createElement('div'));
  useEffect(() => {
    map?.setPopup(at ? { lngLat: at, content: element } : null);
  }, [map, at, element]);
  useEffect(() => () => map?.setPopup(null), [map]);
  const input = useMemo<LocationBriefingV2Request | null>(
    () => (at ? { longitude: round6(at[0]), latitude: round6(at[1]), ...flight } : null),
    [at, flight],
  );
  const ground = useMemo<[number, number] | null>(() => (at && !blockedText ? [round6(at[0]), round6(at[1])] : null), [at, blockedText]);
  return at
    ? createPortal(
        <Content wanted input={input} ground={ground} blockedText={blockedText} timeZone={timeZone} />,
        element,
      )
    : null;
}

// About 0.1 m: two clicks on the same spot ask once, and the request stays short.
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
