import { z } from 'zod';

/**
 * `reconcile:` in the config file. The sweep that finds accepted deals whose webhook never arrived (the daemon
 * was down longer than the marketplace's 75 minutes of retries, the secret was rotated, the webhook deleted).
 */
export const ReconcileSettings = z.object({
  enabled: z.boolean().default(true).describe('Run the sweep at all (in the process that runs the worker).'),
  intervalMinutes: z
    .number()
    .positive()
    .max(24 * 60)
    .default(5)
    .describe('Minutes between sweeps; one more runs at start-up.'),
  lookbackMinutes: z
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 60)
    .default(120)
    .describe(
      'The very first sweep of an installation (no earlier sweep recorded in Redis) lists deals changed this many minutes back; every later sweep starts where the last successful one did.',
    ),
});
export type ReconcileSettings = z.infer<typeof ReconcileSettings>;
export type ReconcileSettingsInput = z.input<typeof ReconcileSettings>;
