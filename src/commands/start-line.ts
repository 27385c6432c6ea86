/**
 * The one human line `pressbridge start` prints on a terminal besides its log: that it runs, and where. Piped
 * (systemd, Docker, a log collector) the JSON log says the same (`pressbridge started`) and this stays out.
 */
import type { Translator } from '../i18n/index.js';
import { type Intake, pollEvery } from '../intake/mode.js';

/**
 * In poll mode no webhook listener runs: the line names the poll instead of an address the blogger might think
 * they must open. `redisDown` (the Redis URL, shown without its password) when Redis did not answer at the
 * start: the line then says that first, and what to do.
 */
export function startedLine(
  daemon: { statusUrl: string | undefined; webhookUrl: string | undefined },
  t: Translator,
  intake?: Pick<Intake, 'mode' | 'pollMs'>,
  redisDown?: string,
): string {
  const off = t.t('run.off');
  const status = daemon.statusUrl ?? off;
  if (redisDown !== undefined) return t.t('run.started_redis_down', { redis: redisDown, status });
  const every = intake?.mode === 'poll' ? pollEvery(intake) : undefined;
  if (every !== undefined) return t.t('run.started_poll', { status, every });
  return t.t('run.started', { status, webhook: daemon.webhookUrl ?? off });
}
