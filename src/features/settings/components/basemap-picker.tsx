import { useState, type FormEvent } from 'react';
import { updateSettings, useSettings, type BasemapSetting } from '../../../lib/settings';
import { isHttpUrl } from '../../../map/basemap-style';
import { mapChoices, useMapConfig } from '../../../map/use-map-style';

const HINTS: Record<BasemapSetting, (host: string | null) => string> = {
  streets: (h) => `Streets, buildings, water and place names (OpenStreetMap). Fetched from ${h}, which sees the area you view.`,
  aerial: (h) => `Aerial photographs (USGS The National Map, public domain). Fetched from ${h}, which sees the area you view.`,
  offline: () => 'Land, water, borders, places, runways: served by this deployment, no other host sees where you look. Used by itself when there is no network.',
  custom: () => 'Any MapLibre style URL; the airspace is drawn on top of it. Its host sees the area you view.',
};

/** The map under the airspace. A custom style URL is kept only once it is a http(s) address. */
export function BasemapPicker() {
  const { basemap, basemapUrl } = useSettings();
  const config = useMapConfig();
  const [url, setUrl] = useState(basemapUrl);
  const [touched, setTouched] = useState(false);
  const invalid = touched && !isHttpUrl(url);
  const save = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (isHttpUrl(url)) updateSettings({ basemap: 'custom', basemapUrl: url.trim() });
  };
  const options = [...mapChoices(config), { value: 'custom' as const, label: 'Another map style', host: null }];
  return (
    <fieldset className="fieldset">
      <legend>Map under the airspace</legend>
      {options.map((o) => (
        <label key={o.value} className="check">
          <input type="radio" name="basemap" value={o.value} checked={basemap === o.value} onChange={() => updateSettings({ basemap: o.value })} />
          <span>
            {o.label} <small className="muted">{HINTS[o.value](o.host)}</small>
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
