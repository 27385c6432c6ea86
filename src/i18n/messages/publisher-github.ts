import type { Catalog } from '../catalog.js';

/**
 * What the GitHub publisher (plugins/github/) says to the blogger: its `pressbridge doctor` checks, its
 * reachability line and its errors. Keys `gh.`. `{said}` is GitHub's own words, quoted as they came.
 */
export const publisherGitHubMessages = {
  'gh.reach.ok': {
    cs: 'repozitář GitHub {repo} (výchozí větev {branch}{push})',
    en: 'GitHub repository {repo} (default branch {branch}{push})',
  },
  'gh.reach.no_push': { cs: ', token možná nesmí zapisovat', en: ', the token may not push' },
  'gh.check.repo': { cs: 'token GitHubu a repozitář {repo}', en: 'GitHub token and repository {repo}' },
  'gh.check.repo_fix_token': {
    cs: 'vytvořte jemně nastavený osobní token (fine-grained) s oprávněním Contents: read and write k repozitáři a nastavte volbu token',
    en: 'create a fine-grained personal access token with Contents: read and write on the repository and set the option token',
  },
  'gh.check.repo_fix_access': {
    cs: 'zkontrolujte volbu repo ({repo}) a dejte tokenu k repozitáři přístup',
    en: 'check the option repo ({repo}) and give the token access to it',
  },
  'gh.check.repo_seen': {
    cs: 'token vidí {repo} (výchozí větev {branch})',
    en: 'the token sees {repo} (default branch {branch})',
  },
  'gh.check.push': { cs: 'oprávnění zapisovat do {repo}', en: 'Permission to push to {repo}' },
  'gh.check.archived': {
    cs: 'repozitář je archivovaný (jen ke čtení)',
    en: 'the repository is archived (read-only)',
  },
  'gh.check.archived_fix': {
    cs: 'zrušte archivaci (Settings → Danger Zone)',
    en: 'unarchive it (Settings → Danger Zone)',
  },
  'gh.check.no_push': {
    cs: 'uživatel tokenu do repozitáře zapisovat nesmí',
    en: 'the token’s user may not push to the repository',
  },
  'gh.check.no_push_fix': {
    cs: 'dejte uživateli právo zápisu (Settings → Collaborators) a tokenu Contents: read and write',
    en: 'give the user write access (Settings → Collaborators), and the token Contents: read and write',
  },
  'gh.check.classic_scopes': {
    cs: 'klasický token bez oprávnění repo (oprávnění: {scopes})',
    en: 'a classic token without the repo scope (scopes: {scopes})',
  },
  'gh.check.classic_fix': {
    cs: 'použijte jemně nastavený token s Contents: read and write, nebo dejte klasickému tokenu oprávnění repo',
    en: 'use a fine-grained token with Contents: read and write, or give the classic token the repo scope',
  },
  'gh.check.none': { cs: 'žádná', en: 'none' },
  'gh.check.may_push': {
    cs: 'uživatel tokenu smí zapisovat (jemně nastavený token potřebuje i Contents: read and write)',
    en: 'the token’s user may push (a fine-grained token also needs Contents: read and write)',
  },
  'gh.check.may_push_pr': {
    cs: 'uživatel tokenu smí zapisovat a otevírat pull requesty (jemně nastavený token potřebuje i Contents: read and write a Pull requests: read and write)',
    en: 'the token’s user may push and open pull requests (a fine-grained token also needs Contents: read and write and Pull requests: read and write)',
  },
  'gh.check.push_unknown': {
    cs: 'GitHub neřekl, jestli token smí zapisovat',
    en: 'GitHub did not say whether the token may push',
  },
  'gh.check.branch': { cs: 'větev {branch} v {repo}', en: 'Branch {branch} of {repo}' },
  'gh.check.branch_missing': { cs: 'větev neexistuje', en: 'the branch does not exist' },
  'gh.check.branch_fix': {
    cs: 'nastavte volbu branch na větev, ze které se web sestavuje',
    en: 'set the option branch to the branch the site is built from',
  },
  'gh.check.protected': {
    cs: 'chráněná: přímé commity mohou být odmítnuty (poslední commit {sha})',
    en: 'protected: direct commits may be refused (head {sha})',
  },
  'gh.check.protected_fix': {
    cs: 'nastavte prMode: true, nebo uživateli tokenu dovolte do větve zapisovat',
    en: 'set prMode: true, or allow the token’s user to push to the branch',
  },
  'gh.check.head': { cs: 'poslední commit {sha}', en: 'head {sha}' },
  'gh.check.rate': { cs: 'limit API GitHubu pro token', en: 'GitHub API rate limit of the token' },
  'gh.check.rate_left': {
    cs: 'zbývá {remaining} z {limit} požadavků na tuto hodinu',
    en: '{remaining} of {limit} requests left this hour',
  },
  'gh.check.rate_fix': {
    cs: 'tentýž token možná používá jiný program; dejte pressbridge vlastní',
    en: 'another program may be using the same token; give pressbridge its own',
  },
  'gh.check.urls': { cs: 'veřejné adresy článků', en: 'Public URLs of the articles' },
  'gh.check.not_url': { cs: '„{url}“ není adresa', en: '"{url}" is not a URL' },
  'gh.check.url_pattern_fix': { cs: 'opravte volbu urlPattern', en: 'correct the option urlPattern' },
  'gh.check.url_sample': { cs: 'např. {url} pro {path}', en: 'e.g. {url} for {path}' },
  'gh.check.url_other_host': {
    cs: '{sample}: není na serveru ze siteUrl ({host}); tržiště bere jen adresy na doméně blogu',
    en: "{sample}: not on the host of siteUrl ({host}); the marketplace takes only URLs on the blog's domain",
  },
  'gh.check.url_other_host_fix': {
    cs: 'opravte urlPattern nebo siteUrl',
    en: 'correct urlPattern or siteUrl',
  },
  'gh.check.url_plain_http': { cs: '{sample}: prosté http', en: '{sample}: plain http' },
  'gh.check.use_https': { cs: 'použijte https adresu webu', en: 'use the https address of the site' },
  'gh.check.site': { cs: 'web na {url}', en: 'The site at {url}' },
  'gh.check.site_answers': { cs: 'odpovídá {status}', en: 'answers {status}' },
  'gh.check.site_fix': {
    cs: 'zkontrolujte siteUrl: musí to být veřejná adresa webu sestaveného z repozitáře',
    en: 'check siteUrl: it must be the public address of the site built from the repository',
  },
  'gh.check.site_no_answer': { cs: 'bez odpovědi ({reason})', en: 'no answer ({reason})' },
  'gh.check.site_no_answer_fix': { cs: 'zkontrolujte siteUrl', en: 'check siteUrl' },
  // errors (errors.ts, git-data.ts)
  'gh.fix.token': {
    cs: 'vytvořte jemně nastavený osobní token (GitHub → Settings → Developer settings → Personal access tokens) s přístupem k repozitáři a oprávněním Contents: read and write (pro prMode i Pull requests: read and write) a nastavte volbu token',
    en: 'create a fine-grained personal access token (GitHub → Settings → Developer settings → Personal access tokens) with access to the repository and the permission Contents: read and write (Pull requests: read and write for prMode), and set the option token',
  },
  'gh.error.rate_limited': {
    cs: 'Limit požadavků GitHubu pro token je vyčerpaný ({status} na {request}{limit}){until}; zkusí se to znovu za {seconds} s. Tentýž token možná spotřebovává jiný program',
    en: "GitHub's rate limit for the token is used up ({status} to {request}{limit}){until}; will retry in {seconds} s. Another program using the same token may be spending it",
  },
  'gh.error.rate_limit': { cs: ': {limit} požadavků za hodinu', en: ': {limit} requests an hour' },
  'gh.error.rate_until': { cs: ' do {time}', en: ' until {time}' },
  'gh.error.secondary': {
    cs: 'Druhotný limit GitHubu (příliš mnoho zápisů v krátké době) zastavil {request} v {repo} ({status}: {said}); zkusí se to znovu za {seconds} s',
    en: "GitHub's secondary rate limit (too many writes in a short time) stopped {request} on {repo} ({status}: {said}); will retry in {seconds} s",
  },
  'gh.error.unauthorized': {
    cs: 'GitHub odmítl token pro {repo} (401 na {request}: {said}): token je špatně, vypršel nebo byl zrušen; {fix}',
    en: 'GitHub rejected the token for {repo} (401 to {request}: {said}): the token is wrong, expired or revoked; {fix}',
  },
  'gh.error.forbidden': {
    cs: 'GitHub odmítl {request} v {repo} (403: {said}): token tohle nesmí; dejte mu přístup k {repo} s oprávněním Contents: read and write (pro prMode i Pull requests: read and write), nebo ověřte, že repozitář není archivovaný',
    en: 'GitHub refused {request} on {repo} (403: {said}): the token may not do this; give it access to {repo} with the permission Contents: read and write (Pull requests: read and write for prMode), or check that the repository is not archived',
  },
  'gh.error.unavailable': {
    cs: 'GitHub ({api}) odpověděl {status} na {request} ({said}); zkusí se to znovu',
    en: 'GitHub ({api}) answered {status} to {request} ({said}); will retry',
  },
  'gh.error.not_found': {
    cs: 'GitHub odpověděl 404 na {request}: repozitář {repo} neexistuje, nebo ho token nevidí (dejte tokenu přístup k {repo})',
    en: 'GitHub answered 404 to {request}: the repository {repo} does not exist, or the token cannot see it (give the token access to {repo})',
  },
  'gh.error.empty': {
    cs: 'Repozitář {repo} je prázdný (409 na {request}): nahrajte první commit webu, pak do něj pressbridge může přidávat články',
    en: "The repository {repo} is empty (409 to {request}): push the site's first commit, then pressbridge can add articles to it",
  },
  'gh.error.rejected': {
    cs: 'GitHub odmítl {request} v {repo}: {status} {said}',
    en: 'GitHub refused {request} on {repo}: {status} {said}',
  },
  'gh.error.aborted': { cs: '{request} na GitHub byl zrušen', en: '{request} to GitHub was cancelled' },
  'gh.error.timeout': {
    cs: 'GitHub ({api}) neodpověděl na {request} do {ms} ms; zkusí se to znovu (opakuje-li se to, zvyšte volbu timeoutMs)',
    en: 'GitHub ({api}) did not answer {request} within {ms} ms; will retry (raise the option timeoutMs if it keeps happening)',
  },
  'gh.error.answer_too_large': {
    cs: 'GitHub ({api}) odpověděl na {request} víc než {bytes} (limit pro {kind}); čtení bylo zastaveno: je apiBaseUrl REST API GitHubu?',
    en: 'GitHub ({api}) answered {request} with more than {bytes} (the limit for {kind}); the read was stopped: is apiBaseUrl a GitHub REST API?',
  },
  'gh.error.unreachable': {
    cs: 'GitHub na {api} není dostupný: {reason} ({request}); zkusí se to znovu',
    en: 'Cannot reach GitHub at {api}: {reason} ({request}); will retry',
  },
  'gh.error.repo_not_found': {
    cs: 'Repozitář GitHub {repo} neexistuje, nebo ho token nevidí: zkontrolujte volbu repo a dejte tokenu přístup k {repo} (jemně nastavený token → Repository access → Only select repositories)',
    en: 'The GitHub repository {repo} does not exist, or the token cannot see it: check the option repo, and give the token access to {repo} (fine-grained token → Repository access → Only select repositories)',
  },
  'gh.error.branch_not_found': {
    cs: 'Větev {branch} v repozitáři GitHub {repo} neexistuje: nastavte volbu branch na větev, ze které se web sestavuje',
    en: 'The branch {branch} does not exist in the GitHub repository {repo}: set the option branch to the branch the site is built from',
  },
  'gh.said.nothing': { cs: 'bez vysvětlení', en: 'no explanation' },
  'gh.net.not_found': {
    cs: 'název serveru nenalezen (zkontrolujte volbu apiBaseUrl)',
    en: 'host name not found (check the option apiBaseUrl)',
  },
} as const satisfies Catalog;
