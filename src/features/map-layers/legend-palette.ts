/** The colours the legend names: the very palette the service's styles draw with (server/contract/map-palette.ts). */
import { DARK, LIGHT } from '../../../server/contract/map-palette';
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
  advisory: string;
  airportText: string;
  placeText: string;
}

export const LEGEND_PALETTE: Record<Theme, LegendPalette> = { light: LIGHT, dark: DARK };
