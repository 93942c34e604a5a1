/** The signed-in person's pilot profile (ours): read and replace. docs/auth.md "Pilot profile". */
import { ErrorSchema } from '../../contract/common';
import { PilotProfileSchema } from '../../contract/profile';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { profileStore } from '../../store/profiles';

const err = (description: string) => ({ description, schema: ErrorSchema });
const tags = ['Account'];

export const profileRoutes = [
  route({
    method: 'get',
    path: '/v1/me/profile',
    operationId: 'getPilotProfile',
    summary: "The signed-in person's pilot profile",
    description: 'Name, phone, remote pilot certificate and aircraft registrations; fields never saved are null or empty.',
    tags,
    access: 'person',
    responses: { 200: { description: 'Profile', schema: PilotProfileSchema }, 401: err('Not signed in'), 403: err('Not a person') },
    handler: async ({ deps, principal }) => {
      const p = await profileStore.get(deps.db, principal!.id);
      if (!p) throw notFound('No such person');
      return { body: p };
    },
  }),
  route({
    method: 'put',
    path: '/v1/me/profile',
    operationId: 'savePilotProfile',
    summary: "Replace the signed-in person's pilot profile",
    description: 'Every field is sent; registration numbers are upper-cased and kept once each.',
    tags,
    access: 'person',
    body: PilotProfileSchema,
    // The demo pilot's own name (the generated example renamed the person after the operation example).
    examples: { request: { name: 'Alice Pilot', phoneNumber: '+1 206 555 0134', part107Certificate: '4012345', registrations: ['FA3XK7PM9T'] } },
    responses: { 200: { description: 'Saved profile', schema: PilotProfileSchema }, 400: err('Malformed'), 401: err('Not signed in'), 403: err('Not a person'), 422: err('Invalid field') },
    handler: async ({ deps, principal, body }) => {
      await profileStore.save(deps.db, principal!.id, body, deps.now());
      return { body: (await profileStore.get(deps.db, principal!.id))! };
    },
  }),
];
