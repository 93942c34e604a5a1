import { updateSettings, useSettings, type UnitsSetting } from '../../../lib/settings';

const OPTIONS: { value: UnitsSetting; label: string }[] = [
  { value: 'ft', label: 'Feet' },
  { value: 'm', label: 'Metres' },
];

/** The altitude unit new plans start in; a plan's own link keeps the unit it was made with. */
export function UnitsPicker() {
  const { units } = useSettings();
  return (
    <fieldset className="fieldset">
      <legend>Altitude units for new plans</legend>
      <div className="segmented">
        {OPTIONS.map((o) => (
          <label key={o.value}>
            <input type="radio" name="units" value={o.value} checked={units === o.value} onChange={() => updateSettings({ units: o.value })} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
