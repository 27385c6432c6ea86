import type { Catalog } from '../catalog.js';

/**
 * The WordPress steps of the first-run setup (issue 21 step 2c, src/setup/wordpress/): each check's success, each
 * failure and, under `<key>.fix`, what the blogger does about it. src/setup/wordpress/messages.ts turns them
 * into checks.
 */
const HEADER_FIX_CS =
  'Nastavte webový server, aby hlavičku Authorization předával PHP: Apache – do souboru .htaccess přidejte `SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1` (nebo `CGIPassAuth On`); nginx s PHP-FPM – `fastcgi_param HTTP_AUTHORIZATION $http_authorization;`; proxy nebo CDN před webem musí hlavičku Authorization propouštět. Na sdíleném hostingu o to požádejte podporu.';
const HEADER_FIX_EN =
  'Make the web server pass the Authorization header to PHP: Apache – add `SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1` to .htaccess (or `CGIPassAuth On`); nginx with PHP-FPM – `fastcgi_param HTTP_AUTHORIZATION $http_authorization;`; a proxy or CDN in front must forward the Authorization header. On shared hosting, ask the host’s support.';
const NEW_PASSWORD_CS =
  'Propojte WordPress znovu (tlačítkem, WordPress vytvoří nové heslo aplikace), nebo v administraci WordPressu (Uživatelé → Profil → Hesla aplikací) vytvořte nové heslo aplikace a vložte ho celé.';
const NEW_PASSWORD_EN =
  'Connect WordPress again (with the button: WordPress makes a new Application Password), or create a new Application Password in WordPress’s admin (Users → Profile → Application Passwords) and paste all of it.';

