/**
 * The sandbox marketplace: a local stand-in for the marketplace API (shared/marketplace-api-v1.md plus the
 * working assumptions) for integration tests, benchmarks and a new user's demo. One process, in memory,
 * real HTTP: the /v1 API, signed webhook deliveries with the service's retry schedule, and a control API
 * under /_sandbox (see control.ts) through which tests play the advertiser.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createSilentLogger } from '../logger.js';
import { createApiRouter } from './api.js';
import { LIMITS } from './api-document.js';
import { errorBody } from './api-error.js';
import { createControlRouter } from './control.js';
import { createWireDates } from './dates.js';
import { DEFAULT_SANDBOX_API_KEY } from './defaults.js';
import { createWebhookDispatcher } from './deliveries.js';
import { createDemandStore, demandCreatedBodies, sandboxDemandView } from './demands.js';
import { createEventSender } from './events.js';
import { createFaultInjector } from './faults.js';
import { createIdempotencyStore } from './idempotency.js';
import {
  AcceptBody,
  acceptOffer,
  DeclineBody,
  declineOffer,
  OFFER_STATES,
  parseBody,
  sandboxOfferView,
} from './offers.js';
import { createPhotoCache } from './photos.js';
import { createRateLimiter } from './rate-limit.js';
import { DEFAULT_BLOGGER_ACCOUNT, type DealRecord, type KeyInput } from './records.js';
import { createSandboxState } from './state.js';
import { createStatsRecorder } from './stats.js';
import type { Sandbox, SandboxOptions } from './types.js';
import { sandboxDealView } from './views.js';

export { DATE_FORMATS, type DateFormat } from './dates.js';
export type { DeliveryAttempt, DeliveryRecord, WebhookRegistration } from './deliveries.js';
export { signBody } from './deliveries.js';
export type { CreateDemandInput, SandboxDemand } from './demands.js';
export type { FaultSettings } from './faults.js';
export type { AcceptBody, DeclineBody } from './offers.js';
export { PHOTO_EXIF, PHOTO_HEIGHT, PHOTO_WIDTH, type PhotoSize, photoOrientation } from './photos.js';
export { loadProfile, profileFromCapture, type SandboxProfile } from './profile.js';
export type {
  BlogInput,
  CreateDealInput,
  DealAcceptedBody,
  HandInRecord,
  KeyInput,
  SandboxDeal,
  SandboxOffer,
  SandboxPost,
} from './records.js';
export type { RequestCount, SandboxStats } from './stats.js';
export type { Sandbox, SandboxEvent, SandboxOptions } from './types.js';

export const DEFAULT_SIGNATURE_HEADER = 'X-Sandbox-Signature';

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const log = options.log ?? createSilentLogger();
  const apiKey = options.apiKey ?? DEFAULT_SANDBOX_API_KEY;
  const signatureHeader = options.signatureHeader ?? DEFAULT_SIGNATURE_HEADER;
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0)) throw new RangeError('timeScale must be greater than 0');

  const keys: KeyInput[] = [
    { key: apiKey, role: 'bloger', scopes: ['read', 'write'], accountId: DEFAULT_BLOGGER_ACCOUNT },
    ...(options.extraKeys ?? []),
  ];
  const state = createSandboxState({
    keys,
    blogs: options.blogs ?? [
      {
        id: 1,
        name: 'Sandbox blog',
        url: 'http://127.0.0.1',
        categories: [{ id: 1, name: 'Nezařazené', default: true }],
      },
    ],
  });
  const demands = createDemandStore(state);
  const profile = options.profile;
  const dates = createWireDates(options.dateFormat ?? profile?.dateFormat ?? 'prague');
  const dispatcher = createWebhookDispatcher({
    signatureHeader,
    timeScale,
    dates,
    timeoutMs: options.deliveryTimeoutMs ?? 10_000,
    log,
  });
  const limiter = createRateLimiter(
    options.rateLimit ?? { limit: LIMITS.requestsPerMinute, windowMs: 60_000 },
  );
  const events = createEventSender({ state, dispatcher, dates, log });
  const faults = createFaultInjector();
  const stats = createStatsRecorder();
  let baseUrl = '';

  const app = express();
  app.disable('x-powered-by');
  app.use(
    '/v1',
    createApiRouter({
      state,
      demands,
      dispatcher,
      events,
      limiter,
      faults,
      stats,
      idempotency: createIdempotencyStore(),
      photos: createPhotoCache(500, options.photoSize),
      baseUrl: () => baseUrl,
      dates,
      ...(profile ? { profile } : {}),
      allowHttpWebhooks: options.allowHttpWebhooks ?? false,
      checkReachability: options.checkReachability ?? true,
      reachabilityTimeoutMs: options.reachabilityTimeoutMs ?? 5_000,
      log,
    }),
  );

  const dealOrThrow = (id: number): DealRecord => {
    const deal = state.deals.get(id);
    if (!deal) throw new RangeError(`no deal ${id} in the sandbox`);
    return deal;
  };
  const view = (deal: DealRecord) => sandboxDealView(deal, state.blogs.get(deal.blogId), dates);

  const sendToAccount = events.toAccount;
  const deliverAccepted = events.dealAccepted;

  const server = createServer(app);
  const sandbox: Sandbox = {
    get url() {
      return baseUrl;
    },
    apiKey,
    signatureHeader,
    dateFormat: dates.format,
    async close() {
      dispatcher.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async createDeal(input = {}) {
      const deal = state.createDeal(input);
      log.info({ dealId: deal.id, blogId: deal.blogId }, 'sandbox deal created');
      if (input.deliver !== false && deal.state === 'akceptovano') {
        deliverAccepted(deal).catch((error: unknown) =>
          log.error({ err: error, dealId: deal.id }, 'sandbox deal.accepted delivery failed'),
        );
      }
      return view(deal);
    },
    async createDemand(input) {
      const entry = demands.create(input);
      log.info({ demandId: entry.brief.id, blogIds: entry.blogIds }, 'sandbox demand created');
      if (input.deliver !== false) {
        for (const { accountId, body } of demandCreatedBodies(entry, state.blogs)) {
          sendToAccount(accountId, body).catch((error: unknown) =>
            log.error({ err: error, demandId: entry.brief.id }, 'sandbox demand.created delivery failed'),
          );
        }
      }
      return sandboxDemandView(entry);
    },
    listDemands() {
      return [...demands.entries.values()].map(sandboxDemandView);
    },
    getDeal(id) {
      const deal = state.deals.get(id);
      return deal ? view(deal) : undefined;
    },
    listDeals() {
      return [...state.deals.values()].map(view);
    },
    setDealState(id, dealState, reason) {
      const deal = dealOrThrow(id);
      state.setDealState(deal, dealState, reason);
      return view(deal);
    },
    async payDeal(id) {
      const deal = dealOrThrow(id);
      state.setDealState(deal, 'proplaceno');
      const blog = state.blogs.get(deal.blogId);
      await sendToAccount(blog?.accountId ?? DEFAULT_BLOGGER_ACCOUNT, {
        event: 'deal.paid',
        deal: {
          id: deal.id,
          blog: { id: deal.blogId, name: blog?.name ?? '' },
          demand: { id: deal.demand.id, name: deal.demand.name },
          price: deal.price,
          reward: deal.reward,
        },
      });
      return view(deal);
    },
    async addPost(id, kind, text, postOptions = {}) {
      const deal = dealOrThrow(id);
      const author = postOptions.from ?? 'inzerent';
      const post = state.addPost(deal, kind, author, text);
      if (postOptions.deliver === false) return [];
      const to =
        author === 'inzerent'
          ? (state.blogs.get(deal.blogId)?.accountId ?? DEFAULT_BLOGGER_ACCOUNT)
          : deal.advertiserAccountId;
      const entry = { text: post.text, created_at: dates.write(post.at) };
      return await sendToAccount(
        to,
        kind === 'messages'
          ? { event: 'message.created', deal_id: deal.id, message: entry }
          : { event: 'claim.created', deal_id: deal.id, claim: entry },
      );
    },
    acceptOffer(id, body = {}) {
      const deal = dealOrThrow(id);
      acceptOffer({ state, demands, now: Date.now }, deal, parseBody(AcceptBody, body));
      log.info({ dealId: deal.id, price: deal.price }, 'sandbox offer accepted (control)');
      deliverAccepted(deal).catch((error: unknown) =>
        log.error({ err: error, dealId: deal.id }, 'sandbox deal.accepted delivery failed'),
      );
      return view(deal);
    },
    declineOffer(id, body = {}) {
      const deal = dealOrThrow(id);
      declineOffer(state, deal, parseBody(DeclineBody, body));
      return view(deal);
    },
    listOffers() {
      return [...state.deals.values()]
        .filter((d) => d.offer !== null || OFFER_STATES.has(d.state))
        .map(sandboxOfferView);
    },
    messages(id) {
      return dealOrThrow(id).messages.map((m) => ({
        author: m.author,
        text: m.text,
        at: new Date(m.at).toISOString(),
      }));
    },
    deliverDeal(id) {
      return deliverAccepted(dealOrThrow(id));
    },
    sendEvent(body, eventOptions = {}) {
      return sendToAccount(eventOptions.accountId ?? DEFAULT_BLOGGER_ACCOUNT, body);
    },
    putBlog(blog) {
      state.putBlog(blog);
    },
    setWebhook(url, key = apiKey) {
      return dispatcher.register(key, url);
    },
    webhook(key = apiKey) {
      return dispatcher.get(key);
    },
    disableKey(key) {
      const record = state.keys.get(key);
      if (!record) throw new Error('unknown API key');
      record.disabled = true;
    },
    stats() {
      return stats.snapshot(limiter.maxAdmitted());
    },
    resetStats() {
      stats.reset();
      limiter.reset();
    },
    handIns() {
      return state.handIns.map((h) => ({ ...h }));
    },
    deliveries() {
      return dispatcher.records().map((r) => ({ ...r, history: [...r.history] }));
    },
    setFailureMode(settings) {
      faults.set(settings);
    },
    failureMode() {
      return faults.get();
    },
  };

  app.use('/_sandbox', createControlRouter(sandbox));
  app.use((req, res) => {
    res.status(404).json(errorBody('nenalezeno', `No route ${req.method} ${req.originalUrl}`));
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${urlHost(host)}:${address.port}`;
  log.info({ url: baseUrl }, 'sandbox marketplace listening');
  return sandbox;
}
