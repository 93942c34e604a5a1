import { TONE_COLOUR } from '../../../map/operation-layers';
import { MARKER_COLOUR, TRACK_COLOUR } from '../../../map/track-layers';

const ITEMS = [
  { label: 'Operation area', colour: TONE_COLOUR.info, dashed: false },
  { label: 'Candidate, automatic approval', colour: TONE_COLOUR.info, dashed: true },
  { label: 'Candidate, further coordination', colour: TONE_COLOUR.warning, dashed: true },
  { label: 'Approved', colour: TONE_COLOUR.success, dashed: false },
  { label: 'Pending FAA', colour: TONE_COLOUR.warning, dashed: false },
  { label: 'Denied, rescinded, invalid or blocked', colour: TONE_COLOUR.danger, dashed: false },
  { label: 'Ended (cancelled, closed)', colour: TONE_COLOUR.neutral, dashed: false },
  { label: 'Track flown', colour: TRACK_COLOUR, dashed: false },
  { label: 'Drone position (last, or replayed)', colour: MARKER_COLOUR, dashed: false },
];

/** The map's colours in words (colour alone carries no meaning). */
export function MapLegend() {
  return (
    <ul className="legend" aria-label="Map legend">
      {ITEMS.map((i) => (
        <li key={i.label}>
          <span className={`swatch${i.dashed ? ' dashed' : ''}`} style={{ borderColor: i.colour }} aria-hidden="true" />
          {i.label}
        </li>
      ))}
    </ul>
  );
}
