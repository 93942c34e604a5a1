import { useId } from 'react';
import type { AdvisoryFilters, AdvisorySource, AdvisoryWindow } from '../advisory-filters';

const SOURCES: [AdvisorySource, string][] = [
  ['all', 'All'],
  ['faa', 'FAA'],
  ['community', 'Community'],
];
const WINDOWS: [AdvisoryWindow, string][] = [
  ['flight', 'During the flight'],
  ['day', '24 h from the start'],
  ['now', 'Now'],
];

/** Which advisories to ask for: whose (source) and when (time window). */
export function AdvisoryFiltersForm({ value, onChange }: { value: AdvisoryFilters; onChange(next: AdvisoryFilters): void }) {
  const name = useId();
  return (
    <div className="advisory-filters">
      <fieldset className="fieldset plain">
        <legend className="small">Source</legend>
        <div className="segmented">
          {SOURCES.map(([v, label]) => (
            <label key={v}>
              <input type="radio" name={`${name}-source`} value={v} checked={value.source === v} onChange={() => onChange({ ...value, source: v })} />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="fieldset plain">
        <legend className="small">When</legend>
        <div className="segmented">
          {WINDOWS.map(([v, label]) => (
            <label key={v}>
              <input type="radio" name={`${name}-window`} value={v} checked={value.window === v} onChange={() => onChange({ ...value, window: v })} />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
