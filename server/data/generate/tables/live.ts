/**
 * Places for the time-relative sandbox notices (TFRs and NOTAMs). The notices themselves are sandbox
 * cases, generated relative to the current day; the places are real (national forests with a history
 * of fire TFRs, presidential residences that get VIP TFRs, the Cape Canaveral launch area) so that the
 * cases look like what pilots see on tfr.faa.gov. Regulations: 14 CFR 91.137 (disaster/hazard), 91.141
 * (VIP), 91.143 (space operations), 91.145 (aerial demonstrations), 99.7 (special security).
 */
export interface Place {
  name: string;
  lon: number;
  lat: number;
}

export interface FirePlace extends Place {
  topMsl: number;
}

export const FIRE_PLACES: readonly FirePlace[] = [
  { name: 'Angeles National Forest, CA', lon: -118.05, lat: 34.35, topMsl: 9000 },
  { name: 'Shasta-Trinity National Forest, CA', lon: -122.6, lat: 40.9, topMsl: 9500 },
  { name: 'Tonto National Forest, AZ', lon: -111.2, lat: 33.8, topMsl: 8000 },
  { name: 'Boise National Forest, ID', lon: -115.6, lat: 44.0, topMsl: 11000 },
  { name: 'Bitterroot National Forest, MT', lon: -114.3, lat: 46.0, topMsl: 10500 },
  { name: 'Ocala National Forest, FL', lon: -81.7, lat: 29.2, topMsl: 3000 },
  { name: 'Okanogan-Wenatchee National Forest, WA', lon: -120.6, lat: 47.9, topMsl: 9000 },
  { name: 'Santa Fe National Forest, NM', lon: -105.8, lat: 35.8, topMsl: 13000 },
];

export const VIP_ACTIVE: Place = { name: 'Palm Beach, FL', lon: -80.037, lat: 26.677 };
export const VIP_LATER: Place = { name: 'Bedminster, NJ', lon: -74.669, lat: 40.6426 };

export const SECURITY_PLACES: readonly Place[] = [
  { name: 'New York, NY (United Nations Headquarters)', lon: -73.968, lat: 40.7489 },
  { name: 'Los Angeles, CA (Convention Center)', lon: -118.2694, lat: 34.0403 },
  { name: 'Chicago, IL (McCormick Place)', lon: -87.6167, lat: 41.8517 },
  { name: 'Philadelphia, PA (Independence Mall)', lon: -75.1503, lat: 39.9496 },
];

export const HAZARD_PLACES: readonly Place[] = [
  { name: 'Deer Park, TX (industrial fire)', lon: -95.1238, lat: 29.7052 },
  { name: 'Baton Rouge, LA (chemical release)', lon: -91.18, lat: 30.49 },
  { name: 'Port Arthur, TX (refinery fire)', lon: -93.96, lat: 29.87 },
];

export const SPACE_LAUNCH: Place = { name: 'Cape Canaveral, FL', lon: -80.6077, lat: 28.5618 };

export const AIRSHOW_PLACES: readonly Place[] = [
  { name: 'Oshkosh, WI (Wittman Regional)', lon: -88.557, lat: 43.9844 },
  { name: 'Virginia Beach, VA (NAS Oceana)', lon: -76.0333, lat: 36.8207 },
  { name: 'Lakeland, FL (Linder Regional)', lon: -82.0186, lat: 27.9889 },
];

/** NOTAM places. */
export const UAS_TEST_RANGE: Place = { name: 'Griffiss International Airport UAS test site, Rome, NY', lon: -75.407, lat: 43.2338 };
export const CRANE: Place = { name: 'Crane near Boeing Field, Seattle, WA', lon: -122.3005, lat: 47.545 };
export const PARACHUTE: Place = { name: 'Perris Valley Airport drop zone, CA', lon: -117.2186, lat: 33.7609 };
export const LIGHT_SHOW_PLACES: readonly Place[] = [
  { name: 'Austin, TX (Lady Bird Lake)', lon: -97.7431, lat: 30.2622 },
  { name: 'San Diego, CA (Mission Bay)', lon: -117.2267, lat: 32.7767 },
  { name: 'Denver, CO (City Park)', lon: -104.9496, lat: 39.7475 },
];
