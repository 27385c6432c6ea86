/** The /v1 webhook management routes: register, read, remove, rotate the secret, test, the delivery log. */
import { ERROR, LIMITS } from '../api-document.js';
import { ApiError } from '../api-error.js';
import { type ApiDeps, BOTH, bodyObject, ok, type RouteSpec, type Routes } from '../request.js';
import { isLoopback, parseHttpUrl } from '../urls.js';

export function webhookRoutes(routes: Routes, deps: ApiDeps): void {
  const webhookSpec: RouteSpec = { roles: BOTH, scope: 'write' };

  routes.put('/webhook', webhookSpec, ({ key, body }) => {
    const input = bodyObject(body);
    if (input.url === undefined || input.url === null || input.url === '') {
      throw new ApiError(400, ERROR.missingParameter, 'Missing url');
    }
    const url = typeof input.url === 'string' ? parseHttpUrl(input.url) : undefined;
    if (!url) throw new ApiError(400, ERROR.badUrl, 'url must be an absolute HTTPS URL');
    const httpAllowed = deps.allowHttpWebhooks && isLoopback(url.hostname);
    if (url.protocol !== 'https:' && !httpAllowed) {
      throw new ApiError(400, ERROR.badUrl, 'The webhook URL must use HTTPS');
    }
    const registration = deps.dispatcher.register(key.key, url.href);
    return ok({ url: registration.url, secret: registration.secret });
  });

  routes.get('/webhook', webhookSpec, ({ key }) => {
    const registration = deps.dispatcher.get(key.key);
    return ok({ url: registration?.url ?? null, active: registration !== undefined });
  });

  routes.delete('/webhook', webhookSpec, ({ key }) => {
    deps.dispatcher.remove(key.key);
    return ok({ url: null, active: false });
  });

  const noWebhook = (): ApiError =>
    new ApiError(404, ERROR.notFound, 'No webhook is registered for this key; PUT /v1/webhook first');

  routes.post('/webhook/rotate-secret', webhookSpec, ({ key }) => {
    const registration = deps.dispatcher.rotate(key.key);
    if (!registration) throw noWebhook();
    return ok({ url: registration.url, secret: registration.secret });
  });

  routes.post('/webhook/test', webhookSpec, async ({ key }) => {
    if (!deps.dispatcher.get(key.key)) throw noWebhook();
    const record = await deps.dispatcher.send(
      key.key,
      {
        event: 'webhook.test',
        message: 'Testovací zpráva z pískoviště (sandbox marketplace)',
        sent_at: deps.dates.write(Date.now()),
      },
      { retry: false },
    );
    return ok({ delivered: record.delivered, status: record.status });
  });

  routes.get('/webhook/deliveries', webhookSpec, ({ key }) => ({
    status: 200,
    json: {
      data: deps.dispatcher
        .records(key.key)
        .slice(-LIMITS.deliveryLogSize)
        .reverse()
        .map((r) => ({
          id: r.id,
          event: r.event,
          deal_id: r.deal_id,
          url: r.url,
          status: r.status,
          attempts: r.attempts,
          delivered: r.delivered,
          response: r.response,
          next_attempt: r.next_attempt,
          created_at: r.created_at,
        })),
    },
  }));
}
