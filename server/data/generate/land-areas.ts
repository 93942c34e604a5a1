/** National parks, community advisories and recreational flyer fixed sites. */
import type { AirspaceFeature } from '../model';
import type { AirportRecord } from './airports-db';
import { destination, disc } from './geo';
import { shapeGeometry } from './shape-geometry';
import { ADVISORIES, REAL_FIXED_SITES, SANDBOX_FIXED_SITE_AIRPORTS, type FixedSiteEntry } from './tables/advisories';
import { PARKS } from './tables/parks';
import { agl, SFC } from './tables/shapes';

function parks(): AirspaceFeature[] {
  return PARKS.map((p) => ({
    id: `national_park:${p.code}`, layer: 'national_park', name: p.name, ident: p.code.toUpperCase(),
    geometry: shapeGeometry(p.shape), lower: SFC, upper: agl(400),
    description: `Launching, landing or operating a drone in ${p.name} is prohibited by the National Park Service (36 CFR 1.5). Outline approximate.`,
    authority: 'National Park Service', sourceUrl: `https://www.nps.gov/${p.code}/index.htm`, sourceId: 'sandbox-nps',
    props: { state: p.state, approximate: true },
  }));
}

function advisories(): AirspaceFeature[] {
  return ADVISORIES.map((a) => ({
    id: `community_advisory:${a.id}`, layer: 'community_advisory', subtype: a.subtype, name: a.name,
    geometry: shapeGeometry(a.shape), lower: SFC, upper: agl(400), description: a.description,
    authority: a.authority, sourceUrl: a.url, sourceId: 'sandbox-advisories', props: { approximate: true },
  }));
}

function fixedSite(s: FixedSiteEntry, sandboxCase: boolean): AirspaceFeature {
  const [lon, lat, r] = s.circle;
  return {
    id: `recreational_flyer_fixed_site:${s.id}`, layer: 'recreational_flyer_fixed_site', subtype: 'RECREATIONAL', name: s.name,
    geometry: disc(lon, lat, r), lower: SFC, upper: agl(s.maxAltitudeFt), facility: s.facility,
    description: `FAA-approved recreational flyer fixed site in controlled airspace (${s.facility}): recreational flyers may fly here up to ${s.maxAltitudeFt} ft AGL without LAANC, following the site's rules.`,
    authority: 'FAA', sourceUrl: 'https://www.faa.gov/uas/recreational_flyers', sourceId: 'sandbox-advisories',
    props: { maxAltitudeFt: s.maxAltitudeFt, ...(sandboxCase ? { sandboxCase: true } : {}) },
  };
}

/** Sandbox sites sit 3 NM north-east of the named towered airports: inside their surface areas. */
function fixedSites(airports: readonly AirportRecord[]): AirspaceFeature[] {
  const byIdent = new Map(airports.map((a) => [a.ident, a]));
  const generated = SANDBOX_FIXED_SITE_AIRPORTS.map(([ident, maxAltitudeFt]) => {
    const a = byIdent.get(ident);
    if (!a) throw new Error(`fixed-site airport ${ident} is not in the airport database`);
    const [lon, lat] = destination(a.lon, a.lat, 45, 3);
    const name = `Sandbox model-aircraft field near ${a.city ?? a.name}`;
    return fixedSite({ id: `sandbox-${ident.toLowerCase()}`, name, circle: [lon, lat, 0.15], maxAltitudeFt, facility: ident }, true);
  });
  return [...REAL_FIXED_SITES.map((s) => fixedSite(s, false)), ...generated];
}

export function buildLandAreas(airports: readonly AirportRecord[]): AirspaceFeature[] {
  return [...parks(), ...advisories(), ...fixedSites(airports)];
}