export const setupWordPressMessages = {
  'setup.wp.address.invalid': {
    cs: 'Adresa „{address}“ není adresa webu.',
    en: '“{address}” is not a web address.',
  },
  'setup.wp.address.invalid.fix': {
    cs: 'Napište adresu blogu tak, jak ji píšete do prohlížeče, např. https://muj-blog.cz.',
    en: 'Type the blog’s address as you type it into a browser, e.g. https://my-blog.cz.',
  },
  'setup.wp.rest.ok': {
    cs: 'WordPress REST API nalezeno na {root}.',
    en: 'WordPress REST API found at {root}.',
  },
  'setup.wp.rest.unreachable': {
    cs: 'Web {site} neodpovídá ({reason}).',
    en: '{site} does not answer ({reason}).',
  },
  'setup.wp.rest.unreachable.fix': {
    cs: 'Zkontrolujte adresu a že web běží (otevřete ho v prohlížeči).',
    en: 'Check the address and that the site is up (open it in a browser).',
  },
  'setup.wp.rest.not_found': {
    cs: 'Na {site} jsme nenašli WordPress REST API (zkoušeli jsme {tried}).',
    en: 'No WordPress REST API found at {site} (tried {tried}).',
  },
  'setup.wp.rest.not_found.fix': {
    cs: 'Zadejte adresu úvodní stránky blogu (u WordPressu v podsložce i s ní). Jde-li o WordPress, REST API vypnul plugin (např. „Disable REST API“): povolte ho.',
    en: 'Type the address of the blog’s home page (with its folder if WordPress lives in one). If it is WordPress, a plugin (e.g. “Disable REST API”) switched the REST API off: allow it.',
  },
  'setup.wp.rest.blocked': {
    cs: 'WordPress REST API na {site} je zablokované: {said}.',
    en: 'The WordPress REST API of {site} is blocked: {said}.',
  },
  'setup.wp.rest.blocked.fix': {
    cs: 'Bezpečnostní plugin nebo firewall (Wordfence, iThemes Security, All In One WP Security, pravidla hostingu) odmítá REST API nepřihlášeným. Povolte REST API, nebo alespoň cesty /wp/v2/ a přihlášení heslem aplikace.',
    en: 'A security plugin or firewall (Wordfence, iThemes Security, All In One WP Security, the host’s rules) refuses the REST API to visitors. Allow the REST API, or at least /wp/v2/ and Application Password logins.',
  },
  'setup.wp.rest.html': {
    cs: 'Na {url} odpovídá stránka, ne REST API ({said}).',
    en: '{url} answers with a page, not the REST API ({said}).',
  },
  'setup.wp.rest.html.fix': {
    cs: 'Cache nebo bezpečnostní plugin podstrkuje místo REST API stránku, nebo plugin či PHP varování tiskne text do odpovědí. Vyřaďte adresy /wp-json/ a ?rest_route= z cache, vypněte zobrazování PHP chyb (WP_DEBUG_DISPLAY) a zkuste to znovu.',
    en: 'A cache or security plugin serves a page instead of the REST API, or a plugin or PHP warning prints into its answers. Exclude /wp-json/ and ?rest_route= from the cache, switch off displayed PHP errors (WP_DEBUG_DISPLAY) and try again.',
  },
  'setup.wp.app_passwords.ok': {
    cs: 'Hesla aplikací jsou zapnutá; WordPress sám vytvoří heslo pro pressbridge.',
    en: 'Application Passwords are on; WordPress itself makes pressbridge’s password.',
  },
  'setup.wp.app_passwords.http': {
    cs: 'WordPress na {site} nenabízí hesla aplikací. Web běží na http a bez https je WordPress povoluje jen v lokálním prostředí; jinak je vypnul bezpečnostní plugin.',
    en: 'WordPress at {site} offers no Application Passwords. The site runs on http, and without https WordPress allows them only in a local environment; otherwise a security plugin switched them off.',
  },
  'setup.wp.app_passwords.http.fix': {
    cs: "Zapněte pro web https (u hostingu obvykle „Let’s Encrypt“ jedním kliknutím) a zadejte adresu s https://. Jde-li o web na vlastním počítači s define('WP_ENVIRONMENT_TYPE', 'local'); ve wp-config.php, zapněte hesla aplikací v nastavení bezpečnostního pluginu.",
    en: "Switch https on for the site (hosts usually offer “Let’s Encrypt” in one click) and type the https:// address. For a site on your own computer with define('WP_ENVIRONMENT_TYPE', 'local'); in wp-config.php, switch Application Passwords on in the security plugin’s settings.",
  },
  'setup.wp.app_passwords.off': {
    cs: 'Hesla aplikací jsou na {site} vypnutá (bezpečnostním pluginem nebo filtrem wp_is_application_passwords_available).',
    en: 'Application Passwords are switched off at {site} (by a security plugin or the wp_is_application_passwords_available filter).',
  },
  'setup.wp.app_passwords.off.fix': {
    cs: 'Zapněte je v nastavení bezpečnostního pluginu (Wordfence, Solid Security, All In One WP Security a další na to mají volbu), nebo odstraňte kód, který je vypíná. Pak to zkuste znovu.',
    en: 'Switch them on in the security plugin’s settings (Wordfence, Solid Security, All In One WP Security and others have an option for it), or remove the code that switches them off. Then try again.',
  },
  'setup.wp.app_passwords.user_off': {
    cs: 'Uživatel {user} nesmí používat hesla aplikací.',
    en: 'User {user} may not use Application Passwords.',
  },
  'setup.wp.app_passwords.user_off.fix': {
    cs: 'Bezpečnostní plugin je tomuto uživateli nebo jeho roli zakázal: povolte je, nebo propojte WordPress jako jiný uživatel (role Autor nebo vyšší).',
    en: 'A security plugin forbids them to this user or role: allow them, or connect WordPress as another user (role Author or higher).',
  },
  'setup.wp.header.ok': {
    cs: 'Hlavička Authorization dojde až k WordPressu.',
    en: 'The Authorization header reaches WordPress.',
  },
  'setup.wp.header.stripped': {
    cs: 'Heslo je správné (WordPress ho přijme přes XML-RPC), ale webový server nebo proxy zahazuje hlavičku Authorization, takže REST API nikoho nepřihlásí.',
    en: 'The password is right (WordPress accepts it over XML-RPC), but the web server or a proxy drops the Authorization header, so the REST API logs no one in.',
  },
  'setup.wp.header.stripped.fix': { cs: HEADER_FIX_CS, en: HEADER_FIX_EN },
  'setup.wp.password.ok': {
    cs: 'Přihlášeno jako {name} (uživatel {user}).',
    en: 'Signed in as {name} (user {user}).',
  },
  'setup.wp.password.wrong': {
    cs: 'WordPress heslo pro uživatele {user} odmítl: heslo aplikace není správné, bylo smazáno, nebo patří jinému uživateli.',
    en: 'WordPress refused the password of user {user}: the Application Password is wrong, was revoked, or belongs to another user.',
  },
  'setup.wp.password.wrong.fix': { cs: NEW_PASSWORD_CS, en: NEW_PASSWORD_EN },
  'setup.wp.password.login': {
    cs: 'Toto je heslo k přihlášení uživatele {user}, ne heslo aplikace; REST API ho nepřijme (a pressbridge ho nemá znát).',
    en: 'This is the login password of user {user}, not an Application Password; the REST API does not take it (and pressbridge should not know it).',
  },
  'setup.wp.password.login.fix': { cs: NEW_PASSWORD_CS, en: NEW_PASSWORD_EN },
  'setup.wp.password.undetermined': {
    cs: 'WordPress nikoho nepřihlásil: buď heslo aplikace není správné, nebo webový server zahazuje hlavičku Authorization. Rozlišit to nejde, protože XML-RPC je na webu vypnuté.',
    en: 'WordPress logged no one in: either the Application Password is wrong, or the web server drops the Authorization header. Which one cannot be told, as XML-RPC is off on the site.',
  },
  'setup.wp.password.undetermined.fix': {
    cs: `Nejdřív: ${NEW_PASSWORD_CS} Pokud ani nové heslo neprojde: ${HEADER_FIX_CS}`,
    en: `First: ${NEW_PASSWORD_EN} If a new password fails too: ${HEADER_FIX_EN}`,
  },
  'setup.wp.password.refused_other': {
    cs: 'WordPress přihlášení odmítl: {said}.',
    en: 'WordPress refused the login: {said}.',
  },
  'setup.wp.password.refused_other.fix': {
    cs: `Bezpečnostní plugin nebo firewall může blokovat přihlášení přes REST API; povolte ho. Jinak: ${NEW_PASSWORD_CS}`,
    en: `A security plugin or firewall may block logins to the REST API; allow them. Otherwise: ${NEW_PASSWORD_EN}`,
  },
  'setup.wp.capability.ok': {
    cs: 'Uživatel {user} smí {what}.',
    en: 'User {user} may {what}.',
  },
  'setup.wp.capability.missing': {
    cs: 'Uživatel {user} nesmí {what} (chybí oprávnění {capability}).',
    en: 'User {user} may not {what} (lacks the capability {capability}).',
  },
  'setup.wp.capability.missing.fix': {
    cs: 'V administraci WordPressu (Uživatelé → {user}) dejte uživateli roli Autor nebo vyšší, nebo propojte WordPress jako jiný uživatel s takovou rolí.',
    en: 'In WordPress’s admin (Users → {user}) give the user the role Author or higher, or connect WordPress as another user with such a role.',
  },
  'setup.wp.capability.publish_posts': { cs: 'publikovat příspěvky', en: 'publish posts' },
  'setup.wp.capability.upload_files': { cs: 'nahrávat obrázky', en: 'upload images' },
  'setup.wp.media.ok': {
    cs: 'Nahrání obrázku funguje.',
    en: 'Uploading an image works.',
  },
  'setup.wp.media.firewall': {
    cs: 'Nahrání obrázku odmítl firewall nebo bezpečnostní pravidlo před WordPressem ({said}).',
    en: 'A firewall or security rule in front of WordPress refused the image upload ({said}).',
  },
  'setup.wp.media.firewall.fix': {
    cs: 'Povolte nahrávání obrázků přes REST API (POST na /wp/v2/media s typem image/jpeg) v bezpečnostním pluginu nebo v pravidlech hostingu (ModSecurity); hosting vám s tím pomůže.',
    en: 'Allow image uploads through the REST API (POST to /wp/v2/media with type image/jpeg) in the security plugin or the host’s rules (ModSecurity); the host can help.',
  },
  'setup.wp.media.failed': {
    cs: 'WordPress obrázek nepřijal: {said}.',
    en: 'WordPress did not take the image: {said}.',
  },
  'setup.wp.media.failed.fix': {
    cs: 'Zkontrolujte, že se do WordPressu dají nahrát obrázky ručně (Média → Přidat nový) a že je volné místo; pak to zkuste znovu.',
    en: 'Check that images can be uploaded to WordPress by hand (Media → Add New) and that there is free space; then try again.',
  },
  'setup.wp.blocks.ok': {
    cs: 'Příspěvek s bloky editoru projde.',
    en: 'A post with block editor markup gets through.',
  },
  'setup.wp.blocks.firewall': {
    cs: 'Firewall nebo bezpečnostní pravidlo odmítá příspěvky s bloky editoru (komentáře <!-- wp: … -->), obyčejný text projde ({said}).',
    en: 'A firewall or security rule refuses posts with block editor markup (<!-- wp: … --> comments) while plain text gets through ({said}).',
  },
  'setup.wp.blocks.firewall.fix': {
    cs: 'Povolte v bezpečnostním pluginu nebo v pravidlech hostingu (ModSecurity) HTML komentáře v obsahu příspěvků posílaných přes REST API (/wp/v2/posts); hosting obvykle vypne to jedno pravidlo.',
    en: 'Allow HTML comments in post content sent through the REST API (/wp/v2/posts) in the security plugin or the host’s rules (ModSecurity); hosts usually switch that one rule off.',
  },
  'setup.wp.draft.ok': {
    cs: 'Zkušební koncept s obrázkem vytvořen a zase smazán (i s obrázkem).',
    en: 'A test draft with one image was created and deleted again (its image too).',
  },
  'setup.wp.draft.refused': {
    cs: 'WordPress nebo firewall odmítá vytvořit koncept: {said}.',
    en: 'WordPress or a firewall refuses to create a draft: {said}.',
  },
  'setup.wp.draft.refused.fix': {
    cs: 'Povolte vytváření příspěvků přes REST API (POST na /wp/v2/posts) v bezpečnostním pluginu nebo v pravidlech hostingu.',
    en: 'Allow creating posts through the REST API (POST to /wp/v2/posts) in the security plugin or the host’s rules.',
  },
  'setup.wp.draft.left': {
    cs: 'Zkušební koncept nebo obrázek se nepodařilo smazat ({left}): {said}.',
    en: 'The test draft or image could not be deleted ({left}): {said}.',
  },
  'setup.wp.draft.left.fix': {
    cs: 'Smažte je ve WordPressu ručně (Příspěvky → Koncepty, Média) a dejte uživateli právo mazat vlastní příspěvky (role Autor).',
    en: 'Delete them in WordPress by hand (Posts → Drafts, Media) and let the user delete own posts (role Author).',
  },
  'setup.wp.unavailable': {
    cs: 'WordPress na {site} teď neodpovídá správně ({said}).',
    en: 'WordPress at {site} does not answer properly right now ({said}).',
  },
  'setup.wp.unavailable.fix': {
    cs: 'Zkuste to za chvíli znovu; pokud to trvá, podívejte se do chybového logu webu nebo se zeptejte hostingu.',
    en: 'Try again in a moment; if it persists, look at the site’s error log or ask the host.',
  },
  'setup.wp.callback.incomplete': {
    cs: 'WordPress nevrátil jméno uživatele a heslo aplikace. Propojte WordPress znovu.',
    en: 'WordPress did not send back the user name and Application Password. Connect WordPress again.',
  },
  'setup.wp.callback.user': {
    cs: 'Jméno uživatele od WordPressu není platné. Propojte WordPress znovu.',
    en: 'The user name WordPress sent is not valid. Connect WordPress again.',
  },
  'setup.wp.callback.password': {
    cs: 'Heslo od WordPressu nemá tvar hesla aplikace (24 písmen a číslic). Propojte WordPress znovu.',
    en: 'The password WordPress sent is not shaped like an Application Password (24 letters and digits). Connect WordPress again.',
  },
  'setup.wp.callback.site': {
    cs: 'Odpověď přišla od jiného webu, než který propojujete. Propojte WordPress znovu.',
    en: 'The answer names another site than the one being connected. Connect WordPress again.',
  },
} as const satisfies Catalog;
