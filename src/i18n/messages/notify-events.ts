import type { Catalog } from '../catalog.js';

/**
 * The notifications' texts (src/notify/render.ts): per topic a title (one line: e-mail subject, ntfy title)
 * and a body that says what to do, plus the "resolved" follow-up of each problem. Keys `notify.event.*`.
 * `{at}` of a claim/message is ` (date time)` or empty when the marketplace sent no time.
 * `{deal}` is the deal's label (`#123 „Title“`), dates and amounts come formatted for the language.
 */
export const notifyEventMessages = {
  'notify.event.deal_label': { cs: 'č. {id}', en: '#{id}' },
  'notify.event.deal_label_titled': { cs: 'č. {id} „{title}“', en: '#{id} “{title}”' },
  'notify.event.link.status': {
    cs: 'Obchod na stavové stránce: {url}',
    en: 'The deal on the status page: {url}',
  },
  'notify.event.link.demand': {
    cs: 'Poptávka na stavové stránce: {url}',
    en: 'The demand on the status page: {url}',
  },
  'notify.event.demand.title': {
    cs: 'Nové poptávky podle vašich pravidel: {count}',
    en: 'New demands that fit your rules: {count}',
  },
  'notify.event.demand.body': {
    cs: 'Tyto poptávky ({count}) splňují pravidla blogu. Nabídku můžete udělat na stavové stránce nebo v tržišti:',
    en: "These demands ({count}) fit the blog's rules. You can make an offer on the status page or in the marketplace:",
  },
  'notify.event.demand.line': {
    cs: '• „{name}“ (č. {id}), odměna {reward} {link}',
    en: '• “{name}” (#{id}), reward {reward} {link}',
  },
  'notify.event.demand_offered.title': {
    cs: 'Automatická nabídka: „{name}“',
    en: 'Automatic offer: “{name}”',
  },
  'notify.event.demand_offered.body': {
    cs: 'pressbridge nabídl na poptávku „{name}“ (č. {id}) základní odměnu {reward} podle pravidla autoOffer (obchod č. {deal}). Inzerent ji teď může přijmout; kdo nabídku nechce, v tržišti ji stáhne.',
    en: 'pressbridge offered on demand “{name}” (#{id}) at the base reward {reward}, by your autoOffer rule (deal #{deal}). The advertiser may accept it now; to withdraw it, use the marketplace.',
  },
  'notify.event.link.marketplace': {
    cs: 'Obchod v tržišti: {url}',
    en: 'The deal in the marketplace: {url}',
  },

  'notify.event.deal_failed.title': { cs: 'Obchod {deal} selhal', en: 'Deal {deal} failed' },
  'notify.event.deal_failed.body': {
    cs: 'pressbridge obchod {deal} nedokončil. Důvod (a co s ním udělat): {reason}\nAž to opravíte, spusťte obchod znovu na stavové stránce (na stránce obchodu), nebo odevzdejte adresu článku ručně v tržišti.',
    en: 'pressbridge could not finish deal {deal}. The reason (and what to do about it): {reason}\nOnce it is fixed, run the deal again from its page on the status page, or hand it in by hand in the marketplace.',
  },
  'notify.event.deal_failed.resolved_title': {
    cs: 'Vyřešeno: obchod {deal} už nic nepotřebuje',
    en: 'Resolved: deal {deal} needs nothing more',
  },
  'notify.event.deal_failed.resolved_body': {
    cs: 'Obchod {deal} je odevzdaný, vyřízený ručně, nebo ho tržiště uzavřelo; už není třeba nic dělat.',
    en: 'Deal {deal} is handed in, dealt with by hand, or closed by the marketplace; nothing more to do.',
  },

  'notify.event.deadline_at_risk.title': {
    cs: 'Hrozí zmeškání termínu: obchod {deal}',
    en: 'Deadline at risk: deal {deal}',
  },
  'notify.event.deadline_at_risk.body': {
    cs: 'Obchod {deal} ještě není odevzdaný a do termínu ({deadline}) zbývá {minutes} min. Podívejte se na stavové stránce, co ho drží; když to pressbridge nestihne, odevzdejte adresu článku ručně v tržišti.',
    en: 'Deal {deal} is not handed in yet and {minutes} min are left until its deadline ({deadline}). See on the status page what holds it up; if pressbridge cannot make it, hand the link in by hand in the marketplace.',
  },
  'notify.event.deadline_at_risk.resolved_title': {
    cs: 'Vyřešeno: obchodu {deal} už zmeškání termínu nehrozí',
    en: 'Resolved: deal {deal} is no longer at risk',
  },
  'notify.event.deadline_at_risk.resolved_body': {
    cs: 'Obchod {deal} je odevzdaný nebo vyřízený, případně se jeho termín už nehlídá.',
    en: 'Deal {deal} is handed in, dealt with, or its deadline no longer applies.',
  },

  'notify.event.deadline_missed.title': {
    cs: 'Termín zmeškán: obchod {deal}',
    en: 'Deadline missed: deal {deal}',
  },
  'notify.event.deadline_missed.body': {
    cs: 'Obchod {deal} nebyl odevzdán včas. {reason}\nOtevřete ho v tržišti a domluvte se s inzerentem, zda článek ještě chce.',
    en: 'Deal {deal} was not handed in in time. {reason}\nOpen it in the marketplace and ask the advertiser whether they still want the article.',
  },
  'notify.event.deadline_missed.resolved_title': {
    cs: 'Vyřešeno: obchod {deal}',
    en: 'Resolved: deal {deal}',
  },
  'notify.event.deadline_missed.resolved_body': {
    cs: 'Obchod {deal} je nakonec odevzdaný nebo vyřízený.',
    en: 'Deal {deal} was handed in or dealt with after all.',
  },

  'notify.event.approval_waiting.title': {
    cs: 'Obchod {deal} čeká na schválení textu',
    en: 'Deal {deal} is waiting for the text’s approval',
  },
  'notify.event.approval_waiting.body': {
    cs: 'Text k obchodu {deal} čeká na schválení inzerentem už {minutes} min. pressbridge článek publikuje, jakmile ho inzerent schválí; pokud spěcháte, napište inzerentovi přes tržiště.',
    en: 'The text of deal {deal} has waited for the advertiser’s approval for {minutes} min. pressbridge publishes it as soon as it is approved; if it is urgent, write to the advertiser in the marketplace.',
  },
  'notify.event.approval_waiting.resolved_title': {
    cs: 'Vyřešeno: obchod {deal} už na schválení nečeká',
    en: 'Resolved: deal {deal} no longer waits for approval',
  },
  'notify.event.approval_waiting.resolved_body': {
    cs: 'Text k obchodu {deal} je schválený nebo obchod skončil.',
    en: 'The text of deal {deal} was approved, or the deal ended.',
  },

  'notify.event.marketplace_unreachable.title': {
    cs: 'Tržiště neodpovídá',
    en: 'The marketplace does not answer',
  },
  'notify.event.marketplace_unreachable.body': {
    cs: 'Tržiště neodpovídá už {minutes} min (naposledy: {detail}). Obchody počkají a pressbridge to zkouší dál; zkontrolujte připojení k internetu a adresu marketplace.baseUrl v konfiguraci.',
    en: 'The marketplace has not answered for {minutes} min (last: {detail}). Deals wait and pressbridge keeps trying; check the internet connection and marketplace.baseUrl in the config.',
  },
  'notify.event.marketplace_unreachable.no_answer': {
    cs: 'bez odpovědi – spojení odmítnuto nebo vypršel čas',
    en: 'no answer – connection refused or timed out',
  },
  'notify.event.marketplace_unreachable.resolved_title': {
    cs: 'Vyřešeno: tržiště opět odpovídá',
    en: 'Resolved: the marketplace answers again',
  },
  'notify.event.marketplace_unreachable.resolved_body': {
    cs: 'Tržiště zase odpovídá; čekající obchody pokračují samy.',
    en: 'The marketplace answers again; waiting deals carry on by themselves.',
  },

  'notify.event.marketplace_rate_limited.title': {
    cs: 'Tržiště odmítá příliš mnoho požadavků',
    en: 'The marketplace refuses too many requests',
  },
  'notify.event.marketplace_rate_limited.body': {
    cs: 'Tržiště už {minutes} min odpovídá jen „příliš mnoho požadavků“ (429). Běží s tímtéž API klíčem ještě jiný program? Zastavte ho, nebo snižte marketplace.requestsPerMinute.',
    en: 'For {minutes} min the marketplace has answered only “too many requests” (429). Does another program use the same API key? Lower marketplace.requestsPerMinute or stop it.',
  },
  'notify.event.marketplace_rate_limited.resolved_title': {
    cs: 'Vyřešeno: tržiště opět přijímá požadavky',
    en: 'Resolved: the marketplace accepts requests again',
  },
  'notify.event.marketplace_rate_limited.resolved_body': {
    cs: 'Tržiště opět odpovídá normálně.',
    en: 'The marketplace answers normally again.',
  },

  'notify.event.site_unreachable.title': {
    cs: 'Web blogu {blog} je nedostupný',
    en: 'The site of blog {blog} is unreachable',
  },
  'notify.event.site_unreachable.body': {
    cs: 'Web blogu {blog} neodpovídá ({detail}). Nové články na něm nejde publikovat; zkontrolujte, zda web běží a zda platí přístupové údaje v konfiguraci.',
    en: 'The site of blog {blog} does not answer ({detail}). New articles cannot be published to it; check that the site is up and the credentials in the config still work.',
  },
  'notify.event.site_unreachable.resolved_title': {
    cs: 'Vyřešeno: web blogu {blog} opět odpovídá',
    en: 'Resolved: the site of blog {blog} answers again',
  },
  'notify.event.site_unreachable.resolved_body': {
    cs: 'Web blogu {blog} je zase dostupný.',
    en: 'The site of blog {blog} is reachable again.',
  },

  'notify.event.article_check.title': {
    cs: 'Článek k obchodu {deal} má problém',
    en: 'The article of deal {deal} has a problem',
  },
  'notify.event.article_check.gone': {
    cs: 'Článek {url} už neodpovídá ({detail}). Publikujte ho znovu, jinak může inzerent podat reklamaci.',
    en: 'The article {url} no longer answers ({detail}). Publish it again, or the advertiser may file a claim.',
  },
  'notify.event.article_check.links': {
    cs: 'V článku {url} chybí nebo se změnily odkazy inzerenta ({detail}). Vraťte je tak, jak byly dodány (adresu i rel), jinak může inzerent podat reklamaci.',
    en: 'The article {url} lost or changed the advertiser’s links ({detail}). Put them back as delivered (href and rel), or the advertiser may file a claim.',
  },
  'notify.event.article_check.page': {
    cs: 'Článek {url} se změnil tak, že ho inzerent může reklamovat ({detail}). Vraťte ho do stavu, v jakém byl předán.',
    en: 'The article {url} changed in a way the advertiser may claim ({detail}). Put it back as it was handed in.',
  },
  'notify.event.article_check.claim_until': {
    cs: 'Obchod je zaplacen; inzerent může reklamovat do {date}.',
    en: 'The deal is paid; the advertiser may claim until {date}.',
  },
  'notify.event.article_check.resolved_title': {
    cs: 'Vyřešeno: článek k obchodu {deal} je v pořádku',
    en: 'Resolved: the article of deal {deal} is fine',
  },
  'notify.event.article_check.resolved_body': {
    cs: 'Článek k obchodu {deal} je opět dostupný a v pořádku: odkazy inzerenta, označení i indexace.',
    en: 'The article of deal {deal} answers again and is fine: the advertiser’s links, the label and indexing.',
  },

  'notify.event.intake_stalled.title': {
    cs: 'Nové obchody se k pressbridge nedostanou',
    en: 'New deals cannot get into pressbridge',
  },
  'notify.event.intake_stalled.paused': {
    cs: 'Tržiště v {since} požádalo o pauzu {asked} min. pressbridge čeká nejvýš {capped} min a pak to zkouší znovu; obchod přijatý mezitím může nestihnout 60minutový termín. Jestli se to opakuje, běží s tímtéž API klíčem jiný program, nebo kontaktujte podporu tržiště.',
    en: 'At {since} the marketplace asked for a pause of {asked} min. pressbridge waits at most {capped} min and then tries again; a deal accepted meanwhile may miss its 60-minute deadline. If it repeats, another program uses the same API key, or contact the marketplace’s support.',
  },
  'notify.event.intake_stalled.failing': {
    cs: 'Od {since} se nepodařilo přečíst seznam obchodů tržiště: {detail}. Přijaté obchody se mezitím nezpracují. Zkontrolujte stránku Systém a pressbridge doctor --live; obchody s běžícím termínem odevzdejte ručně.',
    en: 'Since {since} the marketplace’s list of deals could not be read: {detail}. Deals accepted meanwhile are not processed. Check the System page and pressbridge doctor --live; hand in deals whose deadline runs by hand.',
  },
  'notify.event.intake_stalled.silent': {
    cs: 'Od {since} neproběhlo žádné čtení seznamu obchodů: příjem obchodů stojí. Restartujte pressbridge (systemctl restart pressbridge nebo docker compose restart) a podívejte se do logu.',
    en: 'No reading of the list of deals has finished since {since}: the intake stands still. Restart pressbridge (systemctl restart pressbridge or docker compose restart) and look at the log.',
  },
  'notify.event.intake_stalled.cursor_stuck': {
    cs: 'Nově přijaté obchody přicházejí, ale celý seznam změn se od {since} nepodařilo dočíst ({detail}): platby, zprávy, reklamace a zrušení se dozvíte později. Zkontrolujte pressbridge doctor --live.',
    en: 'Newly accepted deals come in, but the whole list of changes has not been read to its end since {since} ({detail}): payments, messages, claims and cancellations are seen late. Check pressbridge doctor --live.',
  },
  'notify.event.demands_stalled.title': {
    cs: 'Poptávky se nedaří číst',
    en: 'Demands cannot be read',
  },
  'notify.event.demands_stalled.body': {
    cs: 'Od {since} se nedaří přečíst seznam poptávek tržiště, takže nové poptávky nevidíte (obchody to neovlivní). Poslední chyba: {detail}. Zkontrolujte API klíč a jeho oprávnění v tržišti; pressbridge to zkouší dál při každém čtení.',
    en: 'Since {since} the marketplace’s list of demands cannot be read, so new demands are not seen (deals are not affected). Last error: {detail}. Check the API key and its permissions in the marketplace; pressbridge keeps trying at each reading.',
  },
  'notify.event.demands_stalled.resolved_title': {
    cs: 'Vyřešeno: poptávky se opět čtou',
    en: 'Resolved: demands are read again',
  },
  'notify.event.demands_stalled.resolved_body': {
    cs: 'Seznam poptávek se opět daří číst; nové poptávky se posoudí podle vašich pravidel.',
    en: 'The list of demands reads again; new demands are judged by your rules.',
  },
  'notify.event.intake_stalled.resolved_title': {
    cs: 'Vyřešeno: nové obchody opět přicházejí',
    en: 'Resolved: new deals come in again',
  },
  'notify.event.intake_stalled.resolved_body': {
    cs: 'Seznam obchodů tržiště se opět daří číst; obchody přijaté mezitím se zpracují samy, pokud jim neuplynul termín.',
    en: 'The marketplace’s list of deals reads again; deals accepted meanwhile are processed by themselves unless their deadline passed.',
  },

  'notify.event.deal_unreadable.title': {
    cs: 'Obchod v seznamu tržiště nejde přečíst',
    en: 'A deal in the marketplace’s list cannot be read',
  },
  'notify.event.deal_unreadable.body': {
    cs: 'Obchod {what} v seznamu tržiště nejde přečíst ({reason}), a tak ho pressbridge vynechal; ostatní obchody se zpracují. Pokud je váš a přijatý, otevřete ho na tržišti a odevzdejte ručně do 60 minut.',
    en: 'Deal {what} in the marketplace’s list cannot be read ({reason}), so pressbridge left it out; the other deals are processed. If it is yours and accepted, open it in the marketplace and hand it in by hand within 60 minutes.',
  },
  'notify.event.deal_unreadable.resolved_title': {
    cs: 'Vyřešeno: nečitelný obchod {deal}',
    en: 'Resolved: the unreadable deal {deal}',
  },
  'notify.event.deal_unreadable.resolved_body': {
    cs: 'Obchod se už přečíst podařilo, nebo se v seznamu tržiště den neobjevil.',
    en: 'The deal was read after all, or the marketplace’s list has not shown it for a day.',
  },

  'notify.event.reconcile_found.title': {
    cs: 'Nalezeny obchody bez webhooku: {count}',
    en: 'Deals found without their webhook: {count}',
  },
  'notify.event.reconcile_found.body': {
    cs: 'Kontrola s tržištěm našla přijaté obchody, o kterých webhook nepřišel: {ids}. pressbridge je zařadil ke zpracování. Jestli se to opakuje, ověřte registraci webhooku (pressbridge webhook status).',
    en: 'The check against the marketplace found accepted deals whose webhook never came: {ids}. pressbridge queued them. If this keeps happening, check the webhook registration (pressbridge webhook status).',
  },

  'notify.event.claim.title': {
    cs: 'Reklamace k obchodu {deal}',
    en: 'A claim on deal {deal}',
  },
  'notify.event.claim.body': {
    cs: 'Inzerent napsal k obchodu {deal} reklamaci{at}: „{line}“\nOdpovězte mu v tržišti.',
    en: 'The advertiser wrote a claim on deal {deal}{at}: “{line}”\nAnswer it in the marketplace.',
  },
  'notify.event.message.title': {
    cs: 'Zpráva k obchodu {deal}',
    en: 'A message on deal {deal}',
  },
  'notify.event.message.body': {
    cs: 'Inzerent poslal zprávu k obchodu {deal}{at}: „{line}“\nOdpovědět můžete v tržišti.',
    en: 'The advertiser sent a message on deal {deal}{at}: “{line}”\nYou can answer in the marketplace.',
  },

  'notify.event.services.title': {
    cs: 'Obchod {deal} má doplňkové služby, které musíte provést vy',
    en: 'Deal {deal} has extra services for you',
  },
  'notify.event.services.body': {
    cs: 'Článek k obchodu {deal} je odevzdaný, ale inzerent si koupil i doplňkové služby, které pressbridge neprovádí: {services}. Proveďte je a jejich adresy odevzdejte ručně v tržišti.',
    en: 'The article of deal {deal} is handed in, but the advertiser also bought extra services pressbridge does not perform: {services}. Perform them and hand in their links by hand in the marketplace.',
  },

  'notify.event.digest.title': {
    cs: 'Přehled za {day}',
    en: 'Summary of {day}',
  },
  'notify.event.digest.body': {
    cs: 'Odevzdáno: {handedIn}\nProplaceno: {paid} (vyděláno {earned})\nČeká na výplatu: {awaiting}',
    en: 'Handed in: {handedIn}\nPaid: {paid} (earned {earned})\nAwaiting payout: {awaiting}',
  },
  'notify.event.digest.open': {
    cs: 'Ještě otevřené obchody ({count}): {ids}. Podívejte se na ně na stavové stránce.',
    en: 'Deals still open ({count}): {ids}. Have a look at them on the status page.',
  },
  'notify.event.digest.nothing_open': {
    cs: 'Nic otevřeného nezbývá.',
    en: 'Nothing is left open.',
  },

  'notify.event.test.title': {
    cs: 'Zkušební upozornění z pressbridge',
    en: 'Test notification from pressbridge',
  },
  'notify.event.test.body': {
    cs: 'Když čtete tuto zprávu, kanál {channel} funguje. Nic dalšího není třeba dělat.',
    en: 'If you read this, the channel {channel} works. Nothing else to do.',
  },
} as const satisfies Catalog;
