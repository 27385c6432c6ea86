/**
 * The one human line `pressbridge start` prints on a terminal besides its JSON log: that it runs, and where.
 * Piped (systemd, Docker, a log collector) the JSON log says the same (`pressbridge started`) and this stays out.
 */
import type { Translator } from '../i18n/index.js';

export function startedLine(
  daemon: { statusUrl: string | undefined; webhookUrl: string | undefined },
  t: Translator,
): string {
  const off = t.t('run.off');
  return t.t('run.started', { status: daemon.statusUrl ?? off, webhook: daemon.webhookUrl ?? off });
}
