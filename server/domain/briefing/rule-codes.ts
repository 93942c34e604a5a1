/**
 * The briefing rules behind RuleCode 5_3A..5_3P. Nobody publishes which rule each code names; this
 * mapping is our choice (docs/briefing-rules.md), one code per kind of airspace rule, each citing
 * the regulation a pilot can read.
 */
import type { ContactInformation, RuleCode } from '../../contract/briefing';
import type { Layer } from '../../data/model';

export const RULE_DESCRIPTIONS: Record<RuleCode, string> = {
  RULE_CODE_UNSPECIFIED: '',
  RULE_CODE_5_3A:
    'Controlled airspace (Class B, C, D and the surface area of Class E): ATC authorization is required before flying (14 CFR 107.41; 49 U.S.C. 44809(a)(5)).',
  RULE_CODE_5_3B:
    'UAS facility map: LAANC can auto-authorize at or below the grid ceiling; above it Part 107 pilots need further coordination and recreational flyers may not fly; a 0 ft cell cannot be auto-authorized (FAA Order JO 7200.23).',
  RULE_CODE_5_3C:
    'National security UAS flight restriction: drones may not fly from the ground to 400 ft AGL over the site while it is in effect without the approval of the sponsoring agency (14 CFR 99.7, special security instructions).',
  RULE_CODE_5_3D:
    'Washington DC Flight Restricted Zone: drone flights are prohibited without FAA and TSA authorization (14 CFR 93 Subpart V; FDC NOTAM 4/2565).',
  RULE_CODE_5_3E:
    'Washington DC Special Flight Rules Area: special procedures apply; drones need an FAA authorization or a recreational fixed site (14 CFR 93 Subpart V; FDC NOTAM 4/9433).',
  RULE_CODE_5_3F:
    'Temporary flight restriction: no flight in the area while it is active unless the NOTAM allows it (14 CFR 91.137-91.145, 99.7; 14 CFR 107.47).',
  RULE_CODE_5_3G:
    'Stadium and sporting event restriction: no drone within 3 NM and below 3,000 ft AGL from 1 hour before to 1 hour after the event (FDC NOTAM 4/3621; 49 U.S.C. 40103).',
  RULE_CODE_5_3H:
    'Prohibited and restricted areas: no flight in a prohibited area; no flight in a restricted area while it is active without the using agency\'s permission (14 CFR 73; 14 CFR 107.45).',
  RULE_CODE_5_3I:
    'Other special use airspace (MOA, alert, warning, danger areas): flight is not prohibited, but high-speed military or other hazardous activity may be present (AIM 3-4).',
  RULE_CODE_5_3J:
    'National park land: launching, landing or operating a drone on land the National Park Service administers is prohibited (36 CFR 1.5; NPS Policy Memorandum 14-05). This is a land rule, not airspace.',
  RULE_CODE_5_3K:
    'Special air traffic rules area: the procedures of 14 CFR Part 93 apply in this area.',
  RULE_CODE_5_3O:
    'FAA-recognized recreational flyer fixed site: recreational flyers may fly here in controlled airspace up to the altitude the site allows (49 U.S.C. 44809(a)(5)).',
  RULE_CODE_5_3P:
    'Uncontrolled (Class G) airspace: no ATC authorization is needed up to 400 ft AGL (14 CFR 107.51(b); 49 U.S.C. 44809(a)(6)).',
  RULE_CODE_NOT_A_RULE: 'For awareness only; not a briefing rule.',
};

export const FAA = 'Federal Aviation Administration';
const UAS_URL = 'https://www.faa.gov/uas';
export const LAANC_URL = 'https://www.faa.gov/uas/getting_started/laanc';
export const DRONE_ZONE_URL = 'https://faadronezone-access.faa.gov/';

interface LayerDefaults {
  authority: string;
  sourceUrl: string;
  contact?: ContactInformation;
}

/** FAA System Operations Support Center: the published contact for flights in TFRs and security areas. */
const SOSC: ContactInformation = { text: 'FAA System Operations Support Center (SOSC)', phoneNumber: '202-267-8276' };

/** Used where the feature itself names no authority, source or contact. */
export const LAYER_DEFAULTS: Record<Layer | 'class_g', LayerDefaults> = {
  class_airspace: { authority: FAA, sourceUrl: LAANC_URL, contact: { text: 'Request authorization through LAANC, or through FAA DroneZone where LAANC is unavailable', url: DRONE_ZONE_URL } },
  uasfm: { authority: FAA, sourceUrl: 'https://www.faa.gov/uas/commercial_operators/uas_facility_maps', contact: { text: 'Request authorization through LAANC', url: LAANC_URL } },
  sua: { authority: FAA, sourceUrl: 'https://sua.faa.gov/' },
  washington_frz: { authority: FAA, sourceUrl: 'https://tfr.faa.gov/', contact: SOSC },
  washington_sfra: { authority: FAA, sourceUrl: 'https://tfr.faa.gov/', contact: SOSC },
  satr: { authority: FAA, sourceUrl: UAS_URL },
  nsufr: { authority: FAA, sourceUrl: UAS_URL, contact: SOSC },
  stadium: { authority: FAA, sourceUrl: 'https://tfr.faa.gov/', contact: SOSC },
  tfr: { authority: FAA, sourceUrl: 'https://tfr.faa.gov/', contact: SOSC },
  airport: { authority: FAA, sourceUrl: UAS_URL },
  national_park: { authority: 'National Park Service', sourceUrl: 'https://www.nps.gov/' },
  recreational_flyer_fixed_site: { authority: FAA, sourceUrl: UAS_URL },
  mtr: { authority: FAA, sourceUrl: UAS_URL },
  community_advisory: { authority: 'State or local authority', sourceUrl: UAS_URL },
  notam: { authority: FAA, sourceUrl: 'https://notams.aim.faa.gov/notamSearch/' },
  class_g: { authority: FAA, sourceUrl: UAS_URL },
};
