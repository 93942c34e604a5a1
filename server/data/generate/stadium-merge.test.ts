/** Real stadiums take the events the sandbox generates for the same venue (never yesterday's); a stored sandbox is served only with the FAA files over it. */
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

describe('isCurrentSandbox', () => {
  it('serves a stored sandbox only when it has every shipped FAA file laid over the model', async () => {
    const { GENERATOR_VERSION, isCurrentSandbox } = await import('./index');
    const { airportPackageVersion } = await import('./airports-db');
    const { SHIPPED_FAA_FILES } = await import('./real-files');
    const src = (id: string, extra: object = {}) => ({ id, name: id, version: GENERATOR_VERSION, effectiveDate: 'x', retrievedAt: 'x', attribution: 'a', licence: 'l', ...extra });
    const model = [src('sandbox-class-airspace'), src('ourairports', { version: airportPackageVersion() })];
    const real = SHIPPED_FAA_FILES.map((f) => src(`faa:${f.path}`, { kind: 'faa', file: f.path.split('/').pop() }));
    const file = (sources: ReturnType<typeof src>[]) => ({ format: 'skyplan-airspace-dataset' as const, formatVersion: 1 as const, version: 'v', generatedAt: 'x', kind: 'sandbox' as const, sources, features: [] });
    expect(isCurrentSandbox(file([...model, ...real]))).toBe(true);
    expect(isCurrentSandbox(file(model))).toBe(false);
    expect(isCurrentSandbox(file([...model, ...real.slice(1)]))).toBe(false);
  });
});
