import type { Catalog } from '../catalog.js';

/**
 * Texts of running and installing pressbridge: the daemon's start line, `webhook test`, `service install`. Keys start with `run.`.
 */
export const runningMessages = {
  'run.started': {
    cs: 'pressbridge běží — stav: {status} · webhook: {webhook} (Ctrl+C ukončí)',
    en: 'pressbridge is running — status: {status} · webhook: {webhook} (Ctrl+C stops it)',
  },
  'run.off': { cs: 'vypnuto', en: 'off' },
  'run.webhook.test_ok': {
    cs: 'Testovací webhook doručen: {url} odpověděl {status}.',
    en: 'Test webhook delivered: {url} answered {status}.',
  },
  'run.webhook.test_no_answer': {
    cs: 'Marketplace z {url} nedostal žádnou odpověď: běží démon (pressbridge start) a je ta adresa dostupná z internetu přes HTTPS? Bez webhooku stačí příjem dotazováním (intake.mode: poll).',
    en: 'The marketplace got no answer from {url}: is the daemon running (pressbridge start) and that address reachable from the internet over HTTPS? Without a webhook, polling intake is enough (intake.mode: poll).',
  },
  'run.webhook.test_refused': {
    cs: 'Webhook na {url} odpověděl HTTP {status}, marketplace čeká 200: podívejte se do logu démona a do pressbridge webhook deliveries.',
    en: 'The webhook at {url} answered HTTP {status} where the marketplace expects 200: see the daemon log and pressbridge webhook deliveries.',
  },
  'run.webhook.registered_url': { cs: 'registrované adresy', en: 'the registered address' },
} as const satisfies Catalog;
