/** What the map's popup says about a clicked point (map-read-popup.tsx): a chunk loaded at the first click. */
import type { LocationBriefingV2Request } from '../../../server/contract/briefing';
import { LocationReadout } from '../../features/briefing/components/location-readout';
import { PointElevation } from '../../features/terrain/components/point-elevation';

interface Props {
  input: LocationBriefingV2Request | null;
  ground: [number, number] | null;
  blockedText: string | null;
  timeZone: string;
}

export function MapReadContent({ input, ground, blockedText, timeZone }: Props) {
  return (
    <>
      <LocationReadout input={input} blockedText={blockedText} timeZone={timeZone} />
      <PointElevation at={ground} />
    </>
  );
}
