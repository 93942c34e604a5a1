/** What the claim page hands to the operation page it lands on (router location state). */
export interface ClaimedState {
  /** The name of the operation just claimed: the page says so. */
  claimed?: string;
  /** The integration's fixedAltitude, carried into the LAANC request the claimer creates (docs/operations-laanc.md). */
  fixedAltitude?: boolean;
}
