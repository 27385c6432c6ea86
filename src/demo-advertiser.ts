/**
 * The advertiser the demo plays (src/demo.ts) against the sandbox marketplace: accepts a sample deal every few
 * seconds, pays handed-in articles a few seconds later (every fourth stays awaiting payout), writes one message
 * about the first handed-in article, and prints each deal's progress as it changes.
 */
import { readDealData } from './deals/data.js';
import type { DealRecord, DealStore } from './deals/record.js';
import type { DemoDemands } from './demo-demands.js';
import { errorMessage } from './errors.js';
import { BODY_LIMITS, readBodyText } from './http-body.js';
import { dealErrorText } from './i18n/deal-error.js';
import type { Translator } from './i18n/index.js';
import { writeDate } from './sandbox/dates.js';
import type { Sandbox } from './sandbox/index.js';

export const DEMO_BLOG_ID = 1;

export interface AdvertiserOptions {
  sandbox: Sandbox;
  /** The daemon's deal store: what to print. */
  store: Pick<DealStore, 'list'>;
  /** Sample deals to accept. */
  deals: number;
  /** Seconds between two accepted deals. */
  intervalSeconds: number;
  write: (line: string) => void;
  /** The demo's language. */
  translator: Translator;
  /** The demand side (./demo-demands.ts): reported beside the deals, its accepted offers paid like them. */
  demands?: (onAccepted: (dealId: number) => void) => Promise<DemoDemands>;
}

export interface DemoAdvertiser {
  /** Prints the deals whose line changed (and pays or messages the newly handed-in ones). */
  report(): Promise<void>;
  /** No further deal, payment, message or report. */
  stop(): void;
}

/** Accepts the first deal now, the rest every `intervalSeconds`; reports every second. */
export async function playAdvertiser(options: AdvertiserOptions): Promise<DemoAdvertiser> {
  const { sandbox, write } = options;
  const { translator } = options;
  const { t } = translator;
  const timers = new Set<NodeJS.Timeout>();
  const shown = new Map<number, string>();
  const paying = new Set<number>();
  // Each deal's place in the order it was accepted (1, 2, …): the sandbox's ids come from the clock, so "every
  // fourth" cannot be read from the id.
  const order = new Map<number, number>();
  let accepted = 0;

  const acceptOne = async (): Promise<void> => {
    accepted += 1;
    const deal = await sandbox.createDeal({
      blogId: DEMO_BLOG_ID,
      photos: accepted % 3,
      // Every third deal waits a few seconds for the advertiser's approval of the text.
      ...(accepted % 3 === 0 ? { approvalDelayMs: 6_000 } : {}),
    });
    order.set(deal.id, accepted);
    write(t('demo.accepted', { id: String(deal.id), title: deal.title }));
  };

  // The advertiser pays a handed-in article a few seconds later (every fourth stays awaiting payout), as
  // `POST /_sandbox/deals/:id/pay` does for any caller: the sandbox sends deal.paid, the Earnings page shows it.
  const payLater = (record: DealRecord): void => {
    if (record.state !== 'handed_in' || paying.has(record.dealId) || isFourth(order.get(record.dealId)))
      return;
    paying.add(record.dealId);
    const timer = setTimeout(() => {
      timers.delete(timer);
      fetch(`${sandbox.url}/_sandbox/deals/${record.dealId}/pay`, { method: 'POST' })
        .then(async (answer) => {
          if (!answer.ok) throw new Error(`the sandbox answered ${answer.status}`);
          const text = await readBodyText(answer, BODY_LIMITS.object, 'POST /_sandbox/deals/:id/pay');
          const deal = JSON.parse(text) as { reward?: number };
          const reward = deal.reward === undefined ? '?' : translator.money(deal.reward);
          write(t('demo.paid', { id: String(record.dealId), reward }));
        })
        .catch((error: unknown) => {
          const what = t('demo.failed_paying', { id: String(record.dealId) });
          write(t('demo.failed', { what, error: errorMessage(error) }));
        });
    }, 3_000);
    timers.add(timer);
  };

  // The advertiser writes a message about the first handed-in article, as `POST /_sandbox/events` does for any
  // caller: the sandbox sends message.created and the printed receiver shows the notification it becomes.
  let messaged = false;
  const messageLater = (record: DealRecord): void => {
    if (record.state !== 'handed_in' || messaged) return;
    messaged = true;
    const timer = setTimeout(() => {
      timers.delete(timer);
      sandbox
        .sendEvent({
          event: 'message.created',
          deal_id: record.dealId,
          message: {
            text: 'Dobrý den, děkujeme za rychlé zveřejnění! Mohli byste prosím doplnit odkaz i do perexu?',
            created_at: writeDate('prague', Date.now()),
          },
        })
        .catch((error: unknown) => {
          const what = t('demo.failed_message', { id: String(record.dealId) });
          write(t('demo.failed', { what, error: errorMessage(error) }));
        });
    }, 2_000);
    timers.add(timer);
  };

  const demands = await options.demands?.((dealId) => {
    accepted += 1;
    order.set(dealId, accepted);
  });

  const report = async (): Promise<void> => {
    await demands?.report();
    const { items } = await options.store.list({ limit: 50 });
    for (const record of items.slice().reverse()) {
      payLater(record);
      messageLater(record);
      const line = describe(record, translator);
      if (shown.get(record.dealId) !== line) {
        shown.set(record.dealId, line);
        write(line);
      }
    }
  };

  const every = (ms: number, fn: () => Promise<void>): void => {
    const timer = setInterval(() => {
      fn().catch((error: unknown) => write(t('demo.error', { error: errorMessage(error) })));
    }, ms);
    timers.add(timer);
  };

  await acceptOne();
  let remaining = options.deals - 1;
  every(options.intervalSeconds * 1000, async () => {
    if (remaining <= 0) return;
    remaining -= 1;
    await acceptOne();
  });
  every(1_000, report);

  return {
    report,
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}

/** The demo leaves every fourth deal it accepted (the 4th, 8th, …) awaiting payout. */
function isFourth(place: number | undefined): boolean {
  return place !== undefined && place % 4 === 0;
}

function describe(record: DealRecord, translator: Translator): string {
  const { t, stateName } = translator;
  const parts = [t('demo.deal', { id: String(record.dealId), state: stateName(record.state) })];
  if (record.title) parts.push(`"${record.title}"`);
  if (record.url) parts.push(record.url);
  if (record.error) parts.push(`(${dealErrorText(translator, record)})`);
  const data = readDealData(record.data);
  if (data.paid) parts.push(t('demo.deal_paid'));
  const check = data.articleCheck;
  if (check)
    parts.push(
      check.ok
        ? t('demo.check_fine')
        : t('demo.check_problem', { problem: check.problem ?? t('demo.check_unknown') }),
    );
  return parts.join(' ');
}
