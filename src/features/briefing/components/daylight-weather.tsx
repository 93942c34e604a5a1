/**
 * The briefing's daylight (14 CFR 107.29) and weather (107.51) for the place and window: the sun's
 * times on the area's clocks, what the window crosses and what it requires; the nearest station's
 * observation decoded, its raw METAR and TAF, or, without weather, that there is none (never invented).
 */
import type { Daylight, Weather } from '../../../../server/contract/briefing';
import { formatInstant } from '../../../components/time-window';

const PERIOD_TEXT = { DAY: 'daylight', CIVIL_TWILIGHT: 'civil twilight', NIGHT: 'night' } as const;
const PART107_TONE = { MEETS_MINIMA: 'success', BELOW_MINIMA: 'danger', UNKNOWN: 'warning' } as const;

function clockIn(iso: string | null, timeZone: string): string {
  return iso ? formatInstant(iso, timeZone) : 'none that day';
}

export function DaylightWeather({ daylight, weather, timeZone }: { daylight?: Daylight | undefined; weather?: Weather | undefined; timeZone: string }) {
  if (!daylight && !weather) return null;
  return (
    <section className="daylight-weather stack-tight" aria-labelledby="daylight-weather-heading" data-testid="briefing:daylight-weather">
      <h3 id="daylight-weather-heading">Daylight and weather</h3>
      {daylight && (
        <div className={`dw-row tone-${daylight.periods.length === 1 && daylight.periods[0] === 'DAY' ? 'success' : 'warning'}`} data-testid="briefing:daylight">
          <p>
            <strong>Daylight:</strong> the window is in {daylight.periods.map((p) => PERIOD_TEXT[p]).join(', then ')}. {daylight.message}
          </p>
          <p className="muted small">
            Civil twilight {clockIn(daylight.civilTwilightStart, timeZone)} · sunrise {clockIn(daylight.sunrise, timeZone)} · sunset {clockIn(daylight.sunset, timeZone)} · civil twilight
            ends {clockIn(daylight.civilTwilightEnd, timeZone)}
          </p>
        </div>
      )}
      {weather &&
        (weather.available ? (
          <div className={`dw-row tone-${PART107_TONE[weather.part107]}`} data-testid="briefing:weather" data-part107={weather.part107}>
            <p>
              <strong>Weather:</strong> {weather.message}
            </p>
            <p className="small">
              Wind {weather.windSpeedKt === null ? 'not reported' : weather.windSpeedKt === 0 ? 'calm' : `${weather.windDirectionDeg === null ? 'variable' : `${weather.windDirectionDeg}°`} ${weather.windSpeedKt} kt`}
              {weather.windGustKt ? `, gusts ${weather.windGustKt} kt` : ''} · visibility{' '}
              {weather.visibilitySm === null ? 'not reported' : `${weather.visibilitySm}${weather.visibilityOrMore ? '+' : ''} SM`} · clouds{' '}
              {weather.cloudBaseFtAgl === null ? 'none reported' : `${weather.cloudCover ?? ''} ${weather.cloudBaseFtAgl} ft`}
              {weather.flightCategory ? ` · ${weather.flightCategory}` : ''}
            </p>
            {weather.rawMetar && <p className="mono small">{weather.rawMetar}</p>}
            {weather.rawTaf && <p className="mono small">{weather.rawTaf}</p>}
          </div>
        ) : (
          <div className="dw-row tone-warning" data-testid="briefing:weather" data-part107="UNKNOWN">
            <p>
              <strong>No weather:</strong> {weather.message.replace(/^No weather: /, '')}
            </p>
          </div>
        ))}
    </section>
  );
}
