import { SessionSchema, SignUpRequestSchema } from '../../contract/auth';
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
    summary: 'Sandbox only: create an account and its own organization (the new person is its operator), and sign in',
    description:
      'Content-Type application/json is required (415 otherwise). Not mounted outside the sandbox profile (404). Password: 10 to 200 characters.',
    tags: ['Account'],
    access: 'public',
    body: SignUpRequestSchema,
    requireContentType: true,
    sessionCookie: true,
    // A new person and organization: the demo accounts' addresses are taken (409).
    examples: { request: { name: 'Casey Newpilot', email: 'casey@northwind.example', password: 'correct-horse-battery', organizationName: 'Northwind Aerial' } },
    responses: {
      201: { description: 'Account and organization created; signed in', schema: SessionSchema },
      400: err('Malformed'),
      404: err('Not the sandbox profile'),
      409: err('The email or the organization name is taken'),
      415: err('Not application/json'),
      422: err('Invalid values (the message names the field)'),
      429: err('Too many accounts created from this address (Retry-After, RateLimit-* headers)'),
      503: err('Too many passwords or secrets being checked at once (Retry-After)'),
    },
    handler: async ({ deps, body, c }) => ({ status: 201, body: await signUp(deps, c, body) }),
  }),
];
