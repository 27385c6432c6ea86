import type { Catalog } from '../catalog.js';

/** Texts of the first-run setup (issue 21): the engine's checks, the /setup page and `pressbridge setup`. */
export const setupMessages = {
  'setup.cli.exists': {
    cs: '{path} už existuje: chcete-li ho nahradit, přidejte --force',
    en: '{path} exists already: pass --force to replace it',
  },
  'setup.cli.missing_answer': {
    cs: 'pressbridge setup --yes: chybí {flag}',
    en: 'pressbridge setup --yes: {flag} is required',
  },
  'setup.cli.input_ended': {
    cs: 'pressbridge setup: vstup skončil dřív než nastavení',
    en: 'pressbridge setup: the input ended before the setup did',
  },
  'setup.cli.no_wordpress': { cs: 'žádný WordPress nenalezen', en: 'no WordPress found' },
  'setup.cli.wordpress_refused': { cs: 'WordPress odmítl', en: 'WordPress refused' },
  'setup.address.loopback': {
    cs: '{url} vede na tento počítač ({address}). pressbridge se tam připojí, jen když potvrdíte, že je to tak myšleno.',
    en: '{url} leads to this machine itself ({address}). pressbridge connects there only when you confirm that it is meant.',
  },
  'setup.address.unspecified': {
    cs: '{url} nemá žádnou adresu ({address}), takže vede na tento počítač. pressbridge se tam připojí, jen když potvrdíte, že je to tak myšleno.',
    en: '{url} has no address ({address}), so it leads to this machine. pressbridge connects there only when you confirm that it is meant.',
  },
  'setup.address.link-local': {
    cs: '{url} vede na lokální adresu sítě (link-local, {address}). pressbridge se tam připojí, jen když potvrdíte, že je to tak myšleno.',
    en: '{url} leads to a link-local address of the local network ({address}). pressbridge connects there only when you confirm that it is meant.',
  },
  'setup.address.local_fix': {
    cs: 'Je-li to tak myšleno (zkušební tržiště sandbox, WordPress na tomto počítači), potvrďte to: na této stránce zaškrtněte „Připojit se k místní adrese“, v pressbridge setup odpovězte ano nebo přidejte --allow-local. Jinak adresu opravte.',
    en: 'If it is meant (the sandbox marketplace, a WordPress on this machine), confirm it: tick “Connect to a local address” on this page, or answer yes in pressbridge setup or pass --allow-local. Otherwise correct the address.',
  },
  'setup.address.metadata': {
    cs: '{url} vede na metadatovou službu cloudu ({address}), která drží přístupové údaje serveru: tam se pressbridge nepřipojí nikdy.',
    en: "{url} leads to the cloud's metadata service ({address}), which holds the server's credentials: pressbridge never connects there.",
  },
  'setup.address.metadata_fix': {
    cs: 'Zkontrolujte adresu: nesídlí tam tržiště ani žádný blog.',
    en: 'Check the address: neither a marketplace nor a blog lives there.',
  },
  'setup.address.allow_local': {
    cs: 'Připojit se k místní adrese (zkušební tržiště, WordPress na tomto počítači)',
    en: 'Connect to a local address (the sandbox marketplace, a WordPress on this machine)',
  },
  'setup.address.confirm_local': {
    cs: 'Připojit se k této místní adrese? (ano/ne)',
    en: 'Connect to this local address? (yes/no)',
  },
  'setup.key.answered': {
    cs: 'Tržiště na {url} odpovědělo {status} místo údajů o účtu; klíč se nezkontroloval.',
    en: 'The marketplace at {url} answered {status} instead of the account; the key was not checked.',
  },
  'setup.finish.not_saved': {
    cs: 'Nastavení se neuložilo, nic nebylo zapsáno: {error}. Opravte tu odpověď a uložte znovu.',
    en: 'The setup was not saved, nothing was written: {error}. Correct that answer and save again.',
  },
  'setup.finish.not_written': {
    cs: 'Nastavení nejde zapsat do složky {dir} ({error}); žádná použitelná konfigurace se neuložila. Zkontrolujte místo na disku a práva k té složce a uložte znovu.',
    en: 'The setup cannot be written to the folder {dir} ({error}); no usable configuration was saved. Check the disk space and the permissions of that folder, and save again.',
  },
  'setup.finish.written_then_failed': {
    cs: 'Nastavení je uložené v {config} (tajné údaje v {secrets}), ale krok po uložení selhal: {error}. Spusťte s ním pressbridge (pressbridge start, nebo restartujte kontejner) a pak pressbridge doctor ukáže, co ještě chybí.',
    en: 'The setup is saved in {config} (secrets in {secrets}), but the step after saving failed: {error}. Start pressbridge with it (pressbridge start, or restart the container); pressbridge doctor then shows what is still missing.',
  },
  'setup.finish.not_started': {
    cs: 'Nastavení je uložené v {config} (tajné údaje v {secrets}), ale pressbridge se s ním nespustil: {error}. Odstraňte tu příčinu a spusťte pressbridge znovu (pressbridge start, nebo restartujte kontejner): spustí se s uloženým nastavením a na nic se znovu neptá.',
    en: 'The setup is saved in {config} (secrets in {secrets}), but pressbridge did not start with it: {error}. Remove that cause and start pressbridge again (pressbridge start, or restart the container): it starts with the saved setup and asks nothing again.',
  },
  'setup.terminal.ntfy_topic': {
    cs: 'Téma ntfy pro upozornění do telefonu (Enter: nové náhodné, „-“: žádná upozornění)',
    en: 'ntfy topic for alerts on your phone (Enter: a new random one, "-": no notifications)',
  },
  'setup.terminal.ntfy_subscribe': {
    cs: 'V telefonu: nainstalujte aplikaci ntfy a otevřete {app} (Android) nebo {web} (jakýkoli telefon, Subscribe), případně v aplikaci klepněte na + a zadejte téma {topic}. Téma funguje jako heslo: nikomu ho neukazujte.',
    en: 'On your phone: install the ntfy app and open {app} (Android) or {web} (any phone, Subscribe), or tap + in the app and type the topic {topic}. The topic works as a password: keep it to yourself.',
  },
  'setup.terminal.wp_open': {
    cs: 'Otevřete tuto adresu v prohlížeči, přihlaste se do WordPressu a schvalte pressbridge. WordPress pak ukáže nové heslo aplikace: vložte ho sem (při psaní se nezobrazuje).',
    en: 'Open this address in a browser, log into WordPress and approve pressbridge. WordPress then shows the new Application Password: paste it here (it is not shown as you type).',
  },
  'setup.key.ok': {
    cs: 'Klíč patří účtu {login} (bloger, zápis povolen).',
    en: 'The key belongs to {login} (blogger, write allowed).',
  },
  'setup.key.refused': {
    cs: 'Tržiště klíč odmítlo (401): je neplatný nebo zrušený.',
    en: 'The marketplace refused the key (401): it is invalid or revoked.',
  },
  'setup.key.refused_fix': {
    cs: 'Zkopírujte klíč znovu v nastavení účtu na tržišti (API klíče), celý a bez mezer.',
    en: 'Copy the key again from your marketplace account settings (API keys), whole and without spaces.',
  },
  'setup.key.role': {
    cs: 'Klíč nepatří blogerovi (role {role}).',
    en: 'The key is not a blogger key (role {role}).',
  },
  'setup.key.role_fix': {
    cs: 'Vytvořte klíč v blogerském účtu, ne v inzerentském.',
    en: "Create the key in your blogger account, not in an advertiser's account.",
  },
  'setup.key.scope': {
    cs: 'Klíč smí jen číst (chybí oprávnění zápis).',
    en: 'The key may only read (the write scope is missing).',
  },
  'setup.key.scope_fix': {
    cs: 'Vytvořte nový klíč s oprávněním čtení i zápis.',
    en: 'Create a new key with both read and write scopes.',
  },
  'setup.github.token_refused': {
    cs: 'GitHub token odmítl (401): je opsaný celý a neprošla mu platnost?',
    en: 'GitHub refused the token (401): is it copied whole, and has it not expired?',
  },
  'setup.github.no_access': {
    cs: 'Token nesmí číst obsah repozitáře {repo} (403): u jemného tokenu přidejte ten repozitář a oprávnění Contents (čtení i zápis).',
    en: 'The token may not read the contents of {repo} (403): give the fine-grained token that repository and the Contents permission (read and write).',
  },
  'setup.github.not_found': {
    cs: 'Repozitář {repo} GitHub tomuto tokenu neukazuje (404): zkontrolujte vlastníka/název a že token ten repozitář smí vidět.',
    en: 'GitHub does not show {repo} to this token (404): check owner/name, and that the token may see that repository.',
  },
  'setup.github.paths_needed': {
    cs: 'Generátor webu se z repozitáře nepoznal (není to Jekyll, Hugo ani Astro): vyplňte níže, kam patří článek a fotky a jaká bude adresa článku.',
    en: "The site generator could not be told from the repository (none of Jekyll, Hugo, Astro): fill in below where the article and its photos go and what the article's address is.",
  },
  'setup.key.address_hint': {
    cs: 'Kořenová adresa služby, kterou dokumentace API tržiště zapisuje jako {name}: všechny cesty v ní začínají /v1 a to pressbridge doplní sám, takže adresu zadejte bez /v1 (a ne adresu svého blogu). Na vyzkoušení se zkušebním tržištěm zadejte adresu, kterou vypíše pressbridge sandbox (bez dalšího nastavení {sandbox}); vypíše i svůj klíč.',
    en: "The service root that the marketplace's API documentation writes as {name}: every path there begins with /v1, which pressbridge adds itself, so give the address without /v1 (and not your blog's address). To try pressbridge with the sandbox marketplace, give the address pressbridge sandbox prints ({sandbox} unless told otherwise); it prints its key too.",
  },
  'setup.key.not_url': {
    cs: '„{url}“ není adresa http(s), na kterou by se dalo připojit: klíč se nikam neposlal.',
    en: '“{url}” is not an http(s) address to connect to: the key was not sent anywhere.',
  },
  'setup.key.wrong_address': {
    cs: 'Na {url} není API tržiště (odpověď {status}): klíč se ani nezkoušel.',
    en: "{url} is not the marketplace's API (it answered {status}): the key was not even tried.",
  },
  'setup.key.wrong_address_fix': {
    cs: 'Zadejte adresu API tak, jak ji uvádí dokumentace API tržiště (base_url), bez /v1 na konci; ne adresu svého blogu.',
    en: "Give the API address as the marketplace's API documentation names it (base_url), without /v1 at the end; not your blog's address.",
  },
  'setup.key.unreachable': {
    cs: 'Tržiště na {url} neodpovídá: {error}',
    en: 'The marketplace at {url} does not answer: {error}',
  },
  'setup.key.unreachable_fix': {
    cs: 'Zkontrolujte adresu API a připojení tohoto serveru k internetu, pak to zkuste znovu.',
    en: "Check the API address and this server's internet connection, then try again.",
  },
  'setup.categories.synced': {
    cs: 'Blog {blog}: {count} kategorií posláno na tržiště.',
    en: 'Blog {blog}: {count} categories sent to the marketplace.',
  },
  'setup.categories.sync_failed': {
    cs: 'Blog {blog}: kategorie se nepodařilo poslat: {error}',
    en: 'Blog {blog}: the categories could not be sent: {error}',
  },
  'setup.categories.sync_fix': {
    cs: 'Spusťte později: pressbridge categories sync {blog}',
    en: 'Run later: pressbridge categories sync {blog}',
  },
  'setup.webhook.registered': { cs: 'Webhook zaregistrován na {url}.', en: 'Webhook registered at {url}.' },
  'setup.webhook.register_failed': {
    cs: 'Webhook na {url} se nepodařilo zaregistrovat: {error}',
    en: 'The webhook at {url} could not be registered: {error}',
  },
  'setup.webhook.test_ok': {
    cs: 'Zkušební webhook doručen na {url} (odpověď {status}).',
    en: 'Test webhook delivered to {url} (answer {status}).',
  },
  'setup.webhook.test_failed': {
    cs: 'Zkušební webhook na {url} nedošel ({status}).',
    en: 'The test webhook to {url} did not arrive ({status}).',
  },
  'setup.webhook.fix': {
    cs: 'Adresa musí být veřejná HTTPS a vést na tento pressbridge; jinak zvolte příjem dotazováním (poll).',
    en: 'The address must be public HTTPS leading to this pressbridge; otherwise choose polling (poll).',
  },
  'setup.agent.on': {
    cs: 'Blog {blog}: publikování agentem zapnuto.',
    en: 'Blog {blog}: agent publishing switched on.',
  },
  'setup.agent.failed': {
    cs: 'Blog {blog}: publikování agentem se nepodařilo zapnout: {error}',
    en: 'Blog {blog}: agent publishing could not be switched on: {error}',
  },
  'setup.agent.fix': {
    cs: 'Spusťte později: pressbridge agent on {blog}',
    en: 'Run later: pressbridge agent on {blog}',
  },
  'setup.agent.conflict_fix': {
    cs: 'Blog používá režim pluginu nebo repozitáře tržiště: přepněte ho na tržišti, pak spusťte pressbridge agent on {blog}',
    en: "The blog uses the marketplace's plugin or repository mode: switch it in the marketplace, then run pressbridge agent on {blog}",
  },
  'setup.notify.test_body': {
    cs: 'Zkušební zpráva z nastavení pressbridge.',
    en: 'A test message from the pressbridge setup.',
  },
  'setup.notify.sent': { cs: 'Zkušební zpráva odeslána ({channel}).', en: 'Test message sent ({channel}).' },
  'setup.notify.failed': {
    cs: 'Zkušební zprávu ({channel}) se nepodařilo odeslat: {error}',
    en: 'The test message ({channel}) could not be sent: {error}',
  },
  // a field the config's schema refuses, by its name and rule (src/setup/actions.ts), several joined
  'setup.notify.field': { cs: '{field}: {problem}', en: '{field}: {problem}' },
  'setup.notify.also': { cs: '{a}; {b}', en: '{a}; {b}' },
  'setup.notify.fix': {
    cs: 'Zkontrolujte téma, token nebo chat a zkuste to znovu.',
    en: 'Check the topic, token or chat and try again.',
  },
} as const satisfies Catalog;
