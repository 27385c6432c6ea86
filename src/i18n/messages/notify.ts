import type { Catalog } from '../catalog.js';

/**
 * Texts of the notification delivery (issue 15): the status page's Notifications list (`notify.page.*`), the
 * dispatcher's own messages (`notify.delivery.*`) and `pressbridge notify test` (`notify.cli.*`). The texts of
 * the events themselves live in ./notify-events.ts.
 */
export const notifyMessages = {
  // a channel's own refusal (src/notify/channels/): Telegram answered without `ok: true`
  'notify.channel.unconfirmed': {
    cs: 'Telegram zprávu nepotvrdil: {answer}',
    en: 'Telegram did not confirm the message: {answer}',
  },
  // SMTP's channel closed before it sent (src/notify/channels/smtp.ts)
  'notify.channel.stopped': { cs: 'zastaveno před odesláním', en: 'stopped before sending' },
  // why a channel's result is not "sent" (src/notify/delivery.ts, ./dispatcher.ts), on the page and in `notify test`
  'notify.result.quiet_hours': { cs: 'noční klid', en: 'quiet hours' },
  'notify.result.rate_limit': { cs: 'limit ({max} za hodinu)', en: 'rate limit ({max}/hour)' },
  'notify.result.rate_limit_outside': {
    cs: 'limit pro reklamace a zprávy inzerentů ({max} za hodinu)',
    en: "rate limit for the advertiser's claims and messages ({max}/hour)",
  },
  'notify.result.stopped_held': {
    cs: 'pressbridge se zastavil (poslední chyba: {reason}); odešle se po restartu',
    en: 'pressbridge stopped (last error: {reason}); sent after the restart',
  },
  'notify.result.none': { cs: 'žádná', en: 'none' },
  'notify.result.stopped': { cs: 'pressbridge se zastavil: {reason}', en: 'pressbridge stopped: {reason}' },
  'notify.page.nav': { cs: 'Upozornění', en: 'Notifications' },
  'notify.page.title': { cs: 'Upozornění', en: 'Notifications' },
  'notify.page.intro': {
    cs: 'Posledních nejvýš {limit} upozornění, od nejnovějšího, a jak je doručil každý kanál.',
    en: 'The newest {limit} notifications at most, newest first, and how each channel delivered them.',
  },
  'notify.page.not_configured': {
    cs: 'Žádný kanál pro upozornění není nastavený, takže pressbridge nikomu nic neposílá. E-mail, ntfy, Telegram nebo webhook nastavíte v konfiguraci v části notify.channels (viz README, oddíl Notifications).',
    en: 'No notification channel is configured, so pressbridge tells nobody anything. Set up e-mail, ntfy, Telegram or a webhook under notify.channels in the config (see the README, section Notifications).',
  },
  'notify.page.empty': { cs: 'Zatím žádná upozornění.', en: 'No notifications yet.' },
  'notify.page.unavailable': {
    cs: 'Seznam upozornění teď nelze načíst: {error}',
    en: 'The notifications cannot be read now: {error}',
  },
  'notify.page.col_time': { cs: 'Čas', en: 'Time' },
  'notify.page.col_topic': { cs: 'Téma', en: 'Topic' },
  'notify.page.col_message': { cs: 'Zpráva', en: 'Message' },
  'notify.page.col_delivery': { cs: 'Doručení', en: 'Delivery' },
  'notify.page.urgent': { cs: 'naléhavé', en: 'urgent' },
  'notify.page.resolved': { cs: 'vyřešeno', en: 'resolved' },
  'notify.page.status_pending': { cs: 'odesílá se', en: 'sending' },
  'notify.page.status_sent': { cs: 'odesláno', en: 'sent' },
  'notify.page.status_failed': { cs: 'nedoručeno', en: 'failed' },
  'notify.page.status_held': { cs: 'odloženo', en: 'held' },
  'notify.page.status_suppressed': { cs: 'potlačeno', en: 'suppressed' },
  'notify.page.attempts': { cs: 'pokusů: {count}', en: 'attempts: {count}' },

  'notify.delivery.held_back_title': {
    cs: 'pressbridge: {count} upozornění zadrženo limitem',
    en: 'pressbridge: {count} notifications held back',
  },
  'notify.delivery.held_back_body': {
    cs: 'Kanál „{channel}“ dosáhl limitu {max} zpráv za hodinu, proto sem pressbridge {count} upozornění neposlal. Všechna najdete na stavové stránce v části Upozornění.',
    en: 'The channel "{channel}" reached its limit of {max} messages an hour, so pressbridge did not send {count} notifications here. The status page lists them all under Notifications.',
  },
  'notify.delivery.held_back_outside_body': {
    cs: 'Kanál „{channel}“ dosáhl limitu {max} reklamací a zpráv od inzerentů za hodinu, proto sem pressbridge {count} z nich neposlal. Upozornění na vaše vlastní problémy (selhaný obchod, termín, kontrola článku) mají limit zvlášť a chodí dál. Všechna najdete na stavové stránce v části Upozornění.',
    en: 'The channel "{channel}" reached its limit of {max} claims and messages from advertisers an hour, so pressbridge did not send {count} of them here. Notifications about your own problems (a failed deal, a deadline, an article check) have a limit of their own and still come through. The status page lists them all under Notifications.',
  },

  'notify.cli.test_title': {
    cs: 'pressbridge: zkušební upozornění',
    en: 'pressbridge: test notification',
  },
  'notify.cli.test_body': {
    cs: 'Tohle je zkouška kanálu „{channel}“. Když ji čtete, upozornění z pressbridge sem dorazí: selhaný obchod, blížící se termín, reklamace nebo zpráva od inzerenta.',
    en: 'This is a test of the channel "{channel}". If you can read it, pressbridge\'s notifications reach you here: a failed deal, a deadline at risk, a claim or a message from the advertiser.',
  },
  'notify.cli.sending': {
    cs: 'Posílám zkušební upozornění (kanály: {names}) …',
    en: 'Sending a test notification (channels: {names}) …',
  },
  'notify.cli.sent': { cs: '{channel}: odesláno', en: '{channel}: sent' },
  'notify.cli.failed': { cs: '{channel}: nedoručeno – {reason}', en: '{channel}: not delivered – {reason}' },
  'notify.cli.no_channels': {
    cs: 'V konfiguraci není žádný kanál (notify.channels), zkoušku není kam poslat.',
    en: 'No channel is configured (notify.channels): there is nowhere to send a test.',
  },
  'notify.cli.unknown_channel': {
    cs: 'Kanál „{channel}“ v konfiguraci není. Nastavené kanály: {names}.',
    en: 'There is no channel "{channel}" in the config. Configured channels: {names}.',
  },
} as const satisfies Catalog;
