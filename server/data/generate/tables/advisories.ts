/**
 * Community advisories and recreational flyer fixed sites.
 * Advisories: state and local rules and agency requests pilots should know; each cites its source.
 * Fixed sites: the FAA approves sites in controlled airspace where recreational flyers (49 U.S.C.
 * 44809) may fly up to a set altitude without LAANC (faa.gov/uas/recreational_flyers). One real,
 * well-known field is listed; the others are sandbox sites generated near towered airports (see
 * special-areas.ts) and say so.
 */
import type { Subtype } from '../../model';
import type { Shape } from './shapes';

export interface AdvisoryEntry {
  id: string;
  name: string;
  subtype: Extract<Subtype, 'ADMIN' | 'EMERGENCY' | 'RECREATIONAL'>;
  authority: string;
  shape: Shape;
  description: string;
  url: string;
}

export const ADVISORIES: readonly AdvisoryEntry[] = [
  {
    id: 'nyc-takeoff-landing', name: 'New York City drone take-off and landing rule', subtype: 'ADMIN', authority: 'City of New York',
    shape: { box: [-74.26, 40.49, -73.7, 40.92] },
    description: 'New York City allows drone take-offs and landings only at designated sites or with an NYPD permit (NYC Administrative Code 10-126(c)).',
    url: 'https://www.nyc.gov/site/nypd/services/law-enforcement/drones.page',
  },
  {
    id: 'tahoe-wildfire', name: 'Lake Tahoe Basin wildfire season', subtype: 'EMERGENCY', authority: 'USDA Forest Service',
    shape: { box: [-120.2, 38.85, -119.9, 39.27] },
    description: 'If you fly, we can\'t: drones near wildfires ground firefighting aircraft. Check for fire TFRs before every flight.',
    url: 'https://www.nifc.gov/',
  },
  {
    id: 'chicago-lakefront', name: 'Chicago lakefront parks', subtype: 'ADMIN', authority: 'Chicago Park District',
    shape: { box: [-87.64, 41.84, -87.6, 41.93] },
    description: 'Chicago Park District rules require a permit to fly drones in its lakefront parks (Chicago Park District Code).',
    url: 'https://www.chicagoparkdistrict.com/',
  },
  {
    id: 'texas-critical-infrastructure', name: 'Houston Ship Channel critical infrastructure', subtype: 'ADMIN', authority: 'State of Texas',
    shape: { box: [-95.3, 29.68, -94.95, 29.78] },
    description: 'Texas law bars flying a drone over critical infrastructure such as refineries and ports below 400 ft (Texas Government Code 423.0045).',
    url: 'https://statutes.capitol.texas.gov/Docs/GV/htm/GV.423.htm',
  },
];

export interface FixedSiteEntry {
  id: string;
  name: string;
  circle: [lon: number, lat: number, radiusNm: number];
  maxAltitudeFt: number;
  facility: string;
}

/** A real, long-established club field inside the Van Nuys Class D (Sepulveda Basin, Los Angeles). */
export const REAL_FIXED_SITES: readonly FixedSiteEntry[] = [
  { id: 'apollo-xi', name: 'Apollo XI Model Aircraft Field, Sepulveda Basin', circle: [-118.487, 34.1775, 0.15], maxAltitudeFt: 200, facility: 'VNY' },
];

/** Airports near which the generator places a sandbox fixed site, with the site's altitude limit. */
export const SANDBOX_FIXED_SITE_AIRPORTS: ReadonlyArray<[ident: string, maxAltitudeFt: number]> = [
  ['BFI', 100], ['PDK', 150], ['APA', 200], ['FTW', 100], ['CRQ', 150], ['FXE', 100], ['OSH', 200],
];
