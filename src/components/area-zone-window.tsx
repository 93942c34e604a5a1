/**
 * A flight window given with a zone by someone else (an integration's timezoneName, an operation's
 * timezone) shown on the clocks of the area flown, both zones named when they read differently
 * (docs/portal.md, "Times": the area's zone first). While the zone table loads, the given zone.
 */
import { durationText, formatWindow, sameClocks } from './time-window';

interface Props {
  startTime: string;
  endTime: string;
  /** The area's zone; null while the zone table loads. */
  areaZone: string | null;
  /** The zone the window came with. */
  givenZone: string;
  /** Who gave it: "Acme Inspections", "The app that sent it". */
  givenBy: string;
  testId: string;
}

/** The zone a page shows an area's times in: the area's, or the given one until the area's is known. */
export function displayZone(areaZone: string | null, givenZone: string): string {
  return areaZone ?? givenZone;
}

export function AreaZoneWindow({ startTime, endTime, areaZone, givenZone, givenBy, testId }: Props) {
  const zone = displayZone(areaZone, givenZone);
  const differs = areaZone !== null && !sameClocks(startTime, endTime, areaZone, givenZone);
  return (
    <>
      <span data-testid={testId} data-zone={zone}>
        {formatWindow(startTime, endTime, zone)} ({durationText(startTime, endTime)})
      </span>
      <span className="zone-line small muted" data-testid={`${testId}-zone`}>
        {differs ? 'On the clocks at the area' : areaZone ? 'Local time at the area' : 'Local time'}, {zone}
      </span>
      {differs && (
        <span className="zone-line small zone-differs" role="note" data-testid={`${testId}-given`}>
          {givenBy} gave the times for {givenZone}, where they read {formatWindow(startTime, endTime, givenZone)}. The flight is in {areaZone}: the times
          above, and the briefing’s, are on its clocks.
        </span>
      )}
    </>
  );
}
