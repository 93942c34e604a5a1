/** The airport layer: every open US airport, heliport and seaplane base in OurAirports (ODbL-1.0). */
import type { AirspaceFeature, Subtype } from '../model';
import type { AirportRecord, AirportType } from './airports-db';
import { pos } from './geo';

const SUBTYPE: Record<AirportType, Subtype> = {
  large_airport: 'AIRPORT', medium_airport: 'AIRPORT', small_airport: 'AIRPORT', heliport: 'HELIPORT', seaplane_base: 'SEAPLANE_BASE',
};

const KIND: Record<AirportType, string> = {
  large_airport: 'Airport', medium_airport: 'Airport', small_airport: 'Airport', heliport: 'Heliport', seaplane_base: 'Seaplane base',
};

/**
 * Airports are points of awareness, not volumes: they carry no lower/upper limit. The sentence is kept
 * short because the layer has about 24,000 features.
 */
export function airportFeature(a: AirportRecord): AirspaceFeature {
  const subtype = SUBTYPE[a.type];
  const tower = a.towered ? 'towered' : 'no tower';
  return {
    id: `airport:${a.ident}`,
    layer: 'airport',
    subtype,
    name: a.name,
    ident: a.ident,
    geometry: { type: 'Point', coordinates: pos(a.lon, a.lat) },
    description: `${KIND[a.type]}, ${tower}: avoid its traffic and give way to manned aircraft.`,
    authority: 'FAA',
    sourceUrl: `https://ourairports.com/airports/${a.ourAirportsIdent}/`,
    sourceId: 'ourairports',
    props: { ...(a.icao ? { icao: a.icao } : {}), elevationFt: a.elevationFt, towered: a.towered, ...(a.state ? { state: a.state } : {}) },
  };
}

export function buildAirports(airports: readonly AirportRecord[]): AirspaceFeature[] {
  return airports.map(airportFeature);
}
