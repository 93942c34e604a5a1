import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShapeEntry } from './shape-entry';

const KML = `<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Polygon><outerBoundaryIs><LinearRing>
<coordinates>-122.31,47.52 -122.3,47.52 -122.3,47.53 -122.31,47.52</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`;

describe('ShapeEntry', () => {
  it('takes pasted KML as well as GeoJSON', async () => {
    const onArea = vi.fn();
    render(<ShapeEntry widthM={60} radiusM={300} onArea={onArea} />);
    fireEvent.change(screen.getByTestId('plan:geojson'), { target: { value: KML } });
    await userEvent.click(screen.getByRole('button', { name: 'Use this GeoJSON or KML' }));
    expect(onArea).toHaveBeenCalledWith({ kind: 'polygon', ring: [[-122.31, 47.52], [-122.3, 47.52], [-122.3, 47.53], [-122.31, 47.52]] }, {});
  });

  it('reads an uploaded KML file, and says what is wrong with a bad one', async () => {
    const onArea = vi.fn();
    render(<ShapeEntry widthM={60} radiusM={300} onArea={onArea} />);
    const input = screen.getByLabelText('Upload a file…');
    await userEvent.upload(input, new File(['<kml><Placemark><Point><coordinates>-122.3,47.52</coordinates></Point></Placemark></kml>'], 'site.kml'));
    expect(onArea).toHaveBeenCalledWith({ kind: 'point', center: [-122.3, 47.52] }, { radiusM: 300 });
    await userEvent.upload(input, new File(['<kml><Placemark/></kml>'], 'empty.kml'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/no Polygon, LineString or Point/);
  });
});
