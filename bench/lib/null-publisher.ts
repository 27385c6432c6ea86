/**
 * A publisher that stores nothing and answers at once with a URL on the bench's article site
 * (bench/lib/site.ts, which answers 200 to every GET). The rate-limit, memory and scaling benchmarks use it so
 * that the marketplace's limit, not a blog, is what bounds the burst; the latency benchmark uses the real
 * WordPress plugin instead.
 */
import { z } from 'zod';
import type { PublisherPlugin } from '../../src/publisher/types.js';

const NullOptions = z.object({ url: z.string() });
type NullOptions = z.infer<typeof NullOptions>;

export const NULL_PUBLISHER = 'bench-null';

export const nullPublisher: PublisherPlugin<NullOptions> = {
  name: NULL_PUBLISHER,
  optionsSchema: NullOptions,
  create(options) {
    const base = options.url.replace(/\/$/, '');
    return {
      kind: NULL_PUBLISHER,
      target: base,
      async publish(input) {
        await input.progress({ benchPublished: true });
        return {
          url: `${base}/${input.slug}-${input.deal.dealId}/`,
          ref: `null:${input.deal.dealId}`,
          reused: false,
        };
      },
      async createDraft(input) {
        return { ref: `null-draft:${input.deal.dealId}`, reused: false };
      },
      async checkReachable() {
        return { ok: true, detail: `bench site at ${base}` };
      },
    };
  },
};
