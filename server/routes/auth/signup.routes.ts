import { SignUpAcceptedSchema, SignUpRequestSchema } from '../../contract/auth';
import { ErrorSchema } from '../../contract/common';
import { route } from '../../http/route';
import { signUp } from './signup.handlers';

const err = (description: string) => ({ description, schema: ErrorSchema });

/** Mounted on the sandbox profile only (routes/index.ts). */
export const signUpRoutes = [
  route({
    method: 'post',
    path: '/v1/auth/sign-up',
    operationId: 'signUp',
    summary: 'Sandbox only: create an account and its own organization (the new person is its operator); then sign in',
    description:
      'Content-Type application/json is required (415 otherwise). Not mounted outside the sandbox profile (404). Password: 10 to 200 characters. The answer is the same 202 whether the email was free or already had an account (nothing is changed then): it never says which; sign in next with the email and password.',
    tags: ['Account'],
    access: 'public',
    body: SignUpRequestSchema,
    requireContentType: true,
    // No cookie is set any more; same-origin only all the same (no account made from another site).
    sessionCookie: true,
    // A new person and organization: the demo accounts' addresses are taken (409).
    examples: { request: { name: 'Casey Newpilot', email: 'casey@northwind.example', password: 'correct-horse-battery', organizationName: 'Northwind Aerial' } },
    responses: {
      202: { description: 'Received: the account and organization exist if the email was free; sign in next (the same answer for a taken email)', schema: SignUpAcceptedSchema },
      400: err('Malformed'),
      404: err('Not the sandbox profile'),
      409: err('The organization name is taken (never the email)'),
      415: err('Not application/json'),
      422: err('Invalid values (the message names the field)'),
      429: err('Too many accounts created from this address (Retry-After, RateLimit-* headers)'),
      503: err('Too many passwords or secrets being checked at once (Retry-After)'),
    },
    handler: async ({ deps, body, c }) => ({ status: 202, body: await signUp(deps, c, body) }),
  }),
];
