import { z } from 'zod';

/** Minutes between two readings of the demand lists unless `demands.pollMinutes` says otherwise. */
export const DEMAND_POLL_MINUTES_DEFAULT = 5;
/** Requests a round may spend per minute of its interval: a tenth of the key's 60 a minute. */
export const DEMAND_REQUESTS_PER_MINUTE = 6;

/**
 * `demands:` in the config file: the intake of the marketplace's demands (issue 30;
 * docs/decisions/0024-demand-intake-pace.md). Deals never wait for it: every request is of priority `low`.
 */
export const DemandSettings = z.object({
  enabled: z
    .boolean()
    .default(true)
    .describe(
      '`false`: no demand is read, by poll or by webhook (`demand.created` is then only kept in the event log).',
    ),
  pollMinutes: z
    .number()
    .int()
    .min(1)
    .max(1440)
    .default(DEMAND_POLL_MINUTES_DEFAULT)
    .describe(
      "Minutes between two readings of each blog's demand list (`GET /v1/blogs/{id}/demands`, priority low), " +
        'plus one brief read (`GET /v1/demands/{id}`) per new demand. A round spends at most 6 requests per minute ' +
        "of this interval (a tenth of the key's 60 a minute); briefs beyond that wait for the next round.",
    ),
});
export type DemandSettings = z.infer<typeof DemandSettings>;
