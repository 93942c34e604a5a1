/**
 * What every example shares: a typed client of the service (openapi-fetch on the types that
 * generate-types.mjs writes from /openapi.json) and a token by OAuth client credentials.
 * Settings come from the environment: SKYPLAN_URL, SKYPLAN_CLIENT_ID, SKYPLAN_CLIENT_SECRET.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/api';

export const baseUrl = process.env.SKYPLAN_URL ?? 'http://localhost:8080';

/** A client of the service; with a token, every request carries it. */
export function skyplan(token?: string) {
  return createClient<paths>({ baseUrl, headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** A bearer token for the API client of the environment, narrowed to `scope` when given. */
export async function getToken(scope?: string): Promise<string> {
  const { data, error, response } = await skyplan().POST('/v1/oauth/token', {
    body: {
      grant_type: 'client_credentials',
      client_id: process.env.SKYPLAN_CLIENT_ID ?? 'sandbox-client',
      client_secret: process.env.SKYPLAN_CLIENT_SECRET ?? 'sandbox-secret',
      ...(scope ? { scope } : {}),
    },
  });
  if (!data) throw new Error(`token: ${response.status} ${JSON.stringify(error)}`);
  return data.access_token;
}

/** A small area by Boeing Field, Seattle (class D under class B). */
export const boeingField = {
  type: 'Polygon' as const,
  coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.54], [-122.31, 47.53]]],
};
