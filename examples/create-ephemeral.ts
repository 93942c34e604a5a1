// Creates an ephemeral operation and prints its claim link: whoever opens it signs in and owns the
// operation. Give CALLBACK_URL to be told of its authorizations (see receive-callbacks.ts).
import { boeingField, getToken, skyplan } from './skyplan';

const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
tomorrow.setUTCHours(17, 0, 0, 0);

const api = skyplan(await getToken('operation:create'));
const { data, error, response } = await api.POST('/v1/operations/ephemeral', {
  body: {
    name: 'Boeing Field roof survey',
    boundary: boeingField,
    maxAltitude: 150,
    timezoneName: 'America/Los_Angeles',
    startTime: tomorrow.toISOString(),
    duration: 45,
    ...(process.env.CALLBACK_URL ? { callbackUrl: process.env.CALLBACK_URL } : {}),
  },
});
if (!data) throw new Error(`ephemeral operation: ${response.status} ${error?.message}`);

console.log(`claim link: ${data.url}`);
