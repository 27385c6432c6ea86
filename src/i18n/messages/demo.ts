import type { Catalog } from '../catalog.js';

/** What `pressbridge demo` prints (src/demo.ts, demo-advertiser.ts, demo-receiver.ts). Keys `demo.`. */
export const demoMessages = {
  'demo.redis_started': {
    cs: 'Redis: na {url} nic neodpovídá; spuštěn vlastní na {own}',
    en: 'Redis: none answered at {url}; started one at {own}',
  },
  'demo.sandbox': {
    cs: 'Sandbox tržiště: {url} (API klíč {key})',
    en: 'Sandbox marketplace: {url} (API key {key})',
  },
  'demo.webhook': {
    cs: 'Webhook pressbridge: {url} (zaregistrovaný v sandboxu)',
    en: 'pressbridge webhook: {url} (registered in the sandbox)',
  },
  'demo.status': { cs: 'Stavová stránka: {url}', en: 'Status page: {url}' },
  'demo.status_off': { cs: '(vypnuto)', en: '(off)' },
  'demo.notifications': {
    cs: 'Upozornění: posílá je kanál webhook na {url}; vypisují se zde',
    en: 'Notifications: a webhook channel posts them to {url}; they are printed here',
  },
  'demo.earnings': { cs: 'Výdělky: {url}', en: 'Earnings: {url}' },
  'demo.obligations': {
    cs: 'Závazky (každý článek hlídaný po celou dobu pro reklamace): {url}',
    en: 'Obligations (each article watched through its claim window): {url}',
  },
  'demo.evidence': {
    cs: 'Důkazy článků (kontroly, otisky stránek, kopie článků): {dir}',
    en: 'Article evidence (checks, page hashes, article copies): {dir}',
  },
  'demo.needs_redis': {
    cs: 'ukázka potřebuje Redis na {url} ({error}): nainstalujte a spusťte redis-server, nebo zadejte --redis <url>',
    en: 'the demo needs Redis at {url} ({error}): install and start redis-server, or pass --redis <url>',
  },
  'demo.accepted': {
    cs: 'obchod {id} přijat v sandboxu: „{title}“',
    en: 'accepted deal {id} in the sandbox: "{title}"',
  },
  'demo.paid': {
    cs: 'inzerent zaplatil obchod {id} v sandboxu (odměna {reward})',
    en: 'the advertiser paid deal {id} in the sandbox (reward {reward})',
  },
  'demo.failed': { cs: 'ukázka: {what}: {error}', en: 'demo: {what}: {error}' },
  'demo.error': { cs: 'ukázka: {error}', en: 'demo: {error}' },
  'demo.failed_paying': { cs: 'platba obchodu {id}', en: 'paying deal {id}' },
  'demo.failed_message': { cs: 'zpráva k obchodu {id}', en: 'a message on deal {id}' },
  'demo.deal': { cs: 'obchod {id}: {state}', en: 'deal {id}: {state}' },
  'demo.deal_paid': { cs: '(zaplaceno)', en: '(paid)' },
  'demo.demand_created': {
    cs: 'inzerent vytvořil poptávku {id} v sandboxu: „{name}“',
    en: 'the advertiser created demand {id} in the sandbox: "{name}"',
  },
  'demo.demand_judged': {
    cs: 'poptávka {id} „{name}“ podle pravidel blogu: {verdict}{reasons}',
    en: 'demand {id} "{name}" by the blog\'s rules: {verdict}{reasons}',
  },
  'demo.demand_offered': {
    cs: 'poptávka {id} „{name}“: nabídka podána automaticky ({reward})',
    en: 'demand {id} "{name}": offer made automatically ({reward})',
  },
  'demo.offer_accepted': {
    cs: 'inzerent přijal nabídku {id}: je z ní obchod {id}',
    en: 'the advertiser accepted offer {id}: it is deal {id} now',
  },
  'demo.failed_accepting': { cs: 'přijetí nabídky {id}', en: 'accepting offer {id}' },
  'demo.check_fine': { cs: '· kontrola článku: v pořádku', en: '· live check: fine' },
  'demo.check_problem': { cs: '· kontrola článku: {problem}', en: '· live check: {problem}' },
  'demo.check_unknown': { cs: 'nezjištěno', en: 'not known' },
  'demo.notification': {
    cs: 'upozornění {time}{urgent} · {title}',
    en: 'notification {time}{urgent} · {title}',
  },
  'demo.no_title': { cs: '(bez názvu)', en: '(no title)' },
} as const satisfies Catalog;
