import type { Catalog } from '../catalog.js';

/** Texts of the /setup pages and `pressbridge setup`'s prompts (issue 21). */
export const setupPageMessages = {
  'setup.page.title': { cs: 'Nastavení pressbridge', en: 'pressbridge setup' },
  'setup.page.token_intro': {
    cs: 'Zadejte jednorázový kód pro nastavení. pressbridge ho vypsal při spuštění (v terminálu nebo v docker compose logs).',
    en: 'Enter the one-time setup token. pressbridge printed it when it started (in the terminal or in docker compose logs).',
  },
  'setup.page.token_label': { cs: 'Kód pro nastavení', en: 'Setup token' },
  'setup.page.token_refused': { cs: 'Tento kód neplatí.', en: 'This token is not valid.' },
  'setup.page.token_needed': {
    cs: 'Bez kódu pro nastavení nelze nic změnit. Otevřete stránku /setup a zadejte ho.',
    en: 'Nothing can be changed without the setup token. Open the /setup page and enter it.',
  },
  'setup.page.continue': { cs: 'Pokračovat', en: 'Continue' },
  'setup.page.wp_check_again': { cs: 'Zkontrolovat adresu znovu', en: 'Check the address again' },
  'setup.page.fix': { cs: 'Co udělat', en: 'What to do' },
  'setup.page.key_title': { cs: 'Klíč k tržišti', en: 'Marketplace key' },
  'setup.page.key_intro': {
    cs: 'Vložte API klíč svého blogerského účtu (nastavení účtu → API klíče) s oprávněním čtení i zápis.',
    en: 'Paste the API key of your blogger account (account settings → API keys) with read and write scopes.',
  },
  'setup.page.base_url': { cs: 'Adresa API tržiště', en: 'Marketplace API address' },
  'setup.page.api_key': { cs: 'API klíč', en: 'API key' },
  'setup.page.check_key': { cs: 'Ověřit klíč', en: 'Check the key' },
  'setup.page.blogs_title': { cs: 'Vaše blogy', en: 'Your blogs' },
  'setup.page.blogs_intro': {
    cs: 'Účet {login}. U každého blogu zvolte, kam pressbridge články publikuje.',
    en: 'Account {login}. For each blog choose where pressbridge publishes its articles.',
  },
  'setup.page.no_blogs': {
    cs: 'Účet nemá žádný blog. Přidejte blog na tržišti a začněte znovu.',
    en: 'The account has no blog. Add one in the marketplace and start again.',
  },
  'setup.page.blog_target': { cs: 'Publikovat do', en: 'Publish to' },
  'setup.target.wordpress': { cs: 'WordPress', en: 'WordPress' },
  'setup.target.github': { cs: 'repozitář na GitHubu', en: 'a GitHub repository' },
  'setup.target.static': { cs: 'složka se soubory', en: 'a folder of files' },
  'setup.target.none': { cs: 'nepublikovat', en: 'not handled' },
  'setup.page.wp_title': { cs: 'WordPress blogu {blog}', en: 'WordPress of {blog}' },
  'setup.page.wp_address': { cs: 'Adresa webu', en: 'Site address' },
  'setup.page.wp_authorize': { cs: 'Propojit ve WordPressu', en: 'Connect in WordPress' },
  'setup.page.wp_or_paste': {
    cs: 'Nebo vložte heslo aplikace, které vám WordPress ukázal:',
    en: 'Or paste the application password WordPress showed you:',
  },
  'setup.page.wp_paste_only': {
    cs: 'Vytvořte heslo aplikace (Uživatelé → Profil → Hesla aplikací) a vložte ho sem:',
    en: 'Create an application password (Users → Profile → Application Passwords) and paste it here:',
  },
  'setup.page.wp_user': { cs: 'Uživatelské jméno', en: 'User name' },
  'setup.page.wp_password': { cs: 'Heslo aplikace', en: 'Application password' },
  'setup.page.connect': { cs: 'Propojit', en: 'Connect' },
  'setup.page.wp_connected': {
    cs: 'WordPress {site} je propojený (uživatel {user}). pressbridge ověřil vše, co publikování potřebuje:',
    en: 'WordPress at {site} is connected (user {user}). pressbridge checked everything publishing needs:',
  },
  'setup.page.wp_check_failed': {
    cs: 'Jedna z kontrol neprošla, takže nastavení tu zůstává. Udělejte, co u ní stojí, a pak WordPress propojte znovu.',
    en: 'A check did not pass, so the setup stays here. Do what it says, then connect WordPress again.',
  },
  'setup.page.wp_rejected': {
    cs: 'Propojení ve WordPressu bylo odmítnuto.',
    en: 'The connection was rejected in WordPress.',
  },
  'setup.page.gh_title': { cs: 'GitHub blogu {blog}', en: 'GitHub of {blog}' },
  'setup.page.gh_intro': {
    cs: 'Jemně omezený token (fine-grained) s oprávněním Contents: čtení a zápis.',
    en: 'A fine-grained token with Contents: read and write.',
  },
  'setup.page.gh_article': {
    cs: 'Soubor článku v repozitáři',
    en: "The article's file in the repository",
  },
  'setup.page.gh_images': {
    cs: 'Složka fotek v repozitáři',
    en: 'The folder of its photos in the repository',
  },
  'setup.page.gh_image_url': { cs: 'Jak článek odkazuje na fotku', en: 'How the article refers to a photo' },
  'setup.page.gh_url_pattern': {
    cs: 'Adresa článku (vůči adrese webu)',
    en: "The article's address (relative to the site's)",
  },
  'setup.page.gh_repo': { cs: 'Repozitář (vlastník/název)', en: 'Repository (owner/name)' },
  'setup.page.gh_token': { cs: 'Token', en: 'Token' },
  'setup.page.gh_branch': { cs: 'Větev (prázdné: výchozí)', en: 'Branch (empty: the default)' },
  'setup.page.site_url': { cs: 'Veřejná adresa webu', en: "The site's public address" },
  'setup.page.static_title': { cs: 'Složka blogu {blog}', en: 'Folder of {blog}' },
  'setup.page.static_dir': { cs: 'Složka na tomto serveru', en: 'Folder on this server' },
  'setup.page.invalid': {
    cs: 'Zkontrolujte vyplněné údaje: {problem}',
    en: 'Check what you filled in: {problem}',
  },
  'setup.page.intake_title': {
    cs: 'Jak se pressbridge dozví o zakázkách',
    en: 'How pressbridge learns of deals',
  },
  'setup.page.intake_poll': {
    cs: 'Dotazováním (doporučeno): nic není třeba otevírat do internetu.',
    en: 'By polling (recommended): nothing has to be opened to the internet.',
  },
  'setup.page.intake_webhook': {
    cs: 'Webhookem na veřejné HTTPS adrese tohoto serveru.',
    en: "By webhook at this server's public HTTPS address.",
  },
  'setup.page.webhook_url': {
    cs: 'Veřejná HTTPS adresa webhooku',
    en: 'Public HTTPS address of the webhook',
  },
  'setup.page.webhook_port': {
    cs: 'Port příjmu webhooků',
    en: 'Port of the webhook listener',
  },
  'setup.page.webhook_port_note': {
    cs: 'Při dotazování na něm nic nenaslouchá; použije se, až zaregistrujete webhook (pressbridge webhook register). Lze ho změnit i parametrem pressbridge start --webhook-port nebo proměnnou PRESSBRIDGE_WEBHOOK_PORT.',
    en: 'With polling nothing listens on it; it is used once you register a webhook (pressbridge webhook register). pressbridge start --webhook-port or the variable PRESSBRIDGE_WEBHOOK_PORT change it too.',
  },
  'setup.page.notify_title': { cs: 'Upozornění', en: 'Notifications' },
  'setup.page.notify_intro': {
    cs: 'Kam vám pressbridge napíše, když něco potřebuje vás. ntfy ani Telegram nepotřebují žádný server.',
    en: 'Where pressbridge tells you when something needs you. Neither ntfy nor Telegram needs a server.',
  },
  'setup.page.notify_none': { cs: 'Zatím žádná upozornění', en: 'No notifications for now' },
  'setup.page.notify_ntfy': { cs: 'ntfy (aplikace v telefonu)', en: 'ntfy (a phone app)' },
  'setup.page.notify_telegram': { cs: 'Telegram (bot)', en: 'Telegram (a bot)' },
  'setup.page.ntfy_topic': { cs: 'Téma ntfy', en: 'ntfy topic' },
  'setup.page.ntfy_server': { cs: 'Server ntfy', en: 'ntfy server' },
  'setup.page.ntfy_phone': {
    cs: 'Do telefonu si nainstalujte aplikaci ntfy (Google Play, F-Droid nebo App Store) a přihlaste se k odběru tohoto tématu jedním z odkazů níže, pak pošlete zkušební zprávu. Téma je náhodné a nikdo jiný ho nezná: funguje jako heslo, nikomu ho neukazujte.',
    en: 'Install the ntfy app on your phone (Google Play, F-Droid or App Store) and subscribe to this topic through one of the links below, then send the test message. The topic is random and nobody else knows it: it works as a password, so keep it to yourself.',
  },
  'setup.page.ntfy_app_link': {
    cs: '– v Androidu otevře aplikaci ntfy a téma v ní přidá',
    en: '– on Android: opens the ntfy app and adds the topic',
  },
  'setup.page.ntfy_web_link': {
    cs: '– v jakémkoli telefonu stránka tématu (tam Subscribe); v aplikaci pro iPhone klepněte na + a téma opište',
    en: "– on any phone: the topic's page (Subscribe there); in the iPhone app, tap + and type the topic",
  },
  'setup.page.tg_token': { cs: 'Token bota', en: 'Bot token' },
  'setup.page.tg_chat': { cs: 'Chat (číslo nebo @kanal)', en: 'Chat (a number or @channel)' },
  'setup.page.notify_test': { cs: 'Poslat zkušební zprávu', en: 'Send a test message' },
  'setup.page.finish_title': { cs: 'Dokončení', en: 'Finish' },
  'setup.page.agent_intro': {
    cs: 'Zapnout na tržišti publikování agentem (pressbridge) pro tyto blogy:',
    en: 'Switch on agent publishing (pressbridge) in the marketplace for these blogs:',
  },
  'setup.page.password_intro': {
    cs: 'Stránka stavu je dostupná i z jiných počítačů, proto potřebuje heslo.',
    en: 'The status page is reachable from other machines, so it needs a password.',
  },
  'setup.page.status_password': { cs: 'Heslo stránky stavu', en: 'Status page password' },
  'setup.page.finish': { cs: 'Uložit a spustit', en: 'Save and start' },
  'setup.page.failed': {
    cs: 'Tento krok se nepodařil; podrobnosti jsou v logu pressbridge. Zkuste to znovu.',
    en: "This step failed; the details are in pressbridge's log. Try again.",
  },
  'setup.page.done_title': { cs: 'pressbridge běží', en: 'pressbridge is running' },
  'setup.page.done_intro': { cs: 'Nastavení je uložené v {path}.', en: 'The setup is saved in {path}.' },
  'setup.page.doctor_title': { cs: 'Kontroly (pressbridge doctor)', en: 'Checks (pressbridge doctor)' },
  'setup.page.open_status': { cs: 'Otevřít stránku stavu', en: 'Open the status page' },
  'setup.page.host_refused': {
    cs: 'Stránka nastavení odpovídá jen na jméno localhost nebo 127.0.0.1 (a na jména v PRESSBRIDGE_STATUS_HOSTS), aby ji cizí webová stránka nemohla otevřít přes přesměrované DNS. Otevřete {url}, nebo toto jméno přidejte do PRESSBRIDGE_STATUS_HOSTS a pressbridge spusťte znovu.',
    en: 'The setup page answers only to localhost or 127.0.0.1 (and the names in PRESSBRIDGE_STATUS_HOSTS), so that no other web page can reach it through a re-pointed DNS name. Open {url}, or add this name to PRESSBRIDGE_STATUS_HOSTS and start pressbridge again.',
  },
  'setup.start.line': {
    cs: 'pressbridge zatím není nastavený: otevřete {url} a zadejte kód {token}',
    en: 'pressbridge is not set up yet: open {url} and enter the token {token}',
  },
} as const satisfies Catalog;
