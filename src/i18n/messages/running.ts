import type { Catalog } from '../catalog.js';

/**
 * Texts of running and installing pressbridge: the daemon's start line, `webhook test`, `service install`. Keys start with `run.`.
 */
export const runningMessages = {
  'run.started': {
    cs: 'pressbridge běží — stav: {status} · webhook: {webhook} (Ctrl+C ukončí)',
    en: 'pressbridge is running — status: {status} · webhook: {webhook} (Ctrl+C stops it)',
  },
  'run.started_poll': {
    cs: 'pressbridge běží — stav: {status} · nové obchody zjišťuje dotazem na tržiště každých {every}, nic není třeba otevírat (Ctrl+C ukončí)',
    en: 'pressbridge is running — status: {status} · it asks the marketplace for new deals every {every}, nothing to open (Ctrl+C stops it)',
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
  'run.service.no_package': {
    cs: 'Nad {dir} není žádný balíček pressbridge',
    en: 'no pressbridge package found above {dir}',
  },
  'run.service.command_failed': { cs: '{command} selhal: {why}', en: '{command} failed: {why}' },
  'run.service.not_root': {
    cs: 'Instalace služby potřebuje práva roota: sudo pressbridge service install (nebo --root <složka> na zkoušku).',
    en: 'Installing the service needs root: sudo pressbridge service install (or --root <folder> for a dry run).',
  },
  'run.service.not_built': {
    cs: 'V {dir} chybí dist/src/cli.js: nejdřív npm ci && npm run build.',
    en: 'No dist/src/cli.js in {dir}: run npm ci && npm run build first.',
  },
  'run.service.path_hidden': {
    cs: '{path} služba neuvidí ({setting} v jednotce pressbridge.service skrývá /home, /root, /tmp i /var/tmp): Node nainstalujte systémově a pressbridge naklonujte do /opt (sudo git clone <repozitář> /opt/pressbridge, viz README).',
    en: 'The service would not see {path} ({setting} in the pressbridge.service unit hides /home, /root, /tmp and /var/tmp): install Node system-wide and clone pressbridge into /opt (sudo git clone <repository> /opt/pressbridge, see the README).',
  },
  'run.service.node_too_old': {
    cs: 'Node {version} ({node}) je starší, než pressbridge podporuje: potřebuje Node {minimum} nebo novější, doporučený je 26 (aktuální LTS; viz README). Node 20 už nedostává opravy.',
    en: 'Node {version} ({node}) is older than pressbridge supports: it needs Node {minimum} or newer, 26 (the current LTS) advised (see the README). Node 20 gets no more fixes.',
  },
  'run.service.no_systemd': {
    cs: 'Na tomto stroji neběží systemd: použijte Docker (docker compose up -d) nebo pressbridge spusťte v popředí (npm start).',
    en: 'This machine does not run systemd: use Docker (docker compose up -d) or run pressbridge in the foreground (npm start).',
  },
  'run.service.dry_run': {
    cs: 'Zkouška pod {root}: soubory jsou zapsané tam, výše vypsané příkazy se nespustily.',
    en: 'Dry run under {root}: the files are written there; the commands above were not run.',
  },
  'run.service.redis_found': {
    cs: 'Redis na 127.0.0.1:6379 odpovídá: pressbridge ho použije.',
    en: 'Redis answers on 127.0.0.1:6379: pressbridge uses it.',
  },
  'run.service.redis_embedded': {
    cs: 'Na 127.0.0.1:6379 žádný Redis neodpovídá: pressbridge si spustí vlastní (PRESSBRIDGE_REDIS_EMBEDDED=true; potřebuje balíček redis-server).',
    en: 'No Redis answers on 127.0.0.1:6379: pressbridge starts its own (PRESSBRIDGE_REDIS_EMBEDDED=true; needs the redis-server package).',
  },
  'run.service.installed': {
    cs: 'Služba pressbridge je nainstalovaná ({unit}) a běží; data a konfigurace: {data}.',
    en: 'The pressbridge service is installed ({unit}) and running; data and config: {data}.',
  },
  'run.service.next': {
    cs: 'Nastavení: http://127.0.0.1:8081/setup (z vašeho počítače přes ssh -L 8081:127.0.0.1:8081 <server>). Jednorázový token: sudo journalctl -u pressbridge | grep -i token. Příkazy: sudo pressbridge doctor.',
    en: 'Setup: http://127.0.0.1:8081/setup (from your computer through ssh -L 8081:127.0.0.1:8081 <server>). The one-time token: sudo journalctl -u pressbridge | grep -i token. Commands: sudo pressbridge doctor.',
  },
} as const satisfies Catalog;
