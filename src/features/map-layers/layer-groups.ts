/**
 * The airspace layers of the service's style (server/tiles/style/airspace-*.ts), in the groups a
 * pilot switches on and off, each with what its legend shows. Layer ids are the style's; a group
 * whose layers are missing (the fallback style) simply hides nothing.
 */
import type { LegendPalette } from './legend-palette';

/** How a legend swatch is drawn: a tinted area, a solid or dashed edge, a hatch, or a map symbol. */
export type SwatchKind = 'fill' | 'line' | 'dashed' | 'hatch' | 'symbol';

export interface LegendEntry {
  label: string;
  colour: string;
  kind: SwatchKind;
}

export interface LayerGroup {
  id: string;
  label: string;
  layers: readonly string[];
  legend(p: LegendPalette): LegendEntry[];
}

export const LAYER_GROUPS: readonly LayerGroup[] = [
  {
    id: 'controlled',
    label: 'Controlled airspace: Class B, C, D',
    layers: ['airspace-class-fill', 'airspace-class-b-line', 'airspace-class-c-line', 'airspace-class-d-line', 'airspace-class-label'],
    legend: (p) => [
      { label: 'Class B', colour: p.classB, kind: 'line' },
      { label: 'Class C', colour: p.classC, kind: 'line' },
      { label: 'Class D', colour: p.classD, kind: 'dashed' },
    ],
  },
  {
    id: 'class-e',
    label: 'Controlled airspace: Class E',
    layers: ['airspace-class-e-band', 'airspace-class-e-line'],
    legend: (p) => [{ label: 'Class E to the surface', colour: p.classE, kind: 'dashed' }],
  },
  {
    id: 'facility-map',
    label: 'Facility map grid and ceilings',
    layers: ['airspace-uasfm-fill', 'airspace-uasfm-grid', 'airspace-uasfm-label'],
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
    layers: ['airspace-sua-fill', 'airspace-sua-hatch', 'airspace-sua-line', 'airspace-sua-label', 'airspace-mtr-line', 'airspace-mtr-label'],
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
    layers: ['airspace-tfr-fill', 'airspace-tfr-line-active', 'airspace-tfr-line-scheduled', 'airspace-tfr-label', 'airspace-notam-line'],
    legend: (p) => [
      { label: 'TFR in effect', colour: p.tfr, kind: 'line' },
      { label: 'TFR scheduled', colour: p.tfr, kind: 'dashed' },
      { label: 'NOTAM area', colour: p.alert, kind: 'dashed' },
    ],
  },
  {
    id: 'stadiums',
    label: 'Stadiums',
    layers: ['airspace-stadium'],
    legend: (p) => [{ label: 'Stadium (3 NM, 3,000 ft during events)', colour: p.placeText, kind: 'symbol' }],
  },
  {
    id: 'security',
    label: 'National security restrictions',
    layers: [
      'airspace-nsufr-fill',
      'airspace-nsufr-line',
      'airspace-nsufr-label',
      'airspace-washington-sfra-line',
      'airspace-washington-sfra-label',
      'airspace-washington-frz-hatch',
      'airspace-washington-frz-line',
      'airspace-washington-frz-label',
      'airspace-satr-line',
    ],
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
    layers: ['airspace-national-park-fill', 'airspace-national-park-line', 'airspace-national-park-label', 'airspace-recreational-site'],
    legend: (p) => [
      { label: 'National park', colour: p.park, kind: 'fill' },
      { label: 'Recreational flying site', colour: p.park, kind: 'symbol' },
    ],
  },
  {
    id: 'airports',
    label: 'Airports and heliports',
    layers: ['airspace-airport'],
    legend: (p) => [{ label: 'Airport, heliport, seaplane base', colour: p.airportText, kind: 'symbol' }],
  },
];

export const GROUP_IDS: readonly string[] = LAYER_GROUPS.map((g) => g.id);

/** The style layer ids of the hidden groups, for MapController.setHiddenLayers. */
export function hiddenLayerIds(hidden: readonly string[]): string[] {
  return LAYER_GROUPS.filter((g) => hidden.includes(g.id)).flatMap((g) => g.layers);
}
