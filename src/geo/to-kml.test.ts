import { describe, expect, it } from 'vitest';
import { boundaryKml } from './to-kml';

describe('boundaryKml', () => {
  it('writes one closed polygon, its name escaped and the details as ExtendedData', () => {
    const kml = boundaryKml({ type: 'Polygon', coordinates: [[[-122.31, 47.52], [-122.3, 47.52], [-122.3, 47.53]]] }, 'Survey <north> & "south"', {
      maxAltitude: 200,
      startTime: '2026-07-01T16:00Z',
    });
    expect(kml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<kml xmlns="http:\/\/www.opengis.net\/kml\/2.2">/);
    expect(kml).toContain('<name>Survey &lt;north&gt; &amp; &quot;south&quot;</name>');
    expect(kml).toContain('<coordinates>-122.31,47.52 -122.3,47.52 -122.3,47.53 -122.31,47.52</coordinates>');
    expect(kml).toContain('<Data name="maxAltitude"><value>200</value></Data><Data name="startTime"><value>2026-07-01T16:00Z</value></Data>');
    expect(kml).not.toContain('innerBoundaryIs');
  });
});
