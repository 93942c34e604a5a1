// @vitest-environment jsdom
// KML is read with the browser's DOMParser, which node does not have.
import { describe, expect, it } from 'vitest';
import { parseKml } from './parse-kml';
import { boundaryKml } from './to-kml';

const d = { widthM: 60, radiusM: 200 };
const kml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`;

describe('parseKml', () => {
  it('reads the outer boundary of a Polygon, dropping altitudes', () => {
    const text = kml(`<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>
      -122.31,47.52,0 -122.30,47.52,0
      -122.30,47.53,0 -122.31,47.52,0
    </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`);
    expect(parseKml(text, d)).toEqual({ ok: true, shape: { kind: 'polygon', ring: [[-122.31, 47.52], [-122.3, 47.52], [-122.3, 47.53], [-122.31, 47.52]] } });
  });

  it('takes the first geometry of a MultiGeometry, and a width from ExtendedData', () => {
    const text = kml(`<Folder><Placemark><ExtendedData><Data name="width"><value>30</value></Data></ExtendedData>
      <MultiGeometry><LineString><coordinates>0,0 1,1</coordinates></LineString><Point><coordinates>5,5</coordinates></Point></MultiGeometry></Placemark></Folder>`);
    expect(parseKml(text, d)).toEqual({ ok: true, shape: { kind: 'path', line: [[0, 0], [1, 1]], widthM: 30 } });
  });

  it('gives a point the current radius, and works without the KML namespace', () => {
    expect(parseKml('<kml><Placemark><Point><coordinates>2,3</coordinates></Point></Placemark></kml>', d)).toEqual({ ok: true, shape: { kind: 'point', center: [2, 3], radiusM: 200 } });
  });

  it('reads back the boundary it exports', () => {
    const ring: [number, number][] = [[-122.31, 47.52], [-122.3, 47.52], [-122.3, 47.53]];
    const text = boundaryKml({ type: 'Polygon', coordinates: [ring] }, 'Flight <A & B>', { maxAltitude: 200 });
    expect(parseKml(text, d)).toEqual({ ok: true, shape: { kind: 'polygon', ring: [...ring, ring[0]!] } });
  });

  it('explains what is wrong', () => {
    expect(parseKml('<kml><Placemark>', d)).toMatchObject({ ok: false, error: expect.stringContaining('not KML') });
    expect(parseKml('<gpx></gpx>', d)).toMatchObject({ ok: false, error: expect.stringContaining('not KML') });
    expect(parseKml(kml('<Placemark><name>x</name></Placemark>'), d)).toMatchObject({ ok: false, error: expect.stringContaining('no Polygon') });
    expect(parseKml(kml('<Placemark><Point><coordinates>200,3</coordinates></Point></Placemark>'), d)).toMatchObject({ ok: false, error: expect.stringContaining('Point') });
    const holes = kml(
      '<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,0 1,1 0,0</coordinates></LinearRing></outerBoundaryIs><innerBoundaryIs><LinearRing><coordinates>0.1,0.1 0.2,0.1 0.2,0.2 0.1,0.1</coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>',
    );
    expect(parseKml(holes, d)).toMatchObject({ ok: false, error: expect.stringContaining('holes') });
  });
});
