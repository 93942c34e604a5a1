/** The styles' colours live in the contract, shared with the portal's legend. */
export { DARK, LIGHT, type Palette } from '../../contract/map-palette';
