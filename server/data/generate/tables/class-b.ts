/**
 * Class B primary airports. Source: FAA Order JO 7400.11 (Airspace Designations and Reporting Points),
 * section 3000 "Class B airspace", and the VFR terminal area charts; ceilings are the published tops in
 * feet MSL. Each area's real shape (sectors, arcs, cut-outs) is replaced by concentric tiers: see
 * class-airspace.ts and docs/dataset-sandbox.md. Public-domain FAA facts.
 */
export interface ClassBEntry {
  /** FAA location identifier of the primary airport. */
  ident: string;
  area: string;
  ceilingMsl: number;
  /** Radius of the surface area (SFC to the ceiling), NM. Sandbox approximation of the charted core. */
  surfaceNm: number;
  /**
   * A second primary airport inside another's Class B (LGA in New York, MDW in Chicago...): only its
   * own surface area is drawn, the shelves come from the main airport.
   */
  surfaceOnly?: boolean;
}

export const CLASS_B: readonly ClassBEntry[] = [
  { ident: 'ATL', area: 'Atlanta', ceilingMsl: 12500, surfaceNm: 7 },
  { ident: 'BOS', area: 'Boston', ceilingMsl: 7000, surfaceNm: 6 },
  { ident: 'CLT', area: 'Charlotte', ceilingMsl: 10000, surfaceNm: 7 },
  { ident: 'ORD', area: 'Chicago', ceilingMsl: 10000, surfaceNm: 7 },
  { ident: 'MDW', area: 'Chicago', ceilingMsl: 10000, surfaceNm: 4, surfaceOnly: true },
  { ident: 'CVG', area: 'Cincinnati', ceilingMsl: 8000, surfaceNm: 6 },
  { ident: 'CLE', area: 'Cleveland', ceilingMsl: 8000, surfaceNm: 6 },
  { ident: 'DFW', area: 'Dallas-Fort Worth', ceilingMsl: 11000, surfaceNm: 8 },
  { ident: 'DAL', area: 'Dallas-Fort Worth', ceilingMsl: 11000, surfaceNm: 4, surfaceOnly: true },
  { ident: 'DEN', area: 'Denver', ceilingMsl: 12000, surfaceNm: 8 },
  { ident: 'DTW', area: 'Detroit', ceilingMsl: 8000, surfaceNm: 7 },
  { ident: 'HNL', area: 'Honolulu', ceilingMsl: 9000, surfaceNm: 6 },
  { ident: 'IAH', area: 'Houston', ceilingMsl: 10000, surfaceNm: 7 },
  { ident: 'HOU', area: 'Houston', ceilingMsl: 10000, surfaceNm: 4, surfaceOnly: true },
  { ident: 'MCI', area: 'Kansas City', ceilingMsl: 8000, surfaceNm: 6 },
  { ident: 'LAS', area: 'Las Vegas', ceilingMsl: 9000, surfaceNm: 6 },
  { ident: 'LAX', area: 'Los Angeles', ceilingMsl: 10000, surfaceNm: 6 },
  { ident: 'MEM', area: 'Memphis', ceilingMsl: 10000, surfaceNm: 6 },
  { ident: 'MIA', area: 'Miami', ceilingMsl: 7000, surfaceNm: 6 },
  { ident: 'MSP', area: 'Minneapolis', ceilingMsl: 10000, surfaceNm: 6 },
  { ident: 'MSY', area: 'New Orleans', ceilingMsl: 7000, surfaceNm: 6 },
  { ident: 'JFK', area: 'New York', ceilingMsl: 7000, surfaceNm: 6 },
  { ident: 'LGA', area: 'New York', ceilingMsl: 7000, surfaceNm: 4, surfaceOnly: true },
  { ident: 'EWR', area: 'New York', ceilingMsl: 7000, surfaceNm: 5, surfaceOnly: true },
  { ident: 'MCO', area: 'Orlando', ceilingMsl: 10000, surfaceNm: 7 },
  { ident: 'PHL', area: 'Philadelphia', ceilingMsl: 7000, surfaceNm: 6 },
  { ident: 'PHX', area: 'Phoenix', ceilingMsl: 9000, surfaceNm: 6 },
  { ident: 'PIT', area: 'Pittsburgh', ceilingMsl: 8000, surfaceNm: 6 },
  { ident: 'STL', area: 'St. Louis', ceilingMsl: 8000, surfaceNm: 6 },
  { ident: 'SLC', area: 'Salt Lake City', ceilingMsl: 10000, surfaceNm: 7 },
  { ident: 'SAN', area: 'San Diego', ceilingMsl: 10000, surfaceNm: 5 },
  { ident: 'SFO', area: 'San Francisco', ceilingMsl: 10000, surfaceNm: 6 },
  { ident: 'SEA', area: 'Seattle', ceilingMsl: 10000, surfaceNm: 6 },
  { ident: 'TPA', area: 'Tampa', ceilingMsl: 10000, surfaceNm: 6 },
  // Washington Tri-Area Class B (DCA, IAD, BWI); JO 7400.11 describes it as one area.
  { ident: 'DCA', area: 'Washington Tri-Area', ceilingMsl: 10000, surfaceNm: 5 },
  { ident: 'IAD', area: 'Washington Tri-Area', ceilingMsl: 10000, surfaceNm: 6 },
  { ident: 'BWI', area: 'Washington Tri-Area', ceilingMsl: 10000, surfaceNm: 6 },
];
