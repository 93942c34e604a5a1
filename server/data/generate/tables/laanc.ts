/**
 * Controlled airspace where LAANC is not offered although the military-name rule (airports-db.ts) does
 * not catch it. Pilots there apply through FAA DroneZone instead (14 CFR 107.41).
 */
export const LAANC_NOT_ENABLED: Readonly<Record<string, string>> = {
  // DCA's surface area lies inside the Washington DC FRZ, where drone flight needs FAA/TSA approval
  // (FDC NOTAM 4/2565; faa.gov/uas/resources/community_engagement/no_drone_zone/dc).
  DCA: 'inside the Washington DC Flight Restricted Zone',
};
