import { updateSettings, useSettings, type ThemeSetting } from '../../../lib/settings';

const OPTIONS: { value: ThemeSetting; label: string }[] = [
  { value: 'system', label: 'As the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function ThemePicker() {
  const { theme } = useSettings();
  return (
    <fieldset className="fieldset">
      <legend>Theme</legend>
      <div className="segmented">
        {OPTIONS.map((o) => (
          <label key={o.value}>
            <input type="radio" name="theme" value={o.value} checked={theme === o.value} onChange={() => updateSettings({ theme: o.value })} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
