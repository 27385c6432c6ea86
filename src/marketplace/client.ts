/**
 * The typed marketplace API client (contract: api.ts). Every request waits for a slot of the shared rate
 * limiter, carries the key, a User-Agent and a timeout, and every answer is classified once (classify.ts) and
 * parsed with the lenient schemas of schema.ts.
 */
import { MarketplaceError } from '../errors.js';
import { BODY_LIMITS } from '../http-body.js';
import type { HandInInput, ListDealsQuery, MarketplaceClient, PayoutsQuery } from './api.js';
import { english } from './classify.js';
import { demandCalls } from './client-demands.js';
import { DEFAULT_MAX_PHOTO_BYTES, MAX_PAGE_SIZE, type MarketplaceClientOptions } from './client-options.js';
import { dealIdempotencyKey, freshIdempotencyKey } from './idempotency.js';
import { ignoreBody, json, photoReader, photoUrl } from './readers.js';
import {
  ArticleResult,
  BlogList,
  Deal,
  DealList,
  DealPostList,
  DealText,
  formatChangedSince,
  Me,
  PayoutOverview,
  WebhookDeliveries,
  WebhookSecret,
  WebhookState,
  WebhookTestResult,
} from './schema.js';
import { createTransport } from './transport.js';

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const { base, baseUrl, basePath, execute } = createTransport(options);
  const maxPhotoBytes = options.maxPhotoBytes ?? DEFAULT_MAX_PHOTO_BYTES;

  const client: MarketplaceClient = {
    baseUrl,

    me: async (o = {}) => execute({ operation: 'me', method: 'GET', target: '/v1/me' }, o, json(Me)),

    listBlogs: async (o = {}) =>
      (
        await execute(
          { operation: 'listBlogs', method: 'GET', target: '/v1/blogs' },
          o,
          json(BlogList, BODY_LIMITS.list),
        )
      ).data,

    patchBlog: async (blogId, patch, o = {}) =>
      execute(
        {
          operation: 'patchBlog',
          method: 'PATCH',
          target: `/v1/blogs/${id(blogId)}`,
          body: patch,
          idempotencyKey: freshIdempotencyKey('blog-patch'),
        },
        o,
        ignoreBody,
      ),

    listDeals: async (query = {}, o = {}) =>
      execute(
        {
          operation: 'listDeals',
          method: 'GET',
          target: '/v1/deals',
          query: dealsQuery(query, options.timeZone),
        },
        o,
        json(DealList, BODY_LIMITS.list),
      ),

    getDeal: async (dealId, o = {}) =>
      execute({ operation: 'getDeal', method: 'GET', target: `/v1/deals/${id(dealId)}` }, o, json(Deal)),

    getDealText: async (dealId, o = {}) =>
      execute(
        { operation: 'getDealText', method: 'GET', target: `/v1/deals/${id(dealId)}/text` },
        o,
        json(DealText, BODY_LIMITS.article),
      ),

    getDealThread: async (dealId, kind, o = {}) =>
      execute(
        {
          operation: kind === 'messages' ? 'getDealMessages' : 'getDealClaims',
          method: 'GET',
          target: `/v1/deals/${id(dealId)}/${kind === 'messages' ? 'messages' : 'claims'}`,
        },
        o,
        json(DealPostList, BODY_LIMITS.list),
      ),

    getDealPhoto: async (dealId, photo, o = {}) =>
      execute(
        {
          operation: 'getDealPhoto',
          method: 'GET',
          target: photoUrl(base, basePath, id(dealId), photo),
          // Photos answer image bytes; JSON stays acceptable for the error envelope.
          accept: 'image/*, application/json;q=0.5',
        },
        o,
        photoReader(maxPhotoBytes),
      ),

    handInArticle: async (dealId, input: HandInInput, o = {}) =>
      execute(
        {
          operation: 'handInArticle',
          method: 'POST',
          target: `/v1/deals/${id(dealId)}/article`,
          body: input.extraUrls ? { url: input.url, extra_urls: input.extraUrls } : { url: input.url },
          idempotencyKey: dealIdempotencyKey(dealId, 'article'),
        },
        o,
        json(ArticleResult),
      ),

    getWebhook: async (o = {}) =>
      execute({ operation: 'getWebhook', method: 'GET', target: '/v1/webhook' }, o, json(WebhookState)),

    putWebhook: async (url, o = {}) =>
      execute(
        {
          operation: 'putWebhook',
          method: 'PUT',
          target: '/v1/webhook',
          body: { url },
          idempotencyKey: freshIdempotencyKey('webhook-put'),
        },
        o,
        json(WebhookSecret),
      ),

    deleteWebhook: async (o = {}) =>
      execute(
        {
          operation: 'deleteWebhook',
          method: 'DELETE',
          target: '/v1/webhook',
          idempotencyKey: freshIdempotencyKey('webhook-delete'),
        },
        o,
        ignoreBody,
      ),

    rotateWebhookSecret: async (o = {}) =>
      execute(
        {
          operation: 'rotateWebhookSecret',
          method: 'POST',
          target: '/v1/webhook/rotate-secret',
          idempotencyKey: freshIdempotencyKey('webhook-rotate'),
        },
        o,
        json(WebhookSecret),
      ),

    testWebhook: async (o = {}) =>
      execute(
        {
          operation: 'testWebhook',
          method: 'POST',
          target: '/v1/webhook/test',
          idempotencyKey: freshIdempotencyKey('webhook-test'),
        },
        o,
        json(WebhookTestResult),
      ),

    webhookDeliveries: async (o = {}) =>
      (
        await execute(
          { operation: 'webhookDeliveries', method: 'GET', target: '/v1/webhook/deliveries' },
          o,
          json(WebhookDeliveries, BODY_LIMITS.list),
        )
      ).data,

    payouts: async (query = {}, o = {}) =>
      execute(
        {
          operation: 'payouts',
          method: 'GET',
          target: '/v1/payouts',
          query: payoutsQuery(query),
        },
        { ...o, priority: o.priority ?? 'low' },
        json(PayoutOverview, BODY_LIMITS.list),
      ),

    ...demandCalls(execute, id),
  };
  return client;
}

/** Ids go into paths: only positive integers, so a bad id can never reshape the URL. */
function id(value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    const said = { key: 'market.invalid_id', params: { value: String(value) } };
    throw new MarketplaceError({
      status: 0,
      code: 'invalid_id',
      message: english(said),
      said,
      method: '-',
      path: '-',
      retryable: false,
    });
  }
  return value;
}

export function payoutsQuery(query: PayoutsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.rok !== undefined) {
    if (!Number.isInteger(query.rok) || query.rok < 1000 || query.rok > 9999) {
      const said = { key: 'market.invalid_year', params: { value: String(query.rok) } };
      throw new MarketplaceError({
        status: 0,
        code: 'invalid_year',
        message: english(said),
        said,
        method: 'GET',
        path: '/v1/payouts',
        retryable: false,
      });
    }
    params.set('rok', String(query.rok));
  }
  return params;
}

export function dealsQuery(query: ListDealsQuery, timeZone?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (query.state !== undefined) params.set('state', query.state);
  if (query.blogId !== undefined) params.set('blog_id', String(query.blogId));
  if (query.demandId !== undefined) params.set('demand_id', String(query.demandId));
  if (query.changedSince !== undefined)
    params.set('zmeneno_od', formatChangedSince(query.changedSince, timeZone));
  if (query.page !== undefined) params.set('strana', String(Math.max(1, Math.trunc(query.page))));
  if (query.perPage !== undefined) {
    params.set('na_stranu', String(Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(query.perPage)))));
  }
  return params;
}
