import { useState, type FormEvent } from 'react';
import { updateSettings, useSettings, type BasemapSetting } from '../../../lib/settings';
import { isHttpUrl } from '../../../map/basemap-style';

const OPTIONS: { value: BasemapSetting; label: string; hint: string }[] = [
  { value: 'deployment', label: 'As this deployment sets it', hint: 'Its street map or style if it has one, else the offline map.' },
  { value: 'offline', label: 'Offline map', hint: 'Land, water, borders, places, runways: served by this deployment, nothing else is fetched.' },
  { value: 'custom', label: 'Another map style', hint: 'Any MapLibre style URL; the airspace is drawn on top of it.' },
];

/** The map under the airspace. A custom style URL is kept only once it is a http(s) address. */
export function BasemapPicker() {
  const { basemap, basemapUrl } = useSettings();
  const [url, setUrl] = useState(basemapUrl);
  const [touched, setTouched] = useState(false);
  const invalid = touched && !isHttpUrl(url);
  const save = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (isHttpUrl(url)) updateSettings({ basemap: 'custom', basemapUrl: url.trim() });
  };
  return (
    <fieldset className="fieldset">
      <legend>Map under the airspace</legend>
      {OPTIONS.map((o) => (
        <label key={o.value} className="check">
          <input type="radio" name="basemap" value={o.value} checked={basemap === o.value} onChange={() => updateSettings({ basemap: o.value })} />
          <span>
            {o.label} <small className="muted">{o.hint}</small>
          </span>
        </label>
      ))}
      {basemap === 'custom' && (
        <form className="stack" onSubmit={save}>
          <label className="field">
            <span>Style URL</span>
            <input
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              onBlur={() => setTouched(true)}
              placeholder="https://example.com/style.json"
              aria-invalid={invalid || undefined}
            />
            {invalid && <small className="error-text">Enter an address starting with https:// or http://</small>}
          </label>
          <div className="row">
            <button type="submit" className="button">
              Use this style
            </button>
            {basemapUrl && <span className="muted">In use: {basemapUrl}</span>}
          </div>
        </form>
      )}
    </fieldset>
  );
}
