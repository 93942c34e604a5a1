/** Real stadiums take the events the sandbox generates for the same venue, and never keep yesterday's. */
import { describe, expect, it } from 'vitest';
import type { AirspaceFeature } from '../model';
import { mergeStadiumEvents } from './real-overlay';

const point = (lon: number, lat: number) => ({ type: 'Point' as const, coordinates: [lon, lat] });
const real: AirspaceFeature = { id: 'stadium:WA:t_mobile_park', layer: 'stadium', name: 'T-Mobile Park', geometry: point(-122.332350, 47.591469), sourceId: 'faa:stadium:stadiums_seattle' };
const lumen: AirspaceFeature = { id: 'stadium:WA:lumen_field', layer: 'stadium', name: 'Lumen Field', geometry: point(-122.331664, 47.595153), sourceId: 'faa:stadium:stadiums_seattle' };
const event = (day: string) => ({ name: `Game ${day}`, type: 'MLB', startTime: `${day}T02:00:00Z`, endTime: `${day}T05:00:00Z` });
const generated = (day: string): AirspaceFeature => ({
  id: 'stadium:mlb-sea', layer: 'stadium', name: 'T-Mobile Park', geometry: point(-122.3325, 47.5914), sourceId: 'sandbox-stadiums', events: [event(day)], props: { timeRelative: true },
});

describe('mergeStadiumEvents', () => {
  it('drops the generated venue and gives its events to the nearest real stadium (not Lumen Field 0.2 NM away)', () => {
    const out = mergeStadiumEvents([real, lumen], [generated('2026-07-04')]);
    expect(out.live).toEqual([]);
    const tmp = out.static.find((f) => f.id === real.id)!;
    expect(tmp.events).toEqual([event('2026-07-04')]);
    expect(tmp.props).toMatchObject({ eventsSourceId: 'sandbox-stadiums' });
    expect(out.static.find((f) => f.id === lumen.id)!.events).toBeUndefined();
  });

  it('replaces the events of a stored static part with the new day\'s, and strips them when none are generated', () => {
    const day1 = mergeStadiumEvents([real, lumen], [generated('2026-07-04')]).static;
    expect(mergeStadiumEvents(day1, [generated('2026-07-05')]).static.find((f) => f.id === real.id)!.events).toEqual([event('2026-07-05')]);
    const none = mergeStadiumEvents(day1, []).static.find((f) => f.id === real.id)!;
    expect(none.events).toBeUndefined();
    expect(none.props?.eventsSourceId).toBeUndefined();
  });

  it('keeps generated stadiums far from any real one', () => {
    const far: AirspaceFeature = { ...generated('2026-07-04'), id: 'stadium:nfl-den', geometry: point(-105.02, 39.744) };
    expect(mergeStadiumEvents([real], [far]).live).toEqual([far]);
  });
});
