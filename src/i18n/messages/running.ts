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
  'run.started_redis_down': {
    cs: 'pressbridge běží, ale Redis na {redis} neodpovídá: spusťte ho (sudo systemctl start redis-server; s Dockerem docker compose up -d) nebo opravte redis.url. Do té doby se žádný obchod nepohne; připojí se sám, jakmile Redis odpoví — stav: {status} (Ctrl+C ukončí)',
    en: 'pressbridge is running, but Redis at {redis} does not answer: start it (sudo systemctl start redis-server; with Docker: docker compose up -d) or correct redis.url. No deal moves until then; it connects by itself once Redis answers — status: {status} (Ctrl+C stops it)',
  },
  // pressbridge's own Redis, the embedded one (src/redis/server-process.ts)
  'run.redis.server_missing': {
    cs: 'pressbridge si spouští vlastní Redis programem redis-server, a ten na PATH není: nainstalujte ho (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis), nebo nastavte redis.url na běžící Redis a redis.embedded: false.',
    en: 'pressbridge runs its own Redis with redis-server, and there is no redis-server on the PATH: install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis), or set redis.url to a running Redis with redis.embedded: false.',
  },
  'run.redis.server_failed': {
    cs: 'Vlastní Redis pressbridge (redis-server) se nespustil: {why}; jeho log: {log}',
    en: "pressbridge's own Redis (redis-server) did not start: {why}; its log: {log}",
  },
  'run.redis.busy': {
    cs: 'Redis složky {dir} spouští jiný pressbridge (pid {pid}) a ten Redis neodpovídá: ukončete onen pressbridge, nebo počkejte, až jeho Redis odpoví.',
    en: 'Another pressbridge (pid {pid}) runs the Redis of {dir}, and it does not answer: stop that pressbridge, or wait until its Redis answers.',
  },
  'run.redis.socket_too_long': {
    cs: 'Cesta k socketu {socket} je delší, než unixový socket dovolí ({max} bajtů): přesuňte datovou složku na kratší cestu, nebo nastavte redis.url na vlastní Redis a redis.embedded: false.',
    en: 'The socket path {socket} is longer than a unix socket allows ({max} bytes): move the data folder to a shorter path, or set redis.url to a Redis of your own with redis.embedded: false.',
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
  'run.service.wrapper_sudo': {
    cs: 'pressbridge: spusťte ho přes sudo (data služby smí číst jen její uživatel)',
    en: "pressbridge: run it with sudo (the service's data is readable by its user only)",
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
  'run.service.redis_own': {
    cs: 'Redis: pressbridge má vlastní, službu pressbridge-redis ({server}) s trvalým ukládáním (AOF), daty v {dir} a jen unixovým socketem {socket}; spouští se a zastavuje s pressbridge.',
    en: 'Redis: pressbridge has its own, the service pressbridge-redis ({server}) with persistence (AOF) on, its data in {dir} and only a unix socket, {socket}; it starts and stops with pressbridge.',
  },
  'run.service.redis_machine_unused': {
    cs: 'Redis stroje na {url} běží dál pro ostatní programy; pressbridge ho nepoužívá ani nemění (když ho nic jiného nepotřebuje: sudo systemctl disable --now redis-server).',
    en: "The machine's Redis at {url} keeps running for other programs; pressbridge neither uses nor changes it (if nothing else needs it: sudo systemctl disable --now redis-server).",
  },
  'run.service.ask_machine_redis': {
    cs: 'Na tomto stroji už běží Redis ({url}). Má ho pressbridge použít místo vlastního? Zapne v něm trvalé ukládání (AOF) a uloží to do jeho redis.conf. [a/N] ',
    en: 'A Redis already runs on this machine ({url}). Should pressbridge use it instead of its own? It would turn persistence (AOF) on there and save that in its redis.conf. [y/N] ',
  },
  'run.service.redis_machine_saved': {
    cs: 'Redis: pressbridge používá Redis na {url}; trvalé ukládání (AOF) je zapnuté a uložené v {file}.',
    en: 'Redis: pressbridge uses the Redis at {url}; persistence (AOF) is on and saved in {file}.',
  },
  'run.service.redis_machine_writing': {
    cs: 'Redis do nového AOF ještě zapisuje svá data; dokončí to sám (do té doby ho nerestartujte).',
    en: 'Redis is still writing its data into the new AOF; it finishes by itself (do not restart it until then).',
  },
  'run.service.redis_machine_unsaved': {
    cs: 'Redis: pressbridge používá Redis na {url}, ale ten nemohl trvalé ukládání uložit do {file} ({reason}), takže se nic nezměnilo. Přidejte do {file} řádek `appendonly yes` a restartujte Redis (sudo systemctl restart redis-server); do té doby pressbridge doctor varuje.',
    en: 'Redis: pressbridge uses the Redis at {url}, but it could not save persistence in {file} ({reason}), so nothing was changed. Add the line `appendonly yes` to {file} and restart Redis (sudo systemctl restart redis-server); until then pressbridge doctor warns.',
  },
  'run.service.redis_machine_unsaved_no_file': {
    cs: 'Redis: pressbridge používá Redis na {url}, ale ten běží bez redis.conf, takže trvalé ukládání nejde uložit ({reason}) a nic se nezměnilo. Spouštějte ho s `--appendonly yes`; do té doby pressbridge doctor varuje.',
    en: 'Redis: pressbridge uses the Redis at {url}, but it runs without a redis.conf, so persistence cannot be saved ({reason}) and nothing was changed. Start it with `--appendonly yes`; until then pressbridge doctor warns.',
  },
  'run.service.redis_machine_on_unsaved': {
    cs: 'Redis: pressbridge používá Redis na {url}; trvalé ukládání (AOF) je zapnuté, ale nešlo ověřit, že je uložené ({reason}). Zkontrolujte, že {file} má řádek `appendonly yes`, jinak ho další restart Redisu vypne.',
    en: 'Redis: pressbridge uses the Redis at {url}; persistence (AOF) is on, but saving it failed ({reason}). Check that {file} has the line `appendonly yes`, or the next Redis restart turns it off.',
  },
  'run.service.redis_machine_kept': {
    cs: 'Redis: tato instalace dál používá Redis na {url} (viz /etc/pressbridge/env).',
    en: 'Redis: this installation keeps using the Redis at {url} (see /etc/pressbridge/env).',
  },
  'run.service.redis_machine_kept_aof_off': {
    cs: 'Trvalé ukládání (AOF) je v něm vypnuté: sudo pressbridge service install --use-machine-redis ho zapne a uloží.',
    en: 'Persistence (AOF) is off there: sudo pressbridge service install --use-machine-redis turns it on and saves it.',
  },
  'run.service.redis_embedded_kept': {
    cs: 'Redis: tato instalace dál používá Redis, který si pressbridge spouští sám (PRESSBRIDGE_REDIS_EMBEDDED=true v /etc/pressbridge/env; AOF zapnuté).',
    en: 'Redis: this installation keeps the Redis pressbridge starts itself (PRESSBRIDGE_REDIS_EMBEDDED=true in /etc/pressbridge/env; AOF on).',
  },
  'run.service.redis_server_missing': {
    cs: 'Vlastní Redis pressbridge potřebuje program redis-server, který v PATH není: sudo apt-get install redis-server a instalaci spusťte znovu.',
    en: "pressbridge's own Redis needs the redis-server program, which is not on the PATH: sudo apt-get install redis-server, then run the install again.",
  },
  'run.service.machine_redis_down': {
    cs: 'Na {url} žádný Redis neodpovídá: spusťte ho (sudo systemctl start redis-server), nebo vynechte --use-machine-redis a pressbridge si spustí vlastní.',
    en: 'No Redis answers at {url}: start it (sudo systemctl start redis-server), or leave out --use-machine-redis and pressbridge runs its own.',
  },
  'run.service.machine_redis_evicts': {
    cs: 'Redis na {url} smí mazat klíče (maxmemory-policy {policy}): pressbridge by v něm ztrácel obchody ve frontě, takže se nic nezměnilo. Vynechte --use-machine-redis (pressbridge si spustí vlastní Redis), nebo tam nastavte maxmemory-policy noeviction, pokud na mazání nic jiného nespoléhá.',
    en: "The Redis at {url} may evict keys (maxmemory-policy {policy}): pressbridge's queue would lose deals there, so nothing was changed. Leave out --use-machine-redis (pressbridge runs its own Redis), or set maxmemory-policy noeviction there if nothing else relies on eviction.",
  },
  'run.service.redis_had_own': {
    cs: 'vlastní Redis (pressbridge-redis)',
    en: 'its own Redis (pressbridge-redis)',
  },
  'run.service.redis_had_embedded': {
    cs: 'Redis, který si pressbridge spouští sám (PRESSBRIDGE_REDIS_EMBEDDED=true)',
    en: 'the Redis pressbridge starts itself (PRESSBRIDGE_REDIS_EMBEDDED=true)',
  },
  'run.service.redis_switch': {
    cs: 'Tato instalace používá {had} (viz /etc/pressbridge/env); s --use-machine-redis by v něm zůstala fronta i obchody, takže se nic nezměnilo. Instalaci spusťte bez --use-machine-redis.',
    en: 'This installation uses {had} (see /etc/pressbridge/env); with --use-machine-redis its queue and deals would be left behind there, so nothing was changed. Run the install without --use-machine-redis.',
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
