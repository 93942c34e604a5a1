/**
 * A small hand-made dataset for the surface tests: one or more features behind each of the 18 layer
 * codes, at real places around Seattle (and the Washington FRZ around DCA). Shapes are simplified:
 * the Class D is a 4.3 NM cylinder around KBFI, the restricted area and MTR are invented.
 */
import { circle } from '@turf/turf';
import type { Polygon } from 'geojson';
import type { AirspaceFeature, DatasetFile } from '../../data/model';

const disc = (lon: number, lat: number, nm: number): Polygon => circle([lon, lat], nm, { steps: 48, units: 'nauticalmiles' }).geometry;
const box = (w: number, s: number, e: number, n: number): Polygon => ({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] });
const SFC = { value: 0, reference: 'SFC' as const };
const agl = (value: number) => ({ value, reference: 'AGL' as const });
const msl = (value: number) => ({ value, reference: 'MSL' as const });
const src = 'test:surface';

const features: AirspaceFeature[] = [
  {
    id: 'class:BFI:D', layer: 'class_airspace', subtype: 'CLASS_D', name: 'SEATTLE, BOEING FIELD CLASS D', ident: 'BFI', facility: 'BFI',
    geometry: disc(-122.302, 47.53, 4.3), lower: SFC, upper: msl(2500), laancEnabled: true, sourceId: src,
    schedule: { text: 'Continuous', timezone: 'America/Los_Angeles' }, props: { icaoId: 'KBFI', workHours: 'H24' },
  },
  // Facility-map cells of one arc-minute just north of KBFI, 100 ft and 400 ft.
  { id: 'uasfm:BFI:a', layer: 'uasfm', name: 'BFI facility map 100 ft', ident: 'BFI', facility: 'BFI', geometry: box(-122.3167, 47.5333, -122.3, 47.55), ceilingFt: 100, laancEnabled: true, sourceId: src, props: { airports: 'BFI' } },
  { id: 'uasfm:BFI:b', layer: 'uasfm', name: 'BFI facility map 400 ft', ident: 'BFI', facility: 'BFI', geometry: box(-122.3, 47.5333, -122.2833, 47.55), ceilingFt: 400, laancEnabled: true, sourceId: src, props: { airports: 'BFI' } },
  { id: 'airport:BFI', layer: 'airport', subtype: 'AIRPORT', name: 'Boeing Field/King County Intl', ident: 'BFI', geometry: { type: 'Point', coordinates: [-122.302, 47.53] }, sourceId: src, props: { icao: 'KBFI', elevationFt: 21, towered: true, state: 'WA' } },
  { id: 'airport:HMC', layer: 'airport', subtype: 'HELIPORT', name: 'Harborview Medical Center', ident: '9WA9', geometry: { type: 'Point', coordinates: [-122.3238, 47.604] }, sourceId: src, props: { elevationFt: 381 } },
  { id: 'airport:W55', layer: 'airport', subtype: 'SEAPLANE_BASE', name: 'Kenmore Air Harbor (Lake Union)', ident: 'W55', geometry: { type: 'Point', coordinates: [-122.339, 47.629] }, sourceId: src },
  {
    id: 'stadium:WA:t_mobile_park', layer: 'stadium', name: 'T-Mobile Park', geometry: { type: 'Point', coordinates: [-122.3325, 47.5914] }, lower: SFC, upper: agl(3000), sourceId: src,
    events: [{ name: 'Mariners vs Astros', type: 'MLB', startTime: '2026-07-04T19:10:00-07:00', endTime: '2026-07-04T22:10:00-07:00' }], props: { radiusNm: 3, city: 'Seattle' },
  },
  { id: 'community_advisory:1', layer: 'community_advisory', subtype: 'ADMIN', name: 'Seattle Center event area', geometry: box(-122.356, 47.618, -122.347, 47.625), sourceId: src, description: 'City advisory' },
  { id: 'mtr:VR-9999', layer: 'mtr', name: 'VR-9999 (test route)', ident: 'VR-9999', geometry: { type: 'LineString', coordinates: [[-122.6, 47.5], [-122.2, 47.68]] }, lower: agl(100), upper: agl(1500), sourceId: src, props: { widthNm: 4 } },
  { id: 'national_park:klse', layer: 'national_park', name: 'Klondike Gold Rush NHP (Seattle unit)', ident: 'KLSE', geometry: box(-122.3336, 47.5995, -122.3318, 47.6008), sourceId: src },
  { id: 'notam:crane', layer: 'notam', name: 'Obstacle: crane 250 ft AGL', ident: '1/2345', geometry: disc(-122.34, 47.61, 0.25), lower: SFC, upper: agl(250), schedule: { startTime: '2026-01-01T00:00:00Z', endTime: '2026-12-31T00:00:00Z' }, sourceId: src },
  { id: 'nsufr:ft', layer: 'nsufr', name: 'Test NSUFR full time', geometry: box(-122.26, 47.54, -122.25, 47.55), lower: SFC, upper: agl(400), sourceId: src, props: { partTime: false } },
  { id: 'nsufr:pt', layer: 'nsufr', name: 'Test NSUFR part time', geometry: box(-122.39, 47.57, -122.38, 47.58), lower: SFC, upper: agl(400), sourceId: src, props: { partTime: true } },
  { id: 'rffs:1', layer: 'recreational_flyer_fixed_site', subtype: 'RECREATIONAL', name: 'Magnuson Park flying field', geometry: { type: 'Point', coordinates: [-122.256, 47.681] }, sourceId: src, props: { ceilingFt: 200 } },
  { id: 'satr:1', layer: 'satr', name: 'Test SATR', geometry: box(-122.42, 47.46, -122.4, 47.48), sourceId: src, schedule: { text: 'Continuous' } },
  { id: 'sua:R-9999', layer: 'sua', subtype: 'RESTRICTED', name: 'R-9999 (test)', ident: 'R-9999', geometry: box(-122.44, 47.66, -122.42, 47.68), lower: SFC, upper: msl(5000), sourceId: src, schedule: { text: 'INTERMITTENT BY NOTAM' } },
  { id: 'tfr:1', layer: 'tfr', name: 'Wildfire flight restriction', ident: '6/1234', geometry: disc(-122.25, 47.47, 1), lower: SFC, upper: msl(5000), sourceId: src, schedule: { startTime: '2026-07-01T00:00:00Z', endTime: '2026-07-10T00:00:00Z' } },
  { id: 'washington_frz:4_2565', layer: 'washington_frz', name: 'Washington DC Flight Restricted Zone (FRZ)', ident: '4/2565', geometry: disc(-77.0378, 38.8522, 15), lower: SFC, upper: agl(17999), sourceId: src },
];

export function surfaceDataset(): DatasetFile {
  return {
    format: 'skyplan-airspace-dataset', formatVersion: 1, version: 'surface-test-1', generatedAt: '2026-01-01T00:00:00Z', kind: 'sandbox',
    sources: [{ id: src, name: 'surface test fixture', version: '1', effectiveDate: '2026-01-01T00:00:00Z', retrievedAt: '2026-01-01T00:00:00Z', attribution: 'test', licence: 'test' }],
    features,
  };
}

/** Downtown Seattle to Boeing Field: every Seattle feature above intersects it. */
export const SEATTLE_AREA: Polygon = box(-122.45, 47.45, -122.2, 47.7);
export const DC_AREA: Polygon = box(-77.06, 38.87, -77.0, 38.91);

/** A square of a given side (km) centred on a point. */
export function square(lat: number, lon: number, sideKm: number): Polygon {
  const dLat = sideKm / 2 / 111.2;
  const dLon = sideKm / 2 / (111.2 * Math.cos((lat * Math.PI) / 180));
  return box(lon - dLon, lat - dLat, lon + dLon, lat + dLat);
}
