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
  it('opens the list of airspace groups, every one shown, each with its legend', async () => {
    render(<Harness onLayers={() => {}} />);
    const toggle = screen.getByRole('button', { name: /Layers/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toContain(`${LAYER_GROUPS.length} of ${LAYER_GROUPS.length}`);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(LAYER_GROUPS.length);
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);
    const legend = screen.getByRole('list', { name: 'Facility map grid and ceilings: legend' });
    expect(legend.textContent).toContain('350–400 ft');
    expect(legend.textContent).toContain('Not served by LAANC');
  });

  it('hides a group’s style layers when unchecked, and remembers it', async () => {
    let layers: string[] = [];
    const { unmount } = render(<Harness onLayers={(ids) => (layers = ids)} />);
    await userEvent.click(screen.getByRole('button', { name: /Layers/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Temporary flight restrictions' }));
    expect(layers).toEqual(['airspace-tfr-fill', 'airspace-tfr-line-active', 'airspace-tfr-line-scheduled', 'airspace-tfr-label', 'airspace-notam-line']);
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
