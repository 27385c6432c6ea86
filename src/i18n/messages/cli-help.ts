import type { Catalog } from '../catalog.js';
import { cliHelpOperatorMessages } from './cli-help-operator.js';

/**
 * The `--help` of the `pressbridge` commands and commander's own words (keys `help.`): headings, its built-in
 * options and its errors (src/commands/help-language.ts reads commander's English and says it again from
 * here). Option names, `<metavariables>`, `$VARIABLES` and config keys are syntax, the same in both languages.
 * The operator commands' help is in ./cli-help-operator.ts.
 */
export const cliHelpMessages = {
  ...cliHelpOperatorMessages,
  // commander's own words
  'help.title.usage': { cs: 'Použití:', en: 'Usage:' },
  'help.title.options': { cs: 'Volby:', en: 'Options:' },
  'help.title.commands': { cs: 'Příkazy:', en: 'Commands:' },
  'help.title.arguments': { cs: 'Argumenty:', en: 'Arguments:' },
  'help.title.global_options': { cs: 'Společné volby:', en: 'Global Options:' },
  'help.help_option': { cs: 'vypíše nápovědu k příkazu', en: 'display help for command' },
  'help.help_command': { cs: 'vypíše nápovědu k příkazu', en: 'display help for command' },
  'help.version': { cs: 'vypíše číslo verze', en: 'output the version number' },
  'help.default': { cs: 'výchozí: {value}', en: 'default: {value}' },
  'help.choices': { cs: 'možnosti: {values}', en: 'choices: {values}' },
  'help.error.unknown_option': { cs: 'chyba: neznámá volba {option}', en: 'error: unknown option {option}' },
  'help.error.unknown_command': {
    cs: 'chyba: neznámý příkaz {command}',
    en: 'error: unknown command {command}',
  },
  'help.error.did_you_mean': { cs: '(Mysleli jste {what}?)', en: '(Did you mean {what}?)' },
  'help.error.did_you_mean_one_of': {
    cs: '(Mysleli jste jedno z: {what}?)',
    en: '(Did you mean one of {what}?)',
  },
  'help.error.missing_argument': {
    cs: 'chyba: chybí povinný argument {argument}',
    en: 'error: missing required argument {argument}',
  },
  'help.error.option_argument_missing': {
    cs: 'chyba: volbě {option} chybí hodnota',
    en: 'error: option {option} argument missing',
  },
  'help.error.required_option': {
    cs: 'chyba: povinná volba {option} nebyla zadána',
    en: 'error: required option {option} not specified',
  },
  'help.error.too_many': {
    cs: 'chyba: příliš mnoho argumentů{for}. Čekaných: {expected}, zadaných: {got}.',
    en: 'error: too many arguments{for}. Expected {expected} arguments but got {got}.',
  },
  'help.error.too_many_one': {
    cs: 'chyba: příliš mnoho argumentů{for}. Čekaných: {expected}, zadaných: {got}.',
    en: 'error: too many arguments{for}. Expected {expected} argument but got {got}.',
  },
  'help.error.for_command': { cs: ' pro {command}', en: ' for {command}' },
  'help.error.invalid_option_value': {
    cs: 'chyba: hodnota {value} volby {option} je neplatná. {why}',
    en: 'error: option {option} argument {value} is invalid. {why}',
  },
  'help.error.invalid_argument_value': {
    cs: 'chyba: hodnota {value} argumentu {argument} je neplatná. {why}',
    en: 'error: command-argument value {value} is invalid for argument {argument}. {why}',
  },
  'help.error.choices': { cs: 'Možnosti jsou {values}.', en: 'Allowed choices are {values}.' },
  'help.error.integer_min': { cs: 'očekáváno celé číslo ≥ {min}', en: 'expected an integer ≥ {min}' },
  'help.error.port': { cs: 'očekáván port 0–65535', en: 'expected a port 0–65535' },
  // pressbridge, start, demo
  'help.program': {
    cs: 'publikuje přijaté obchody se sponzorovanými články na váš blog a odevzdává jejich adresu tržišti',
    en: 'publishes accepted sponsored-article deals to your blog and hands the URL back',
  },
  'help.config': {
    cs: 'soubor s konfigurací (výchozí: $PRESSBRIDGE_CONFIG)',
    en: 'config file (default: $PRESSBRIDGE_CONFIG)',
  },
  'help.json': { cs: 'vypíše JSON', en: 'print JSON' },
  'help.start': {
    cs: 'spustí démona: zpracování obchodů, příjem zakázek a stavovou stránku (příjem webhooků, jen když se zakázky přijímají webhookem), do SIGTERM/Ctrl+C',
    en: 'run the daemon: the worker, the intake and the status page (the webhook listener only when the intake takes webhooks) until SIGTERM/Ctrl+C',
  },
  'help.start.status_port': {
    cs: 'port stavové stránky, bez konfigurace i stránky nastavení (nebo {env}; výchozí 8081)',
    en: "the status page port, also the setup page's without a config (or {env}; default 8081)",
  },
  'help.start.webhook_port': {
    cs: 'port příjmu webhooků, použije se, až se zakázky přijímají webhookem (nebo {env}; výchozí 8080)',
    en: 'the webhook listener port, used once the intake takes webhooks (or {env}; default 8080)',
  },
  'help.start.no_webhook': {
    cs: 'nenaslouchá webhookům (proces jen zpracovává obchody)',
    en: 'do not listen for webhooks (a worker-only process)',
  },
  'help.start.no_worker': {
    cs: 'obchody nezpracovává (proces jen přijímá webhooky)',
    en: 'do not process deals (a webhook-only process)',
  },
  'help.start.no_status': {
    cs: 'nezobrazuje stavovou stránku ani /metrics',
    en: 'do not serve the status page and /metrics',
  },
  'help.start.setup_host': {
    cs: 'bez konfigurace: kde naslouchá stránka nastavení',
    en: 'without a config: where the setup page listens',
  },
  'help.start.setup_port': {
    cs: 'bez konfigurace: port stránky nastavení (nebo $PRESSBRIDGE_SETUP_PORT; výchozí: port stavové stránky)',
    en: 'without a config: the setup page port (or $PRESSBRIDGE_SETUP_PORT; default: the status page port)',
  },
  'help.demo': {
    cs: 'sandbox tržiště a démon na tomto stroji, přijímají ukázkové obchody (konfigurace není potřeba)',
    en: 'sandbox marketplace + daemon on this machine, accepting sample deals (no config needed)',
  },
  'help.demo.deals': { cs: 'kolik ukázkových obchodů přijmout', en: 'sample deals to accept' },
  'help.demo.interval': { cs: 'sekund mezi dvěma obchody', en: 'seconds between two deals' },
  'help.demo.sandbox_port': {
    cs: 'port sandboxu tržiště (0 = libovolný volný)',
    en: 'sandbox marketplace port (0 = any free port)',
  },
  'help.demo.webhook_port': {
    cs: 'port příjmu webhooků (0 = libovolný volný)',
    en: 'webhook listener port (0 = any free port)',
  },
  'help.demo.status_port': {
    cs: 'port stavové stránky (0 = libovolný volný)',
    en: 'status page port (0 = any free port)',
  },
  'help.demo.site_port': {
    cs: 'port ukázkového blogu (statického webu; 0 = libovolný volný)',
    en: 'the demo blog (static site) port (0 = any free port)',
  },
  'help.demo.redis': { cs: 'Redis, který použít', en: 'Redis to use' },
  'help.demo.data_dir': { cs: 'složka pro soubory ukázky', en: 'folder for the demo files' },
  'help.demo.exit_after': {
    cs: 'skončí po tolika sekundách (0 = až po Ctrl+C)',
    en: 'stop after this many seconds (0 = at Ctrl+C)',
  },
  'help.demo.log_level': {
    cs: 'úroveň logu démona (log jde na stderr)',
    en: 'daemon log level (logs go to stderr)',
  },
  // service, notify, earnings, evidence
  'help.service': {
    cs: 'pressbridge jako služba systemd (servery bez Dockeru)',
    en: 'run pressbridge as a systemd service (servers without Docker)',
  },
  'help.service.install': {
    cs: 'nainstaluje a spustí službu systemd s jejím uživatelem a složkami; začne v režimu nastavení',
    en: 'install and start the systemd service with its user and folders; it starts in setup mode',
  },
  'help.service.root': {
    cs: 'zapisuje pod tuto složku místo / a příkazy jen vypíše (zkouška)',
    en: 'write under this folder instead of / and only print the commands (a dry run)',
  },
  'help.service.user': { cs: 'systémový uživatel služby', en: "the service's system user" },
  'help.service.use_machine_redis': {
    cs: 'použít Redis, který už běží na 127.0.0.1:6379, místo vlastního a zapnout v něm AOF (uloží se do jeho redis.conf)',
    en: "use the Redis already running on 127.0.0.1:6379 instead of pressbridge's own, and turn AOF on there (saved in its redis.conf)",
  },
  'help.notify': {
    cs: 'upozornění pro blogera (notify.channels)',
    en: 'notifications to the blogger (notify.channels)',
  },
  'help.notify.test': {
    cs: 'pošle zkušební upozornění každým kanálem (nebo tím jmenovaným) a vypíše, jak dopadlo',
    en: 'send a test notification through each channel (or the named one) and print how each went',
  },
  'help.earnings': {
    cs: 'co čeká na výplatu a co bylo vyplaceno (tento měsíc, letos, po blozích); čte jen uložené údaje',
    en: 'what is awaiting payout and what was paid (this month, this year, per blog); reads only what is stored',
  },
  'help.earnings.refresh': {
    cs: 'nejdřív načte přehled výplat z tržiště (jeden požadavek s nízkou prioritou)',
    en: 'first read the payout overview from the marketplace (one low-priority request)',
  },
  'help.demands': {
    cs: 'poptávky blogů s posouzením podle pravidel (nejnovější první); čte jen uložené údaje',
    en: "the blogs' demands with the rules' verdict (newest first); reads only what is stored",
  },
  'help.demands.blog': { cs: 'jen tento blog', en: 'this blog only' },
  'help.demands.decline': {
    cs: 'odmítne všechny dostupné poptávky blogu (tržiště je blogu už nenabídne)',
    en: 'decline every available demand of the blog (the marketplace will not offer them again)',
  },
  'help.demands.yes': { cs: 'bez ptaní (potvrzeno předem)', en: 'without asking (confirmed beforehand)' },
  'help.offer': {
    cs: 'nabídne blog na poptávku: za základní odměnu, nebo vyšší nabídkou s poznámkou',
    en: 'offer the blog on a demand: at the base reward, or a higher bid with a note',
  },
  'help.offer.demand': { cs: 'číslo poptávky', en: "the demand's number" },
  'help.offer.blog': {
    cs: 'blog, za který nabídnout (nutné, když poptávku má víc blogů)',
    en: 'the blog to offer for (needed when more than one blog has the demand)',
  },
  'help.offer.reward': {
    cs: 'odměna v Kč (výchozí: základní odměna poptávky; vyšší je vyšší nabídka)',
    en: "the reward in Kč (default: the demand's base reward; more is a higher bid)",
  },
  'help.offer.note': {
    cs: 'nápad na článek pro inzerenta',
    en: 'an idea for the article, to the advertiser',
  },
  'help.evidence': {
    cs: 'balíček důkazů k obchodu (zip: zpráva, evidence.json, kopie článku) jako odpověď na reklamaci',
    en: "a deal's evidence bundle (zip: report, evidence.json, article copies) to answer a claim",
  },
  'help.evidence.out': {
    cs: 'kam zip zapsat (výchozí: pod vlastním jménem do aktuální složky)',
    en: 'where to write the zip (default: its own name in the current folder)',
  },
  'help.deal_id': { cs: 'číslo obchodu', en: 'deal id' },
} as const satisfies Catalog;
