/**
 * The webhook secret as the marketplace returned it to `pressbridge webhook register` / `rotate`, kept in a
 * file of its own (mode 0600) so the blogger never has to copy it by hand. The daemon re-reads the file when it
 * changes, so a rotation takes effect without a restart. Secrets written in the config are accepted as well.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import type { Config } from '../config/schema.js';
import { AppError, errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { webhookSecrets } from './receiver.js';
import type { WebhookSecretEntry } from './verify-signature.js';

export const SecretFileContent = z.object({
  secret: z.string().min(1),
  /** The secret before the last rotation, accepted until `previousValidUntil`. */
  previousSecret: z.string().min(1).optional(),
  previousValidUntil: z.iso.datetime({ offset: true }).optional(),
  /** When and for which URL the secret was issued (for `webhook status`). */
  updatedAt: z.iso.datetime({ offset: true }),
  url: z.string().optional(),
});
export type SecretFileContent = z.infer<typeof SecretFileContent>;

/** `webhook.secretFile`, or `<dataDir>/webhook-secret.json`. */
export function secretFilePath(config: Pick<Config, 'webhook' | 'dataDir'>): string {
  return resolve(config.webhook.secretFile ?? join(config.dataDir, 'webhook-secret.json'));
}

/** Reads the file; undefined when it does not exist. A damaged file is an error that names it. */
export function readSecretFile(path: string): SecretFileContent | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new AppError(
      'secret_file_unreadable',
      `cannot read the webhook secret file ${path}: ${errorMessage(error)}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError(
      'secret_file_invalid',
      `the webhook secret file ${path} is not JSON; run \`pressbridge webhook rotate\``,
    );
  }
  const parsed = SecretFileContent.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'secret_file_invalid',
      `the webhook secret file ${path} is damaged (${parsed.error.issues[0]?.message ?? 'invalid'}); run \`pressbridge webhook rotate\``,
    );
  }
  return parsed.data;
}

/** Writes atomically (temp file + rename), readable by the owner only. */
export function writeSecretFile(path: string, content: SecretFileContent): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(SecretFileContent.parse(content), null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

/**
 * The secrets the receiver accepts, re-read when the file's modification time changes: the config's secret(s)
 * first, then the file's current and (within its grace period) previous secret.
 */
export function createSecretProvider(
  config: Pick<Config, 'webhook' | 'dataDir'>,
  log: Logger,
  recheckMs = 1_000,
): (fresh?: boolean) => WebhookSecretEntry[] {
  const path = secretFilePath(config);
  const configured = webhookSecrets(config.webhook);
  let seen = -1;
  let cached: WebhookSecretEntry[] = configured;
  // The file is looked at no more than once a second, so a burst of deliveries costs no stat() each; a caller
  // whose signature did not match asks again with `fresh` (a rotation or registration a moment ago).
  let checkedAt = Number.NEGATIVE_INFINITY;
  return (fresh = false) => {
    const at = performance.now();
    if (!fresh && at - checkedAt < recheckMs) return cached;
    checkedAt = at;
    let mtime = 0;
    try {
      mtime = statSync(path).mtimeMs;
    } catch {
      mtime = 0;
    }
    if (mtime === seen) return cached;
    seen = mtime;
    try {
      const file = mtime === 0 ? undefined : readSecretFile(path);
      const entries = [...configured];
      if (file) {
        entries.push({ secret: file.secret });
        if (file.previousSecret && file.previousValidUntil) {
          entries.push({ secret: file.previousSecret, validUntil: new Date(file.previousValidUntil) });
        }
      }
      cached = entries;
      if (file) log.info({ path, updatedAt: file.updatedAt }, 'webhook secret file loaded');
    } catch (error) {
      log.error({ err: errorMessage(error) }, 'webhook secret file ignored');
      cached = configured;
    }
    return cached;
  };
}
