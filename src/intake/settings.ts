import { z } from 'zod';

/** The intakes: list accepted deals (`poll`), receive the signed webhook (`webhook`), or both at once. */
export const INTAKE_MODES = ['poll', 'webhook', 'both'] as const;
export type IntakeMode = (typeof INTAKE_MODES)[number];
/** Seconds between polls unless `intake.pollSeconds` says otherwise. */
export const POLL_SECONDS_DEFAULT = 30;

/**
 * `intake:` in the config file: how deals come in (docs/decisions/0017-no-webhook-listener-in-poll-mode.md).
 */
export const IntakeSettings = z.object({
  mode: z
    .enum(INTAKE_MODES)
    .optional()
    .describe(
      '`poll`: list the marketplace every `pollSeconds` (no inbound port, no HTTPS); `webhook`: only the signed ' +
        'webhook; `both`. Absent: `poll` until a webhook is registered (a secret in the secret file or ' +
        '`webhook.secret`), then `both` with the poll every `reconcile.intervalMinutes`.',
    ),
  pollSeconds: z
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(POLL_SECONDS_DEFAULT)
    .describe(
      "Seconds between polls: one `GET /v1/deals` each (30: 2 of the key's 60 requests a minute), one more " +
        'while a deal is in progress (to notice a cancellation), and one thread read per new message or claim post.',
    ),
});
export type IntakeSettings = z.infer<typeof IntakeSettings>;
