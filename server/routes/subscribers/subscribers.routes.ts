/**
 * Data-change subscribers (spec 4.14 "Data Notification Subscribers / Get List"; endpoints.md). Who owns
 * them, what is sent and when: docs/subscribers.md.
 */
import { ErrorSchema } from '../../contract/common';
import { MAX_CHANGES_PER_NOTIFICATION, MAX_SUBSCRIBERS_PER_OWNER, SubscriberCreatedSchema, SubscriberDeliveryListSchema, SubscriberDeliveryQuerySchema, SubscriberIdParamsSchema, SubscriberListSchema, SubscriberWriteSchema } from '../../contract/subscribers';
import { registerSubscriberWorkers } from '../../services/subscribers/notify';
import { createSubscriber, deleteSubscriber, listSubscribers, subscriberDeliveries } from '../../services/subscribers/service';
import { route } from '../../http/route';

registerSubscriberWorkers();

const err = (description: string) => ({ description, schema: ErrorSchema });
const auth = { 401: err('No token'), 403: err('Scope missing') };
const tags = ['Subscribers'];

export const subscriberRoutes = [
  route({
    method: 'post',
    path: '/v1/subscribers',
    operationId: 'createSubscriber',
    summary: 'Register for notifications of airspace data changes in an area',
    description:
      'When the airspace data changes inside geometry (a new or ended TFR, an import, a sync, the daily re-anchoring of time-relative ' +
      'restrictions), the service POSTs {subscriberId, datasetVersion, previousDatasetVersion, changes: [{layer, id, change, title, geometry}], part, parts} ' +
      `to callbackUrl, at most ${MAX_CHANGES_PER_NOTIFICATION} changes per part, signed (X-Signature) and retried like operation callbacks. ` +
      `The subscriber belongs to your organization; at most ${MAX_SUBSCRIBERS_PER_OWNER} per organization. When a person registers, the answer carries callbackSecret once.`,
    tags,
    access: 'advisory:read',
    body: SubscriberWriteSchema,
    geometryFields: ['geometry'],
    responses: {
      201: { description: 'Registered', schema: SubscriberCreatedSchema },
      400: err('Malformed JSON or wrong types'),
      ...auth,
      409: err('The organization has the most subscribers it may have'),
      415: err('Content-Type is not application/json'),
      422: err('A callback address not allowed, a geometry not valid or too large, an unknown layer code'),
    },
    handler: async ({ deps, principal, body }) => ({ status: 201, body: await createSubscriber(deps, principal!, body) }),
  }),
  route({
    method: 'get',
    path: '/v1/subscribers',
    operationId: 'listSubscribers',
    summary: "Your organization's subscribers",
    description: 'Oldest first. callbackUrl only on those you registered yourself.',
    tags,
    access: 'advisory:read',
    responses: { 200: { description: 'Subscribers', schema: SubscriberListSchema }, ...auth },
    handler: async ({ deps, principal }) => ({ body: await listSubscribers(deps, principal!) }),
  }),
  route({
    method: 'delete',
    path: '/v1/subscribers/{id}',
    operationId: 'deleteSubscriber',
    summary: 'Delete a subscriber (notifications not yet delivered are dropped)',
    tags,
    access: 'advisory:read',
    params: SubscriberIdParamsSchema,
    responses: { 204: { description: 'Deleted' }, ...auth, 404: err('Unknown, or not of your organization') },
    handler: async ({ deps, principal, params }) => {
      await deleteSubscriber(deps, principal!, params.id);
      return { status: 204, body: null };
    },
  }),
  route({
    method: 'get',
    path: '/v1/subscribers/{id}/deliveries',
    operationId: 'listSubscriberDeliveries',
    summary: "A subscriber's recent notifications and how their delivery went",
    description: 'Newest first: the dataset version announced, state, attempts and the last error. Only for your organization\'s subscribers (404 otherwise).',
    tags,
    access: 'advisory:read',
    params: SubscriberIdParamsSchema,
    query: SubscriberDeliveryQuerySchema,
    responses: {
      200: { description: 'Deliveries, newest first', schema: SubscriberDeliveryListSchema },
      400: err('limit not a whole number, or an unknown query parameter'),
      ...auth,
      404: err('Unknown, or not of your organization'),
      422: err('limit outside 1..200'),
    },
    handler: async ({ deps, principal, params, query }) => ({ body: await subscriberDeliveries(deps, principal!, params.id, query.limit) }),
  }),
];
