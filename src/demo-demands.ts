/**
 * The demo's demand side (issue 30 item 5): the advertiser the demo plays creates two demands in the sandbox,
 * one the demo blog's rules take and one they refuse (src/demo.ts `DEMO_RULES`). The daemon hears of them by
 * `demand.created`, reads each brief, judges it and, the demo blog's automatic offer being on, offers on the one
 * that fits; the advertiser accepts that offer, and the deal it becomes is published like any other. This file
 * prints each step once, as the daemon's demand store and the sandbox's offers show it.
 */
import type { DemandStore } from './demands/store.js';
import { errorMessage } from './errors.js';
import type { Translator } from './i18n/index.js';
import type { Sandbox } from './sandbox/index.js';

export interface DemoDemands {
  /** Prints what changed, and accepts the offers made meanwhile. */
  report(): Promise<void>;
}

/** The two demands: the first fits the demo blog's rules, the second names a refused word. */
export const DEMO_DEMANDS = [
  {
    name: 'Jak vybrat zahradní sekačku',
    reward: 1_500,
    keywords: 'sekačka, zahrada',
    description: 'Článek o výběru sekačky pro malou zahradu, s tipy na údržbu.',
  },
  {
    name: 'Online kasino: bonusy bez vkladu',
    reward: 4_000,
    keywords: 'kasino, bonus',
    description: 'Recenze bonusů online kasina.',
  },
] as const;

export async function playDemands(options: {
  sandbox: Sandbox;
  store: Pick<DemandStore, 'list'>;
  blogId: number;
  write: (line: string) => void;
  translator: Translator;
  /** Told of each deal the advertiser accepted from an offer (the demo pays it later like the others). */
  onAccepted: (dealId: number) => void;
}): Promise<DemoDemands> {
  const { sandbox, write, translator, blogId } = options;
  const { t } = translator;
  const shown = new Map<number, string>();
  const accepted = new Set<number>();

  for (const demand of DEMO_DEMANDS) {
    const created = await sandbox.createDemand({ ...demand, blogIds: [blogId], ns: 1 });
    write(t('demo.demand_created', { id: String(created.id), name: demand.name }));
  }

  const line = (record: Awaited<ReturnType<DemandStore['list']>>[number]): string | undefined => {
    const name = record.item.name ?? String(record.demandId);
    if (record.offer)
      return t('demo.demand_offered', {
        id: String(record.demandId),
        name,
        reward: translator.money(record.offer.reward),
      });
    if (!record.verdict) return undefined;
    const reasons = record.verdict.reasons.map((r) => translator.say(r.said)).join('; ');
    return t('demo.demand_judged', {
      id: String(record.demandId),
      name,
      verdict: t(`verdict.${record.verdict.outcome}`),
      reasons: reasons === '' ? '' : ` (${reasons})`,
    });
  };

  return {
    async report() {
      for (const record of (await options.store.list(blogId)).slice().reverse()) {
        const text = line(record);
        if (text !== undefined && shown.get(record.demandId) !== text) {
          shown.set(record.demandId, text);
          write(text);
        }
      }
      for (const offer of sandbox.listOffers()) {
        if (accepted.has(offer.id) || (offer.state !== 'nabidnuto' && offer.state !== 'nabidnuto_vyssi'))
          continue;
        accepted.add(offer.id);
        try {
          sandbox.acceptOffer(offer.id);
          write(t('demo.offer_accepted', { id: String(offer.id) }));
          options.onAccepted(offer.id);
        } catch (error) {
          write(
            t('demo.failed', {
              what: t('demo.failed_accepting', { id: String(offer.id) }),
              error: errorMessage(error),
            }),
          );
        }
      }
    },
  };
}
