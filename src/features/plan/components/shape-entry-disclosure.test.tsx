// @isolated-modules: opens the form before any file has loaded its code.
/** The typed or pasted shape's form loads when the pilot first opens it (a chunk /plan does without until then). */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShapeEntryDisclosure, shapeEntryCode } from './shape-entry-disclosure';

const GEOJSON = JSON.stringify({ type: 'Point', coordinates: [-122.3, 47.52] });

describe('ShapeEntryDisclosure', () => {
  it('loads the form only once opened, then takes a pasted shape', async () => {
    const onArea = vi.fn();
    const { container } = render(<ShapeEntryDisclosure widthM={60} radiusM={300} onArea={onArea} />);
    expect(screen.queryByTestId('plan:geojson')).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect(shapeEntryCode.current()).toBeNull();

    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    fireEvent.change(await screen.findByTestId('plan:geojson'), { target: { value: GEOJSON } });
    await userEvent.click(screen.getByRole('button', { name: 'Use this GeoJSON or KML' }));
    expect(onArea).toHaveBeenCalledWith({ kind: 'point', center: [-122.3, 47.52] }, { radiusM: 300 });
  });
});
