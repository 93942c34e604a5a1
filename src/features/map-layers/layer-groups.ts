/**
 * The airspace layers of the service's style, in the groups a pilot switches on and off, each with
 * what its legend shows. The groups' layer ids live in the contract (server/contract/map-layers.ts),
 * which the style imports too; a group whose layers are missing (the fallback style) hides nothing.
 */
import { AIRSPACE_LAYER_GROUPS, type AirspaceLayerGroupId } from '../../../server/contract/map-layers';
import type { LegendPalette } from './legend-palette';

/** How a legend swatch is drawn: a tinted area, a solid or dashed edge, a hatch, or a map symbol. */
export type SwatchKind = 'fill' | 'line' | 'dashed' | 'hatch' | 'symbol';

export interface LegendEntry {
  label: string;
  colour: string;
  kind: SwatchKind;
}

export interface LayerGroup {
  id: AirspaceLayerGroupId;
  label: string;
  layers: readonly string[];
  legend(p: LegendPalette): LegendEntry[];
}

export const LAYER_GROUPS: readonly LayerGroup[] = [
  {
    id: 'controlled',
    label: 'Controlled airspace: Class B, C, D',
    layers: AIRSPACE_LAYER_GROUPS.controlled,
    legend: (p) => [
      { label: 'Class B', colour: p.classB, kind: 'line' },
      { label: 'Class C', colour: p.classC, kind: 'line' },
      { label: 'Class D', colour: p.classD, kind: 'dashed' },
    ],
  },
  {
    id: 'class-e',
    label: 'Controlled airspace: Class E',
    layers: AIRSPACE_LAYER_GROUPS['class-e'],
    legend: (p) => [{ label: 'Class E to the surface', colour: p.classE, kind: 'dashed' }],
  },
  {
    id: 'facility-map',
    label: 'Facility map grid and ceilings',
    layers: AIRSPACE_LAYER_GROUPS['facility-map'],
    legend: (p) => [
      { label: '0 ft', colour: p.ceiling[0], kind: 'fill' },
      { label: '50–100 ft', colour: p.ceiling[1], kind: 'fill' },
      { label: '150–200 ft', colour: p.ceiling[2], kind: 'fill' },
      { label: '250–300 ft', colour: p.ceiling[3], kind: 'fill' },
      { label: '350–400 ft', colour: p.ceiling[4], kind: 'fill' },
      { label: 'Not served by LAANC', colour: p.ceilingNoLaanc, kind: 'fill' },
    ],
  },
  {
    id: 'special-use',
    label: 'Special use airspace and military routes',
    layers: AIRSPACE_LAYER_GROUPS['special-use'],
    legend: (p) => [
      { label: 'Prohibited or restricted', colour: p.restricted, kind: 'hatch' },
      { label: 'Military operations area', colour: p.moa, kind: 'line' },
      { label: 'Alert, warning', colour: p.alert, kind: 'line' },
      { label: 'Military training route', colour: p.mtr, kind: 'dashed' },
    ],
  },
  {
    id: 'tfr',
    label: 'Temporary flight restrictions',
    layers: AIRSPACE_LAYER_GROUPS.tfr,
    legend: (p) => [
      { label: 'TFR in effect', colour: p.tfr, kind: 'line' },
      { label: 'TFR scheduled', colour: p.tfr, kind: 'dashed' },
      { label: 'NOTAM area', colour: p.alert, kind: 'dashed' },
    ],
  },
  {
    id: 'stadiums',
    label: 'Stadiums',
    layers: AIRSPACE_LAYER_GROUPS.stadiums,
    legend: (p) => [{ label: 'Stadium (3 NM, 3,000 ft during events)', colour: p.placeText, kind: 'symbol' }],
  },
  {
    id: 'security',
    label: 'National security restrictions',
    layers: AIRSPACE_LAYER_GROUPS.security,
    legend: (p) => [
      { label: 'UAS flight restriction', colour: p.nsufr, kind: 'dashed' },
      { label: 'Washington DC FRZ', colour: p.washington, kind: 'hatch' },
      { label: 'Washington DC SFRA', colour: p.washington, kind: 'dashed' },
      { label: 'Special air traffic rule', colour: p.satr, kind: 'dashed' },
    ],
  },
  {
    id: 'parks',
    label: 'National parks and flying sites',
    layers: AIRSPACE_LAYER_GROUPS.parks,
    legend: (p) => [
      { label: 'National park', colour: p.park, kind: 'fill' },
      { label: 'Recreational flying site', colour: p.park, kind: 'symbol' },
    ],
  },
  {
    id: 'advisories',
    label: 'Community advisories',
    layers: AIRSPACE_LAYER_GROUPS.advisories,
    legend: (p) => [{ label: 'Community advisory (local notice, not a restriction)', colour: p.advisory, kind: 'dashed' }],
  },
  {
    id: 'airports',
    label: 'Airports and heliports',
    layers: AIRSPACE_LAYER_GROUPS.airports,
    legend: (p) => [{ label: 'Airport, heliport, seaplane base', colour: p.airportText, kind: 'symbol' }],
  },
];

export const GROUP_IDS: readonly string[] = LAYER_GROUPS.map((g) => g.id);

/** The style layer ids of the hidden groups, for MapController.setHiddenLayers. */
export function hiddenLayerIds(hidden: readonly string[]): string[] {
  return LAYER_GROUPS.filter((g) => hidden.includes(g.id)).flatMap((g) => g.layers);
}
