/**
 * The one way an offer is made (issue 30): the status page, the CLI and the automatic offer all call
 * `offer()`, so each has the same checks, the same record in the store, the same log line and the same effect
 * event (`DemandOffered`, heard by notifications). Also `declineAll(blogId)`.
 *
 * Checks before any request: the demand is one the store holds for the blog (its base reward is known from the
 * list), the reward is a whole number of Kč and, when it is not the base, above it (a higher bid); the note is
 * trimmed to one line and at most `MAX_OFFER_NOTE_CHARS`. The marketplace's refusals are mapped once
 * (./offer-errors.ts); a repeat (409 `nabidka_existuje`) counts as offered.
 */
import { type Clock, systemClock } from '../clock.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { MarketplaceDemandCalls, RequestPriority } from '../marketplace/api.js';
import { MAX_OFFER_NOTE_CHARS } from '../rules/settings.js';
import { inputFailure, isRepeatOffer, type OfferFailure, offerFailureOf } from './offer-errors.js';
import type { DemandOffer, DemandStore, OfferBy } from './store.js';

export interface OfferRequest {
  blogId: number;
  demandId: number;
  /** Kč; absent or equal to the base reward: an offer at the base; above it: a higher bid. */
  reward?: number | undefined;
  note?: string | undefined;
  by: OfferBy;
  signal?: AbortSignal | undefined;
}

export type OfferOutcome =
  | { status: 'offered'; offer: DemandOffer }
  /** The blog had an offer on it already (the store's, or the marketplace's 409). */
  | { status: 'repeat'; offer: DemandOffer }
  | { status: 'failed'; failure: OfferFailure };

/** The effect event of an offer made (not of a repeat, nor a failure). */
export interface DemandOffered {
  blogId: number;
  demandId: number;
  name: string | undefined;
  offer: DemandOffer;
}

export interface OfferService {
  offer(request: OfferRequest): Promise<OfferOutcome>;
  /** Declines every demand now available to the blog; the ids marked declined in the store. */
  declineAll(
    blogId: number,
    by: OfferBy,
  ): Promise<{ ok: true; declined: number[] } | { ok: false; failure: OfferFailure }>;
}

/** One line, single spaces, trimmed: the advertiser reads the note in a list. */
export function noteLine(note: string | undefined): string | undefined {
  const line = note
    ?.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line === '' ? undefined : line;
}

/** An offer's reward and note as asked, checked: the confirmation page and the service say the same. */
export type OfferInputCheck =
  | { ok: true; reward: number; higher: boolean; note: string | undefined }
  | { ok: false; failure: OfferFailure };

/** `reward` absent: the base; below the base, not a positive integer, or a note too long: refused. */
export function checkOfferInput(
  base: number | undefined,
  reward: number | undefined,
  rawNote: string | undefined,
): OfferInputCheck {
  const asked = reward ?? base;
  if (asked === undefined || !Number.isSafeInteger(asked) || asked <= 0) {
    return { ok: false, failure: inputFailure('reward_not_integer') };
  }
  if (base !== undefined && asked < base) {
    return { ok: false, failure: inputFailure('reward_not_above_base', { base }) };
  }
  const note = noteLine(rawNote);
  if (note !== undefined && note.length > MAX_OFFER_NOTE_CHARS) {
    return { ok: false, failure: inputFailure('note_too_long', { max: MAX_OFFER_NOTE_CHARS }) };
  }
  return { ok: true, reward: asked, higher: base === undefined || asked !== base, note };
}

export function createOfferService(input: {
  client: Pick<MarketplaceDemandCalls, 'makeOffer' | 'declineDemands'>;
  store: DemandStore;
  log: Logger;
  clock?: Clock;
  onOffered?: (event: DemandOffered) => void | Promise<void>;
}): OfferService {
  const { client, store, log } = input;
  const clock = input.clock ?? systemClock;

  const emit = async (event: DemandOffered): Promise<void> => {
    try {
      await input.onOffered?.(event);
    } catch (error) {
      log.warn(
        { blogId: event.blogId, demandId: event.demandId, err: errorMessage(error) },
        'offer: effect failed',
      );
    }
  };

  return {
    async offer(request) {
      const { blogId, demandId, by } = request;
      const record = await store.get(blogId, demandId);
      if (!record) return { status: 'failed', failure: inputFailure('unknown_demand') };
      if (record.offer) return { status: 'repeat', offer: record.offer };
      const checked = checkOfferInput(record.item.reward, request.reward, request.note);
      if (!checked.ok) return { status: 'failed', failure: checked.failure };
      const { reward: asked, higher, note } = checked;
      // A person waiting on the page or the CLI goes with the deals; the automatic offer is background work.
      const priority: RequestPriority = by === 'auto' ? 'low' : 'normal';
      const at = clock.now().toISOString();
      try {
        const result = await client.makeOffer(
          blogId,
          { demandId, ...(higher ? { reward: asked } : {}), ...(note !== undefined ? { note } : {}) },
          { priority, ...(request.signal ? { signal: request.signal } : {}) },
        );
        const offer: DemandOffer = {
          at,
          reward: result.reward ?? asked,
          ...(note !== undefined ? { note } : {}),
          dealId: result.id,
          state: result.state ?? (higher ? 'nabidnuto_vyssi' : 'nabidnuto'),
          by,
        };
        await store.markOffered(blogId, demandId, offer);
        log.info({ blogId, demandId, dealId: offer.dealId, reward: offer.reward, by }, 'offer made');
        await emit({ blogId, demandId, name: record.item.name, offer });
        return { status: 'offered', offer };
      } catch (error) {
        if (isRepeatOffer(error)) {
          const offer: DemandOffer = {
            at,
            reward: asked,
            ...(note !== undefined ? { note } : {}),
            state: 'existing',
            by,
          };
          await store.markOffered(blogId, demandId, offer);
          log.info({ blogId, demandId, by }, 'offer: the blog had an offer on the demand already');
          return { status: 'repeat', offer };
        }
        const failure = offerFailureOf(error);
        if (failure.gone) await store.gone(blogId, demandId, clock.now()).catch(() => undefined);
        log.warn({ blogId, demandId, by, code: failure.code, err: errorMessage(error) }, 'offer not made');
        return { status: 'failed', failure };
      }
    },

    async declineAll(blogId, by) {
      try {
        await client.declineDemands(blogId, { priority: 'normal' });
      } catch (error) {
        const failure = offerFailureOf(error);
        log.warn({ blogId, by, code: failure.code, err: errorMessage(error) }, 'demands not declined');
        return { ok: false, failure };
      }
      const declined = await store.markDeclined(blogId, clock.now());
      log.info({ blogId, by, declined: declined.length }, 'every available demand declined');
      return { ok: true, declined };
    },
  };
}
