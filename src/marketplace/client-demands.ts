/**
 * The blogger's side of the market in the client (contract: api.ts `MarketplaceDemandCalls`): the blog's available
 * demands, a demand's full brief, an offer, the decline of every available demand, and a message on a deal (a
 * held deal's refusal). Composed into the client by client.ts; the same transport, limiter and readers.
 */
import { BODY_LIMITS } from '../http-body.js';
import type { MarketplaceDemandCalls } from './api.js';
import { dealIdempotencyKey, freshIdempotencyKey, offerIdempotencyKey } from './idempotency.js';
import { ignoreBody, json } from './readers.js';
import { DemandBrief, DemandList, OfferResult } from './schema.js';
import type { Transport } from './transport.js';

/** Background reading of the market: never before a deal's own requests. */
const BACKGROUND = 'low' as const;

export function demandCalls(
  execute: Transport['execute'],
  id: (value: number) => number,
): MarketplaceDemandCalls {
  return {
    listDemands: async (blogId, o = {}) =>
      execute(
        { operation: 'listDemands', method: 'GET', target: `/v1/blogs/${id(blogId)}/demands` },
        { ...o, priority: o.priority ?? BACKGROUND },
        json(DemandList, BODY_LIMITS.list),
      ),

    getDemand: async (demandId, o = {}) =>
      execute(
        { operation: 'getDemand', method: 'GET', target: `/v1/demands/${id(demandId)}` },
        { ...o, priority: o.priority ?? BACKGROUND },
        json(DemandBrief, BODY_LIMITS.article),
      ),

    makeOffer: async (blogId, input, o = {}) =>
      execute(
        {
          operation: 'makeOffer',
          method: 'POST',
          target: `/v1/blogs/${id(blogId)}/offers`,
          body: {
            demand_id: id(input.demandId),
            ...(input.reward !== undefined ? { reward: input.reward } : {}),
            ...(input.note !== undefined && input.note !== '' ? { note: input.note } : {}),
          },
          idempotencyKey: offerIdempotencyKey(blogId, input.demandId, input.reward),
        },
        o,
        json(OfferResult),
      ),

    declineDemands: async (blogId, o = {}) =>
      execute(
        {
          operation: 'declineDemands',
          method: 'POST',
          target: `/v1/blogs/${id(blogId)}/demands/decline`,
          idempotencyKey: freshIdempotencyKey('demands-decline'),
        },
        o,
        ignoreBody,
      ),

    postDealMessage: async (dealId, text, o = {}) =>
      execute(
        {
          operation: 'postDealMessage',
          method: 'POST',
          target: `/v1/deals/${id(dealId)}/messages`,
          body: { text },
          idempotencyKey: dealIdempotencyKey(dealId, 'refusal'),
        },
        o,
        ignoreBody,
      ),
  };
}
