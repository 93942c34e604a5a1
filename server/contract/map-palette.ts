/**
 * Colours of the styles. Airspace follows the VFR sectional chart and B4UFLY conventions pilots
 * already read: Class B blue, Class C magenta, Class D dashed blue, Class E magenta, prohibited and
 * restricted areas and TFRs red, MOAs brown, parks green; facility-map cells from red (0 ft) to green
 * (400 ft). The dark style keeps the hues and lifts their lightness so they read on a dark ground.
 * In the contract because the portal's legend shows the same colours the service's styles draw.
 */
export interface Palette {
  water: string;
  land: string;
  /** Modelled built-up areas at city zoom: a shade off the land, quieter than any airspace colour. */
  urban: string;
  boundaryCountry: string;
  boundaryState: string;
  boundaryCounty: string;
  /** Airfield outlines (ground inside the fence) and runways of the offline basemap. */
  aerodrome: string;
  runway: string;
  placeText: string;
  placeMinorText: string;
  placeHalo: string;
  classB: string;
  classC: string;
  classD: string;
  classE: string;
  /** Facility-map ceilings: 0 ft, 50–100, 150–200, 250–300, 350–400, and cells LAANC does not serve. */
  ceiling: readonly [string, string, string, string, string];
  ceilingNoLaanc: string;
  ceilingText: string;
  restricted: string;
  moa: string;
  alert: string;
  tfr: string;
  nsufr: string;
  park: string;
  washington: string;
  satr: string;
  mtr: string;
  advisory: string;
  airportText: string;
}

export const LIGHT: Palette = {
  water: '#bcd6e8',
  land: '#f3f0e8',
  urban: '#e7e1d5',
  aerodrome: '#e4e1ea',
  runway: '#8f9099',
  boundaryCountry: '#7d7d86',
  boundaryState: '#9a9aa3',
  boundaryCounty: '#c9c7c0',
  placeText: '#2f2f35',
  placeMinorText: '#55555d',
  placeHalo: '#ffffff',
  classB: '#1f4fbf',
  classC: '#a3167f',
  classD: '#2a62d4',
  classE: '#b8388f',
  ceiling: ['#d7263d', '#f46d2b', '#f2c12e', '#8fc93a', '#2e9e4f'],
  ceilingNoLaanc: '#8c8c96',
  ceilingText: '#1d1d22',
  restricted: '#d0202a',
  moa: '#8a5a2b',
  alert: '#d9661f',
  tfr: '#e0121f',
  nsufr: '#7b3fbf',
  park: '#2f8a3e',
  washington: '#9b111e',
  satr: '#137f99',
  mtr: '#6e6a66',
  advisory: '#b7860b',
  airportText: '#1a3d7c',
};

export const DARK: Palette = {
  water: '#0f1b26',
  land: '#1d2026',
  urban: '#272a31',
  aerodrome: '#2a2c35',
  runway: '#6b6f7c',
  boundaryCountry: '#7a808c',
  boundaryState: '#555b66',
  boundaryCounty: '#353a43',
  placeText: '#d8dbe2',
  placeMinorText: '#a9aeb8',
  placeHalo: '#0b0d10',
  classB: '#5b8ff5',
  classC: '#e45bbd',
  classD: '#6d9cf7',
  classE: '#d977bd',
  ceiling: ['#ff4d5e', '#ff8a4c', '#ffd34d', '#a6e05a', '#43c46b'],
  ceilingNoLaanc: '#7b808a',
  ceilingText: '#f4f4f6',
  restricted: '#ff4b55',
  moa: '#c28b52',
  alert: '#ff8c42',
  tfr: '#ff3344',
  nsufr: '#a77bf0',
  park: '#4cbf5f',
  washington: '#ff5a6a',
  satr: '#3cc3df',
  mtr: '#a8a29e',
  advisory: '#e8b92f',
  airportText: '#9cc0ff',
};
