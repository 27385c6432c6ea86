/**
 * Realistic deal records in every state, written through the real DealStore, and the fakes the status page
 * needs besides the store (queue counts, rate limit, targets, recording actions). Shared by the status page's
 * route tests and its browser test.
 */
import { DEAL_RUN_STATES, type DealRunState } from '../../../src/deals/lifecycle.js';
import type { DealStore, NewDealRecord } from '../../../src/deals/record.js';
import { createSilentLogger } from '../../../src/logger.js';
import type { StatusActionResult, StatusDeps, StatusStore, TargetStatus } from '../../../src/status/types.js';

export const BLOGS = [
  { id: 101, name: 'Zahrada a dům' },
  { id: 202, name: 'Cestovatelský deník' },
] as const;

const TITLES = [
  'Jak vybrat zahradní nábytek, který vydrží deset let',
  'Pět tipů na víkend v Beskydech',
  'Proč se vyplatí tepelné čerpadlo i ve starém domě',
  'Recenze: robotická sekačka po první sezóně',
  'Kam s dětmi v Praze, když prší',
];

/** The first seeded deal id; deal `FIRST_DEAL_ID + i` is in state `DEAL_RUN_STATES[i]`. */
export const FIRST_DEAL_ID = 41_000;
/** Deals of the paging filler (all handed in, older than the others). */
export const FILLER_DEALS = 30;
export const SUPPORT_CODE = 'PC-7F3K2Q';

export interface Seeded {
  /** State → deal id, one deal per state. */
  byState: Map<DealRunState, number>;
  /** A deal whose deadline is 10 minutes away (amber). */
  soonDealId: number;
  /** A deal that is still running though its deadline passed (red). */
  overdueDealId: number;
  total: number;
}

function event(dealId: number, blogId: number, receivedAt: string, deadline: string) {
  return {
    event: 'deal.accepted',
    receivedAt,
    outcome: 'enqueued',
    body: {
      event: 'deal.accepted',
      sent_at: receivedAt,
      deal: {
        id: dealId,
        blog: { id: blogId, name: BLOGS.find((b) => b.id === blogId)?.name },
        demand: { id: dealId * 3, name: 'Článek o zahradě' },
        price: 2400,
        reward: 2000,
        publish_deadline: deadline,
      },
    },
  };
}

/** Fills `store` with one deal per state, two deadline edge cases and older filler deals for paging. */
export async function seedDeals(store: DealStore, now: Date): Promise<Seeded> {
  const byState = new Map<DealRunState, number>();
  const minutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();

  const create = async (init: NewDealRecord): Promise<void> => {
    await store.createIfAbsent(init);
    await store.recordEvent(init.dealId, event(init.dealId, init.blogId, init.receivedAt, init.deadline));
  };

  for (const [i, state] of DEAL_RUN_STATES.entries()) {
    const dealId = FIRST_DEAL_ID + i;
    const blog = BLOGS[i % 2] ?? BLOGS[0];
    const receivedAt = minutes(-2 - i * 3);
    // Every deadline is comfortably ahead (green) unless the state says otherwise.
    const deadline = minutes(45 - i);
    const title = TITLES[i % TITLES.length] ?? 'Článek';
    await create({
      dealId,
      blogId: blog.id,
      receivedAt,
      deadline,
      state,
      title,
      source: 'webhook',
      ...(i % 3 === 0 ? {} : { data: { webUrl: `https://marketplace.example.cz/obchody/${dealId}` } }),
    });
    byState.set(state, dealId);
    await store.appendLog(dealId, {
      level: 'info',
      msg: 'deal received',
      blogId: blog.id,
      fields: { source: 'webhook' },
    });
    if (
      ['fetched', 'rendering', 'publishing', 'published', 'verifying', 'handing_in', 'handed_in'].includes(
        state,
      )
    ) {
      await store.recordStep(dealId, 'fetch', 'ok', 1840);
      await store.appendLog(dealId, {
        level: 'info',
        msg: 'text and photos fetched',
        blogId: blog.id,
        fields: { photos: 3, bytes: 482_113 },
      });
    }
    if (['published', 'verifying', 'handing_in', 'handed_in'].includes(state)) {
      await store.recordStep(dealId, 'render', 'ok', 212);
      await store.recordStep(dealId, 'publish', 'created', 6_530);
      await store.update(dealId, {
        url: `https://${blog.id === 101 ? 'zahrada-dum.cz' : 'cestovatel.cz'}/clanek-${dealId}/`,
        postRef: `wp:${900 + i}`,
      });
    }
    if (state === 'handed_in') {
      await store.recordStep(dealId, 'verify', 'ok', 930);
      await store.recordStep(dealId, 'hand_in', 'accepted', 410);
    }
    if (state === 'failed') {
      await store.update(dealId, {
        error:
          'The marketplace refused the URL: the article is not on the blog\'s domain (clanek.example.net) — fix the blog URL in the marketplace and press "hand in again"',
        errorCode: 'url_mimo_domenu',
        supportCode: SUPPORT_CODE,
        attempts: 3,
      });
      await store.appendLog(dealId, {
        level: 'error',
        msg: 'hand-in refused',
        blogId: blog.id,
        fields: { status: 422, code: 'url_mimo_domenu', support_code: SUPPORT_CODE },
      });
    }
    if (state === 'retrying') {
      await store.appendLog(dealId, {
        level: 'warn',
        msg: 'WordPress did not answer; retrying in 20 s',
        blogId: blog.id,
        fields: { attempt: 2, err: 'connect ETIMEDOUT' },
      });
    }
    if (state === 'waiting_approval') {
      await store.appendLog(dealId, {
        level: 'info',
        msg: "the text awaits the advertiser's approval; asking again in a minute",
        blogId: blog.id,
        fields: { code: 'ceka_na_schvaleni' },
      });
    }
  }

  const soonDealId = FIRST_DEAL_ID + 100;
  await create({
    dealId: soonDealId,
    blogId: 101,
    receivedAt: minutes(-50),
    deadline: minutes(10),
    state: 'publishing',
    title: 'Deadline in ten minutes',
    source: 'webhook',
  });
  const overdueDealId = FIRST_DEAL_ID + 101;
  await create({
    dealId: overdueDealId,
    blogId: 202,
    receivedAt: minutes(-70),
    deadline: minutes(-10),
    state: 'retrying',
    title: 'Deadline passed ten minutes ago',
    source: 'reconcile',
  });

  for (let i = 0; i < FILLER_DEALS; i++) {
    const dealId = FIRST_DEAL_ID + 200 + i;
    await store.createIfAbsent({
      dealId,
      blogId: 101,
      receivedAt: minutes(-24 * 60 - i * 60),
      deadline: minutes(-23 * 60 - i * 60),
      state: 'handed_in',
      title: `Older article ${i + 1}`,
      source: 'webhook',
    });
  }
  await store.appendLog(undefined, { level: 'debug', msg: 'reconcile sweep: nothing missed', fields: {} });

  return { byState, soonDealId, overdueDealId, total: DEAL_RUN_STATES.length + 2 + FILLER_DEALS };
}

