/**
 * The evidence store's running count of bytes on disk (./store.ts): the folder is scanned once, at first use;
 * after that each write measures only its own deal's folder again, so the total limit is checked against a
 * number, not a scan of every deal.
 */
import { folderBytes } from './files.js';
import type { DealFolders } from './folders.js';

export interface UsageCount {
  total: number;
  perDeal: Map<number, number>;
}

export interface Usage {
  /** The count, scanning the folder at the first call (again after a scan failed). */
  counted(): Promise<UsageCount>;
  /** Measures one deal's folder again and corrects the count; its bytes. */
  remeasure(dealId: number): Promise<number>;
}

export function createUsage(folders: Pick<DealFolders, 'dealDir' | 'realDealDir' | 'dealIds'>): Usage {
  let usage: Promise<UsageCount> | undefined;
  function counted(): Promise<UsageCount> {
    usage ??= (async () => {
      const perDeal = new Map<number, number>();
      let total = 0;
      for (const dealId of await folders.dealIds()) {
        const bytes = await folderBytes(folders.dealDir(dealId));
        perDeal.set(dealId, bytes);
        total += bytes;
      }
      return { total, perDeal };
    })();
    usage.catch(() => {
      usage = undefined;
    });
    return usage;
  }
  return {
    counted,
    async remeasure(dealId) {
      const count = await counted();
      const bytes = await folderBytes(await folders.realDealDir(dealId));
      count.total += bytes - (count.perDeal.get(dealId) ?? 0);
      count.perDeal.set(dealId, bytes);
      return bytes;
    },
  };
}
