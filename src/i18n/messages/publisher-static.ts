import type { Catalog } from '../catalog.js';

/**
 * What the static-site publisher (plugins/static/) says to the blogger: its `pressbridge doctor` checks, its
 * reachability line and its errors. Keys `static.`. `{reason}` is the system's own error text.
 */
export const publisherStaticMessages = {
  'static.check.writable': { cs: 'složku {dir} lze zapisovat', en: 'folder {dir} is writable' },
  'static.check.will_create': {
    cs: 'složka {dir} se vytvoří v {parent}',
    en: 'folder {dir} will be created in {parent}',
  },
  'static.check.not_writable': {
    cs: 'do složky {dir} nelze zapisovat ({reason})',
    en: 'folder {dir} is not writable ({reason})',
  },
  'static.reach.published': { cs: '{folder}; zveřejněno na {url}', en: '{folder}; published at {url}' },
  'static.reach.serving': {
    cs: '{folder}; obsluhováno na {url} (HEAD / → {status})',
    en: '{folder}; serving at {url} (HEAD / → {status})',
  },
  'static.reach.server_failed': { cs: '{folder}; server: {error}', en: '{folder}; server: {error}' },
  'static.check.folder': { cs: 'složka statického webu {dir}', en: 'static site folder {dir}' },
  'static.check.folder_ok': { cs: 'lze zapisovat', en: 'writable' },
  'static.check.space': { cs: 'volné místo pro {dir}', en: 'free space for {dir}' },
  'static.check.space_free': { cs: 'volno {mb} MB', en: '{mb} MB free' },
  'static.check.space_fix': {
    cs: 'uvolněte místo: každý článek potřebuje prostor pro své fotky',
    en: 'free some space: every article needs room for its photos',
  },
  'static.check.index': { cs: 'úvodní stránka {dir}/index.html', en: 'index page {dir}/index.html' },
  'static.check.index_foreign': {
    cs: 'nenapsal ji pressbridge, takže ji nechává být a seznam článků nevede',
    en: 'was not written by pressbridge, so it is left alone and no list of articles is kept',
  },
  'static.check.index_fix': {
    cs: 'nastavte indexPage: false, nebo ten index.html přesuňte jinam',
    en: 'set indexPage: false, or move that index.html away',
  },
  'static.check.server': { cs: 'souborový server na {host}:{port}', en: 'file server on {host}:{port}' },
  'static.check.any_port': { cs: 'libovolném volném portu', en: 'any free port' },
  'static.check.serving': {
    cs: 'obsluhuje {dir} na {url} (HEAD / → {status})',
    en: 'serving {dir} at {url} (HEAD / → {status})',
  },
  'static.check.server_in_use_fix': {
    cs: 'v pořádku, pokud složku obsluhuje běžící démon pressbridge sám; jinak port uvolněte',
    en: 'fine while the pressbridge daemon itself is running and serving the folder; otherwise free the port',
  },
  'static.check.server_fix': {
    cs: 'zkontrolujte serve.host a serve.port',
    en: 'check serve.host and serve.port',
  },
  'static.check.public': { cs: 'veřejná adresa {url}', en: 'public address {url}' },
  'static.check.public_ok': { cs: 'GET → {status}', en: 'GET → {status}' },
  'static.check.public_no_index': {
    cs: 'GET → {status}: úvodní stránka tam (zatím) není',
    en: 'GET → {status}: no index page there (yet)',
  },
  'static.check.public_no_index_fix': {
    cs: 'po prvním článku ověřte, že webový server na {url} obsluhuje právě {dir} (viz README pluginu static: rsync, nebo webový server nasměrovaný na složku)',
    en: "after the first article, make sure {dir} is what the web server serves at {url} (see the static plugin's README: rsync or a web server pointed at the folder)",
  },
  'static.check.public_fix': {
    cs: 'obsluhujte {dir} na {url}, nebo opravte volbu baseUrl',
    en: 'serve {dir} at {url}, or correct the option baseUrl',
  },
  'static.check.public_no_answer': { cs: 'bez odpovědi: {reason}', en: 'no answer: {reason}' },
  'static.check.public_no_answer_fix': {
    cs: 'obsluhujte {dir} na {url} (webovým serverem, nebo serve: {} za reverzní proxy), nebo opravte volbu baseUrl',
    en: 'serve {dir} at {url} (a web server, or serve: {} behind a reverse proxy), or correct the option baseUrl',
  },
  // errors (errors.ts)
  'static.error.cannot_write': {
    cs: 'Do složky statického webu {dir} nelze zapsat {what} ({reason}): {fix}',
    en: 'Cannot write {what} in the static site folder {dir} ({reason}): {fix}',
  },
  'static.error.busy': {
    cs: 'Zápis do složky statického webu {dir} ({what}) teď selhal ({reason}); zkusí se to znovu',
    en: 'Writing {what} in the static site folder {dir} failed for now ({reason}); will retry',
  },
  'static.error.io': {
    cs: 'Zápis do složky statického webu {dir} ({what}) selhal ({reason}); zkusí se to znovu',
    en: 'Writing {what} in the static site folder {dir} failed ({reason}); will retry',
  },
  'static.what.test_file': { cs: 'zkušební soubor', en: 'a test file' },
  'static.what.article': { cs: 'článek', en: 'the article' },
  'static.what.draft': { cs: 'koncept', en: 'the draft' },
  'static.fix.EACCES': {
    cs: 'pressbridge tam nesmí zapisovat: dejte uživateli, pod kterým pressbridge běží, právo zápisu do {dir} (např. chown -R <user> {dir}), nebo nastavte volbu dir na složku, kam zapisovat smí',
    en: 'pressbridge may not write there: make {dir} writable by the user running pressbridge (e.g. chown -R <user> {dir}), or set the option dir to a folder it may write to',
  },
  'static.fix.EPERM': {
    cs: 'operace není dovolena: {dir} a vše v ní musí patřit uživateli, pod kterým pressbridge běží, nebo nastavte volbu dir na jinou složku',
    en: 'the operation is not permitted: make {dir} and everything in it owned by the user running pressbridge, or set the option dir to another folder',
  },
  'static.fix.ENOSPC': {
    cs: 'disk se složkou {dir} je plný: uvolněte na něm místo a obchod zkuste znovu',
    en: 'the disk holding {dir} is full: free some space there, then retry the deal',
  },
  'static.fix.EDQUOT': {
    cs: 'uživatel, pod kterým pressbridge běží, vyčerpal na {dir} diskovou kvótu: uvolněte místo nebo kvótu zvyšte',
    en: 'the disk quota of the user running pressbridge is used up on {dir}: free some space or raise the quota',
  },
  'static.fix.EROFS': {
    cs: '{dir} je na souborovém systému jen pro čtení: připojte ho pro zápis (v Dockeru zapisovatelný svazek), nebo nastavte volbu dir na zapisovatelnou složku',
    en: '{dir} is on a read-only file system: mount it writable (in Docker: a writable volume), or set the option dir to a writable folder',
  },
  'static.fix.ENOTDIR': {
    cs: 'část cesty je soubor, ne složka: zkontrolujte volbu dir ({dir}) a co je v ní',
    en: 'a part of the path is a file, not a folder: check the option dir ({dir}) and what is inside it',
  },
  'static.fix.EISDIR': {
    cs: 'v {dir} stojí složka tam, kam pressbridge zapisuje soubor: odstraňte ji',
    en: 'a folder stands where pressbridge writes a file in {dir}: remove it',
  },
  'static.fix.ENAMETOOLONG': {
    cs: 'cesta je pro souborový systém příliš dlouhá: zvolte kratší dir než {dir}, nebo kratší pathPattern',
    en: 'the path is too long for the file system: choose a shorter dir than {dir} or a shorter pathPattern',
  },
  'static.fix.ELOOP': {
    cs: 'symbolický odkaz uvnitř {dir} ukazuje sám na sebe: odstraňte ho',
    en: 'a symbolic link inside {dir} points at itself: remove it',
  },
  'static.error.port_in_use': {
    cs: 'Server statického webu nemůže naslouchat na {where}: port používá jiný program (jiný pressbridge?); zastavte ho, nebo nastavte serve.port na volný port',
    en: 'The static site server cannot listen on {where}: the port is in use by another program (another pressbridge?); stop it or set serve.port to a free port',
  },
  'static.error.cannot_listen': {
    cs: 'Server statického webu nemůže naslouchat na {where} ({reason}): {fix}',
    en: 'The static site server cannot listen on {where} ({reason}): {fix}',
  },
  'static.fix.privileged_port': {
    cs: 'porty pod 1024 vyžadují oprávnění: použijte port nad 1024 za reverzní proxy',
    en: 'ports below 1024 need privileges: use a port above 1024 behind a reverse proxy',
  },
  'static.fix.not_this_machine': {
    cs: 'adresa nepatří tomuto stroji: nastavte serve.host na 127.0.0.1, 0.0.0.0 nebo adresu tohoto stroje',
    en: 'the address is not one of this machine: set serve.host to 127.0.0.1, 0.0.0.0 or an address of this machine',
  },
} as const satisfies Catalog;