/** An empty store, for tests about who may see the page rather than what it shows. */
export const emptyStore: StatusStore = {
  list: async () => ({ total: 0, items: [] }),
  get: async () => undefined,
  countByState: async () => ({}) as Awaited<ReturnType<StatusStore['countByState']>>,
  readLog: async () => [],
  readGlobalLog: async () => [],
  readEvents: async () => [],
  readGlobalEvents: async () => [],
  lastWebhook: async () => undefined,
};

export interface RecordedAction {
  action: 'retry' | 'handInAgain' | 'markHandled';
  dealId: number;
}

/** Actions that only record their calls and answer a fixed message. */
export function recordingActions(): { actions: StatusDeps['actions']; calls: RecordedAction[] } {
  const calls: RecordedAction[] = [];
  const make =
    (action: RecordedAction['action'], message: (id: number) => string) =>
    async (dealId: number): Promise<StatusActionResult> => {
      calls.push({ action, dealId });
      return { ok: true, message: message(dealId) };
    };
  return {
    calls,
    actions: {
      retry: make('retry', (id) => `Deal ${id}: runs again now.`),
      handInAgain: make('handInAgain', (id) => `Deal ${id}: hands in its URL again.`),
      markHandled: make('markHandled', (id) => `Deal ${id} is marked as handled by hand.`),
    },
  };
}

export const TARGETS: TargetStatus[] = [
  {
    blogId: 101,
    name: 'Zahrada a dům',
    kind: 'wordpress',
    target: 'https://zahrada-dum.cz',
    ok: true,
    detail: 'WordPress 6.5 at https://zahrada-dum.cz/wp-json/',
  },
  {
    blogId: 202,
    name: 'Cestovatelský deník',
    kind: 'github',
    target: 'github.com/cestovatel/web (main)',
    ok: false,
    detail: 'GitHub answered 401: the token was revoked; create a new fine-grained token',
  },
];

/** Status deps around a real store, with fixed fakes for the rest. */
export function statusDeps(
  store: DealStore,
  overrides: Partial<StatusDeps> = {},
): StatusDeps & { calls: RecordedAction[] } {
  const { actions, calls } = recordingActions();
  return {
    store,
    queueCounts: async () => ({ waiting: 1, prioritized: 3, active: 2, delayed: 4, failed: 1 }),
    rateLimit: async () => ({ limit: 60, remaining: 41, resetAt: new Date(Date.now() + 23_000) }),
    redisReachable: async () => true,
    targets: async () => TARGETS,
    actions,
    blogs: BLOGS,
    marketplaceName: 'Marketplace',
    log: createSilentLogger(),
    version: '0.1.0-test',
    timeZone: 'Europe/Prague',
    ...overrides,
    calls,
  };
}
