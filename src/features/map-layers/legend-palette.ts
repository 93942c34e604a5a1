/**
 * The colours of the service's airspace style (server/tiles/style/palette.ts), for the legend. The
 * portal may import only the contract from the server, so the few colours the legend names are
 * repeated here; a change there must be made here too.
 */
import type { Theme } from '../../lib/theme';

export interface LegendPalette {
  classB: string;
  classC: string;
  classD: string;
  classE: string;
  ceiling: readonly [string, string, string, string, string];
  ceilingNoLaanc: string;
  restricted: string;
  moa: string;
  alert: string;
  mtr: string;
  tfr: string;
  nsufr: string;
  washington: string;
  satr: string;
  park: string;
  airportText: string;
  placeText: string;
}

export const LEGEND_PALETTE: Record<Theme, LegendPalette> = {
  light: {
    classB: '#1f4fbf',
    classC: '#a3167f',
    classD: '#2a62d4',
    classE: '#b8388f',
    ceiling: ['#d7263d', '#f46d2b', '#f2c12e', '#8fc93a', '#2e9e4f'],
    ceilingNoLaanc: '#8c8c96',
    restricted: '#d0202a',
    moa: '#8a5a2b',
    alert: '#d9661f',
    mtr: '#6e6a66',
    tfr: '#e0121f',
    nsufr: '#7b3fbf',
    washington: '#9b111e',
    satr: '#137f99',
    park: '#2f8a3e',
    airportText: '#1a3d7c',
    placeText: '#2f2f35',
  },
  dark: {
    classB: '#5b8ff5',
    classC: '#e45bbd',
    classD: '#6d9cf7',
    classE: '#d977bd',
    ceiling: ['#ff4d5e', '#ff8a4c', '#ffd34d', '#a6e05a', '#43c46b'],
    ceilingNoLaanc: '#7b808a',
    restricted: '#ff4b55',
    moa: '#c28b52',
    alert: '#ff8c42',
    mtr: '#a8a29e',
    tfr: '#ff3344',
    nsufr: '#a77bf0',
    washington: '#ff5a6a',
    satr: '#3cc3df',
    park: '#4cbf5f',
    airportText: '#9cc0ff',
    placeText: '#d8dbe2',
  },
};
