import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hiddenLayerIds, LAYER_GROUPS } from '../layer-groups';
import { HIDDEN_GROUPS_KEY, useHiddenGroups } from '../use-hidden-groups';
import { MapLayersControl } from './map-layers-control';

/** The control as the plan page wires it: the hook's state in, and the layer ids it would hide out. */
function Harness({ onLayers }: { onLayers(ids: string[]): void }) {
  const [hidden, toggle] = useHiddenGroups();
  onLayers(hiddenLayerIds(hidden));
  return <MapLayersControl hidden={hidden} theme="light" onToggle={toggle} />;
}

describe('MapLayersControl', () => {
  it('on a first visit shows controlled airspace, ceilings, restrictions and special use; the rest a click away, with its legend', async () => {
    let layers: string[] = [];
    render(<Harness onLayers={(ids) => (layers = ids)} />);
    const toggle = screen.getByRole('button', { name: /Layers/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toContain(`5 of ${LAYER_GROUPS.length}`);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(LAYER_GROUPS.length);
    const on = LAYER_GROUPS.filter((g) => screen.getByTestId(`map-layers:group-${g.id}`).getAttribute('data-visible') === 'true').map((g) => g.id);
    expect(on).toEqual(['controlled', 'facility-map', 'special-use', 'tfr', 'security']);
    expect(layers).toContain('airspace-stadium');
    expect(layers).not.toContain('airspace-uasfm-fill');
    expect(layers).not.toContain('airspace-washington-frz-hatch');
    const legend = screen.getByRole('list', { name: 'Facility map grid and ceilings: legend' });
    expect(legend.textContent).toContain('350–400 ft');
    expect(legend.textContent).toContain('Not served by LAANC');
  });

  it('hides a group’s style layers when unchecked, and remembers it', async () => {
    localStorage.setItem(HIDDEN_GROUPS_KEY, '[]');
    let layers: string[] = [];
    const { unmount } = render(<Harness onLayers={(ids) => (layers = ids)} />);
    await userEvent.click(screen.getByRole('button', { name: /Layers/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Temporary flight restrictions' }));
    expect(layers).toEqual(['airspace-tfr-fill', 'airspace-tfr-line-active', 'airspace-tfr-line-scheduled', 'airspace-tfr-label', 'airspace-notam-line', 'airspace-notam-label']);
    expect(JSON.parse(localStorage.getItem(HIDDEN_GROUPS_KEY)!)).toEqual(['tfr']);
    expect(screen.getByTestId('map-layers:group-tfr').getAttribute('data-visible')).toBe('false');
    unmount();

    render(<Harness onLayers={(ids) => (layers = ids)} />);
    expect(screen.getByRole('button', { name: /Layers/ }).textContent).toContain(`${LAYER_GROUPS.length - 1} of`);
    await userEvent.click(screen.getByRole('button', { name: /Layers/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Temporary flight restrictions' }));
    expect(layers).toEqual([]);
  });

  it('ignores a stored setting it cannot read or groups that no longer exist', () => {
    localStorage.setItem(HIDDEN_GROUPS_KEY, JSON.stringify(['parks', 'gone', 3]));
    render(<Harness onLayers={() => {}} />);
    expect(screen.getByTestId('map-layers:group-parks').getAttribute('data-visible')).toBe('false');
    expect(screen.getByRole('button', { name: /Layers/ }).textContent).toContain(`${LAYER_GROUPS.length - 1} of`);
  });

  it('offers the maps under the airspace, with the host each reveals the view to', async () => {
    const chosen: string[] = [];
    const options = [
      { value: 'streets', label: 'Streets and buildings', host: 'tiles.openfreemap.org' },
      { value: 'aerial', label: 'Aerial imagery', host: 'basemap.nationalmap.gov' },
      { value: 'offline', label: 'Offline map', host: null },
    ];
    render(<MapLayersControl hidden={[]} theme="light" onToggle={() => {}} maps={{ options, current: 'streets', onChoose: (v) => chosen.push(v) }} />);
    await userEvent.click(screen.getByRole('button', { name: /Layers/ }));
    expect((screen.getByRole('radio', { name: /Streets and buildings/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /Aerial imagery/ }).closest('label')!.textContent).toContain('from basemap.nationalmap.gov');
    await userEvent.click(screen.getByRole('radio', { name: /Aerial imagery/ }));
    expect(chosen).toEqual(['aerial']);
  });

  it('closes with Escape and gives the focus back to its button', async () => {
    render(<Harness onLayers={() => {}} />);
    const toggle = screen.getByRole('button', { name: /Layers/ });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Stadiums' }));
    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
