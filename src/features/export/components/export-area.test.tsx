import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PolygonGeometry } from '../../../geo/types';
import { ExportArea } from './export-area';

const ring: [number, number][] = [[-122.31, 47.52], [-122.3, 47.52], [-122.3, 47.53], [-122.31, 47.52]];
const boundary: PolygonGeometry = { type: 'Polygon', coordinates: [ring] };
const details = { maxAltitude: 200, altitudeUnit: 'ft' as const, startTime: '2026-07-01T16:00:00Z', endTime: '2026-07-01T17:00:00Z' };

let saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  saved = [];
  let last: Blob | null = null;
  // jsdom has no object URLs.
  URL.createObjectURL = (b: Blob) => ((last = b), 'blob:test');
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: last! });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

describe('ExportArea', () => {
  it('offers nothing until there is an area', () => {
    render(<ExportArea shape={null} boundary={null} details={details} />);
    expect(screen.queryByTestId('export:area')).toBeNull();
  });

  it('downloads the area as GeoJSON with the flight details', async () => {
    render(<ExportArea shape={{ kind: 'polygon', ring }} boundary={boundary} details={details} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download GeoJSON' }));
    expect(saved[0]!.name).toBe('flight-area-2026-07-01T1600Z.geojson');
    expect(saved[0]!.blob.type).toBe('application/geo+json');
    const fc = JSON.parse(await saved[0]!.blob.text());
    expect(fc.features[0].geometry).toEqual(boundary);
    expect(fc.features[0].properties).toMatchObject({ maxAltitude: 200, altitudeUnit: 'ft', startTime: details.startTime, endTime: details.endTime });
  });

  it('downloads the boundary as KML', async () => {
    render(<ExportArea shape={{ kind: 'point', center: [-122.3, 47.52], radiusM: 100 }} boundary={boundary} details={{ maxAltitude: 60, altitudeUnit: 'm' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download KML' }));
    expect(saved[0]!.name).toBe('flight-area.kml');
    const text = await saved[0]!.blob.text();
    expect(text).toContain('<coordinates>-122.31,47.52 -122.3,47.52 -122.3,47.53 -122.31,47.52</coordinates>');
    expect(text).toContain('<Data name="altitudeUnit"><value>m</value></Data>');
  });
});
