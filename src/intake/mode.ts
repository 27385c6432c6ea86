/**
 * Which intake runs, from the config and whether a webhook is registered; the daemon decides at start-up and
 * looks again after each poll (a `pressbridge webhook register` meanwhile takes effect without a restart):
 *
 * | `intake.mode` | webhook registered | runs | poll every | webhook listener |
 * |---|---|---|---|---|
 * | absent | no | poll | `intake.pollSeconds` | none |
 * | absent | yes | both | `reconcile.intervalMinutes` (the webhook is the fast path; the poll backs it up) | runs |
 * | `poll` | either | poll | `intake.pollSeconds` | none |
 * | `both` | either | both | `intake.pollSeconds` | runs |
 * | `webhook` | either | webhook | no poll (reconciliation still sweeps) | runs |
 *
 * In poll mode no port is bound for the webhook (docs/decisions/0017-no-webhook-listener-in-poll-mode.md).
 */
import type { Config } from '../config/schema.js';
import { onFileChange } from '../file-version.js';
import { RATE_LIMIT_PER_MINUTE } from '../marketplace/schema.js';
import { readSecretFile, secretFilePath } from '../webhook/secret-file.js';
import type { IntakeMode } from './settings.js';

export interface Intake {
  mode: IntakeMode;
  /** `config` when `intake.mode` says so, `default` when it was chosen by the rule above. */
  chosen: 'config' | 'default';
  /** Milliseconds between polls; undefined when nothing polls (`webhook`). */
  pollMs: number | undefined;
  /** What an idle poll costs: `GET /v1/deals` requests a minute (of the key's 60). */
  requestsPerMinute: number;
  /** The key's budget the cost is a share of. */
  budgetPerMinute: number;
}

/** Pure: the intake for a config and the fact "a webhook is registered". */
export function resolveIntake(
  config: Pick<Config, 'intake' | 'reconcile'>,
  webhookRegistered: boolean,
): Intake {
  const configured = config.intake.mode;
  const mode: IntakeMode = configured ?? (webhookRegistered ? 'both' : 'poll');
  const pollMs =
    mode === 'webhook'
      ? undefined
      : configured === undefined && mode === 'both'
        ? config.reconcile.intervalMinutes * 60_000
        : config.intake.pollSeconds * 1000;
  return {
    mode,
    chosen: configured === undefined ? 'default' : 'config',
    pollMs,
    requestsPerMinute: pollMs === undefined ? 0 : Math.round((60_000 / pollMs) * 100) / 100,
    budgetPerMinute: RATE_LIMIT_PER_MINUTE,
  };
}

/** The intake takes webhooks, so the webhook listener runs (the table above); in poll mode nothing listens. */
export function takesWebhooks(intake: Pick<Intake, 'mode'>): boolean {
  return intake.mode !== 'poll';
}

/** A webhook is registered: a secret in the config or in the secret file `webhook register` writes. */
export function webhookRegistered(config: Pick<Config, 'webhook' | 'dataDir'>): boolean {
  if (config.webhook.secret) return true;
  try {
    return readSecretFile(secretFilePath(config)) !== undefined;
  } catch {
    // A damaged file: the webhook cannot be verified, so the poll keeps its fast pace.
    return false;
  }
}

/** The intake of this installation, as the daemon, `doctor` and the status page see it. */
export function intakeOf(config: Pick<Config, 'intake' | 'reconcile' | 'webhook' | 'dataDir'>): Intake {
  return resolveIntake(config, webhookRegistered(config));
}

/**
 * `intakeOf` for a caller that asks again and again (the daemon after every poll, the door's judge every minute):
 * the secret file is read once, and again only when it changed (one `stat` a call, no read).
 */
export function createIntakeReader(
  config: Pick<Config, 'intake' | 'reconcile' | 'webhook' | 'dataDir'>,
): () => Intake {
  const registered = onFileChange(
    secretFilePath(config),
    (version) => version !== 'absent' && webhookRegistered(config),
  );
  return () => resolveIntake(config, config.webhook.secret ? true : registered());
}

/** The poll's pace as people read it: `30 s`, `5 min` (undefined when nothing polls). */
export function pollEvery(intake: Pick<Intake, 'pollMs'>): string | undefined {
  const { pollMs } = intake;
  if (pollMs === undefined) return undefined;
  return pollMs >= 60_000 ? `${pollMs / 60_000} min` : `${pollMs / 1000} s`;
}

/** One line for logs, `doctor` and the status page: "poll every 30 s: 2 of 60 requests a minute". */
export function describeIntake(intake: Intake): string {
  const every = pollEvery(intake);
  if (every === undefined) return 'webhook only: no polling requests';
  return `${intake.mode === 'both' ? 'webhook + poll' : 'poll'} every ${every}: ${intake.requestsPerMinute} of ${intake.budgetPerMinute} requests a minute`;
}
