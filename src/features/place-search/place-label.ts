import type { Place, PlaceKind } from '../../../server/contract/places';

const KIND_WORD: Record<PlaceKind, string> = { airport: 'Airport', heliport: 'Heliport', seaplane_base: 'Seaplane base', city: 'City' };

/** The line under a place's name: "Airport · BFI / KBFI · WA", "City · WA, US", "City · FR". */
export function placeDetail(p: Place): string {
  const codes = p.ident ? [p.ident, p.icao].filter((c, i, all) => c && all.indexOf(c) === i).join(' / ') : null;
  const where = p.kind === 'city' ? [p.region, p.country].filter(Boolean).join(', ') : p.region ?? p.country;
  return [KIND_WORD[p.kind], codes, where].filter(Boolean).join(' · ');
}

/** How close to fly: an airport fills the view with its surroundings at 12, a city at 11. */
export function zoomFor(p: Place): number {
  return p.kind === 'city' ? 11 : 12;
}
