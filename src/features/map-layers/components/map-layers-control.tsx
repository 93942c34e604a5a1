/**
 * The layer switcher on the map: a button that opens the list of airspace groups, each a check box
 * with its legend under it, so what a colour means is read next to the switch that shows it.
 */
import { useId, useRef, useState } from 'react';
import type { Theme } from '../../../lib/theme';
import { LAYER_GROUPS } from '../layer-groups';
import { LEGEND_PALETTE } from '../legend-palette';
import { LegendSwatch } from './legend-swatch';
import '../map-layers.css';

/** A map a person can draw under the airspace; `host` is who then sees the viewed area (null: this service). */
export interface BaseMapOption {
  value: string;
  label: string;
  host: string | null;
}

interface Props {
  hidden: readonly string[];
  theme: Theme;
  onToggle(groupId: string, visible: boolean): void;
  /** The maps offered under the airspace, and the one shown. */
  maps?: { options: readonly BaseMapOption[]; current: string; onChoose(value: string): void };
}

export function MapLayersControl({ hidden, theme, onToggle, maps }: Props) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const panelId = useId();
  const palette = LEGEND_PALETTE[theme];
  const shown = LAYER_GROUPS.length - hidden.length;
  return (
    <div className="map-layers" data-testid="map-layers" onKeyDown={(e) => e.key === 'Escape' && open && close()}>
      <button ref={toggleRef} type="button" className="button button-small map-layers-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Layers <span className="muted">({shown} of {LAYER_GROUPS.length})</span>
      </button>
      <div id={panelId} className="map-layers-panel" hidden={!open}>
        {maps && maps.options.length > 1 && (
          <fieldset className="fieldset plain map-layers-basemaps">
            <legend>Map</legend>
            {maps.options.map((o) => (
              <label key={o.value} className="check">
                <input type="radio" name={`${panelId}-basemap`} value={o.value} checked={maps.current === o.value} onChange={() => maps.onChoose(o.value)} />
                <span>
                  {o.label} <small className="muted">{o.host ? `(from ${o.host})` : '(this service)'}</small>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <fieldset className="fieldset plain">
          <legend>Airspace shown on the map</legend>
          <ul className="map-layers-list">
            {LAYER_GROUPS.map((g) => {
              const visible = !hidden.includes(g.id);
              return (
                <li key={g.id} data-testid={`map-layers:group-${g.id}`} data-visible={visible}>
                  <label className="check">
                    <input type="checkbox" checked={visible} onChange={(e) => onToggle(g.id, e.target.checked)} />
                    <span>{g.label}</span>
                  </label>
                  <ul className="legend-entries" aria-label={`${g.label}: legend`}>
                    {g.legend(palette).map((e) => (
                      <li key={e.label}>
                        <LegendSwatch kind={e.kind} colour={e.colour} />
                        {e.label}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <button type="button" className="button button-small" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}
