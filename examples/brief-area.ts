// Briefs an area: the airspace status, the authorization it needs, and each notice.
import { boeingField, getToken, skyplan } from './skyplan';

const api = skyplan(await getToken('briefing:area:read'));
const { data, error, response } = await api.POST('/v1/briefing/preflight/area', {
  body: { boundary: boeingField, maxAltitude: 200 },
});
if (!data) throw new Error(`briefing: ${response.status} ${error?.message}`);

console.log(`status: ${data.status}`);
console.log(`authorization: ${data.authorizationType}`);
for (const notice of data.notices ?? []) console.log(`- ${notice.status} ${notice.title}`);
