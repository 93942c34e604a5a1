/**
 * Dimensions the sandbox gives modelled surface areas and facility-map grids. The model errs large:
 * where a real area can be bigger than ours, a pilot would be told "clear" inside controlled airspace.
 * Sources (FAA, public domain): JO 7400.2 "Procedures for Handling Airspace Matters" chapters 17 and 18,
 * AIM 3-2-3 to 3-2-6. Each number is discussed in docs/dataset-model-accuracy.md.
 */

/**
 * JO 7400.2 17-2-1 sizes a Class D area to contain IFR departures to the base of the overlying Class E
 * (700 ft AGL) at the standard 200 ft/NM climb gradient: 700 / 200 = 3.5 NM beyond the departure end of
 * the runway. The radius is the farthest runway end from the airport reference point plus this.
 */
export const DEPARTURE_CLIMB_NM = 3.5;

/**
 * The smallest radius of a modelled Class D or Class E surface area. Charted Class D radii are mostly
 * 4.0 to 4.5 NM (AIM 3-2-5: "individually tailored"); we take the upper end of the published range,
 * rounded up, so that only an unusually large real area can reach past ours.
 */
export const SURFACE_MIN_RADIUS_NM = 5;

/**
 * Arrival and departure extensions of Class D and E surface areas (JO 7400.2 chapters 17 and 18): along
 * every runway's extended centre line. Half-width 1.8 NM, the widest JO 7400.2 gives for a specific
 * departure area (18-3-1 b); length 5 NM beyond the threshold, past the point where an aircraft on a 3°
 * approach passes 1,000 ft above the runway (about 3.1 NM), which arrival extensions must contain.
 */
export const EXTENSION = { beyondThresholdNm: 5, halfWidthNm: 1.8, minRunwayFt: 3000 };

/** Class C (AIM 3-2-4): 5 NM surface area, 10 NM shelf. The grid covers both rings. */
export const CLASS_C_SURFACE_NM = 5;
export const CLASS_C_SHELF_NM = 10;

/**
 * Class B shelves (outer radius, floor as a share of the way from field elevation to the ceiling).
 * The outermost stays at 30 NM, the Mode C veil every Class B primary airport has (14 CFR 91.215(b)(2)),
 * which real Class B shelves do not exceed. The grid covers every shelf.
 */
export const CLASS_B_SHELVES = [{ outerNm: 12, floorShare: 0.25 }, { outerNm: 20, floorShare: 0.45 }, { outerNm: 30, floorShare: 0.65 }] as const;
