// Watches an area for airspace data changes. When a TFR starts or ends there, or an import, a sync or
// the daily re-anchor changes a layer inside it, the service POSTs what changed to CALLBACK_URL,
// signed like operation callbacks (verify it as receive-callbacks.ts does).
import { boeingField, getToken, skyplan } from './skyplan';

const callbackUrl = process.env.CALLBACK_URL;
if (!callbackUrl) throw new Error('set CALLBACK_URL to the https address that receives the notifications');

const api = skyplan(await getToken('advisory:read'));
const { data, error, response } = await api.POST('/v1/subscribers', {
  body: { callbackUrl, geometry: boeingField, layers: ['tfr'] },
});
if (!data) throw new Error(`subscribe: ${response.status} ${error?.message}`);
console.log(`subscriber: ${data.data.id} watching ${data.data.layers.join(', ')}`);

const list = await api.GET('/v1/subscribers');
console.log(`subscribers of this organization: ${list.data?.data.length ?? 0}`);
