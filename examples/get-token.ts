// Prints an access token for the API client of the environment: TOKEN=$(npx tsx examples/get-token.ts)
import { getToken } from './skyplan';

console.log(await getToken());
