import type { Catalog } from '../catalog.js';

/**
 * The rules of the GitHub publisher's options (plugins/github/options.ts, option-fields.ts and the pattern
 * checks of presets.ts), as its schema words them in English and the config loader says them to the blogger
 * (src/config/issues.ts). `{slug}`, `{ext}`, `{filename}`… in a text are the blogger's placeholders in a
 * pattern. Keys `gh.rule.`.
 */
export const publisherGitHubOptionMessages = {
  'gh.rule.token_required': {
    cs: 'chybí: token GitHubu (jemně omezený osobní přístupový token, github_pat_…), např. { env: GITHUB_TOKEN }',
    en: 'required: a GitHub token (a fine-grained personal access token, github_pat_…), e.g. { env: GITHUB_TOKEN }',
  },
  'gh.rule.token_text': {
    cs: 'musí být token GitHubu jako text (jemně omezený osobní přístupový token, github_pat_…)',
    en: 'must be a GitHub token as text (a fine-grained personal access token, github_pat_…)',
  },
  'gh.rule.repo': {
    cs: "musí být repozitář ve tvaru 'vlastník/název', např. jana/blog",
    en: "must be the repository as 'owner/name', e.g. jana/blog",
  },
  'gh.rule.preset': {
    cs: "musí být 'jekyll', 'hugo', 'astro' nebo 'generic'",
    en: "must be 'jekyll', 'hugo', 'astro' or 'generic'",
  },
  'gh.rule.yaml_value': {
    cs: 'musí být hodnota YAML (text, číslo, true/false, seznam nebo mapa)',
    en: 'must be a YAML value (text, number, true/false, list or map)',
  },
  'gh.rule.body_format': { cs: "musí být 'markdown' nebo 'html'", en: "must be 'markdown' or 'html'" },
  'gh.rule.branch_prefix': {
    cs: 'musí být předpona názvu větve, např. pressbridge/',
    en: 'must be a branch name prefix, e.g. pressbridge/',
  },
  'gh.rule.branch_prefix_chars': {
    cs: 'musí být předpona názvu větve, např. pressbridge/ (bez mezer, "..", "~", "^", ":" …)',
    en: 'must be a branch name prefix, e.g. pressbridge/ (no spaces, "..", "~", "^", ":" …)',
  },
  'gh.rule.branch': { cs: 'musí být název větve, např. main', en: 'must be a branch name, e.g. main' },
  'gh.rule.branch_chars': {
    cs: 'musí být název větve, např. main (bez mezer, "..", "~", "^", ":" …)',
    en: 'must be a branch name, e.g. main (no spaces, "..", "~", "^", ":" …)',
  },
  'gh.rule.author_name': { cs: 'musí být jméno', en: 'must be a name' },
  'gh.rule.author_email': { cs: 'musí být e-mailová adresa', en: 'must be an e-mail address' },
  'gh.rule.author': { cs: 'musí být mapa { name, email }', en: 'must be a map { name, email }' },
  'gh.rule.options': {
    cs: 'musí být mapa voleb GitHubu (token, repo, siteUrl, …)',
    en: 'must be a map of GitHub options (token, repo, siteUrl, …)',
  },
  'gh.rule.generic_needs': {
    cs: 'u předvolby generic povinné: {what}',
    en: 'required with preset generic: {what}',
  },
  'gh.rule.needs.article': {
    cs: 'soubor článku, např. "content/blog/{slug}.{ext}"',
    en: 'the article file, e.g. "content/blog/{slug}.{ext}"',
  },
  'gh.rule.needs.images': {
    cs: 'složka pro fotky, např. "public/images/{slug}/"',
    en: 'the folder for the photos, e.g. "public/images/{slug}/"',
  },
  'gh.rule.needs.image_url': {
    cs: 'jak článek odkazuje na fotku, např. "/images/{slug}/{filename}"',
    en: 'how the article refers to a photo, e.g. "/images/{slug}/{filename}"',
  },
  'gh.rule.needs.url_pattern': {
    cs: 'adresa článku, např. "{yyyy}/{mm}/{slug}/"',
    en: 'the article\'s address, e.g. "{yyyy}/{mm}/{slug}/"',
  },
  'gh.rule.under_site_url': {
    cs: 'musí ležet pod siteUrl ({siteUrl}), dokud front matter nese permalink; zapište ho relativně k siteUrl, nebo nastavte frontMatterKeys.permalink: null',
    en: 'must lie under siteUrl ({siteUrl}) while the front matter carries the permalink; write it relative to siteUrl, or set frontMatterKeys.permalink: null',
  },
  'gh.rule.not_url': { cs: 'nedává platnou adresu URL', en: 'does not make a valid URL' },
  'gh.rule.key_generated': {
    cs: '"{key}" zapisuje sám pressbridge; přejmenujte pole ve frontMatterKeys, nebo ho tady vynechte',
    en: '"{key}" is written by pressbridge itself; rename the field in frontMatterKeys or drop it here',
  },
  'gh.rule.key_taken': {
    cs: '"{key}" už je klíčem pole {first}',
    en: '"{key}" is already the key of {first}',
  },
  'gh.rule.key_name_or_null': {
    cs: 'musí být klíč front matter (písmena, číslice, _ a -), nebo null pro vynechání pole',
    en: 'must be a front-matter key (letters, digits, _ and -), or null to leave the field out',
  },
  'gh.rule.key_name': {
    cs: 'musí být klíč front matter (písmena, číslice, _ a -), např. pubDate',
    en: 'must be a front-matter key (letters, digits, _ and -), e.g. pubDate',
  },
  'gh.rule.pattern': { cs: 'musí být vzor jako "{example}"', en: 'must be a pattern such as "{example}"' },
  'gh.rule.paths': {
    cs: 'musí být mapa { article, images, imageUrl, coverUrl, draft }',
    en: 'must be a map { article, images, imageUrl, coverUrl, draft }',
  },
  'gh.rule.keys': {
    cs: 'musí být mapa z pole (title, date, …) na klíč, pod který se zapíše',
    en: 'must be a map from field (title, date, …) to the key to write it under',
  },
  'gh.rule.category_list': {
    cs: 'musí obsahovat alespoň jednu kategorii',
    en: 'must name at least one category',
  },
  'gh.rule.category_names': {
    cs: 'musí být název kategorie, nebo seznam názvů',
    en: 'must be a category name, or a list of names',
  },
  'gh.rule.categories_describe': {
    cs: 'název kategorie webu, např. { 12: Cestování }',
    en: "the site's category name, e.g. { 12: Cestování }",
  },
  // the pattern checks (plugins/github/presets.ts)
  'gh.rule.path.relative': {
    cs: 'musí být relativní ke kořeni repozitáře (bez "/" na začátku)',
    en: 'must be relative to the repository root (no leading "/")',
  },
  'gh.rule.path.slashes': { cs: 'mezi složkami musí být "/"', en: 'must use "/" between folders' },
  'gh.rule.path.folder': {
    cs: 'musí být složka: zakončete ji "/", např. "assets/images/{slug}/"',
    en: 'must be a folder: end it with "/", e.g. "assets/images/{slug}/"',
  },
  'gh.rule.path.file': {
    cs: 'musí být soubor, např. "content/blog/{slug}.{ext}"',
    en: 'must be a file, e.g. "content/blog/{slug}.{ext}"',
  },
  'gh.rule.path.root': { cs: 'nesmí být kořen repozitáře', en: 'must not be the repository root' },
  'gh.rule.path.segment': {
    cs: '"{segment}" smí obsahovat jen písmena a-z, číslice, ".", "-", "_" a zástupné symboly',
    en: '"{segment}" may hold only letters a-z, digits, ".", "-", "_" and placeholders',
  },
  'gh.rule.path.dots': {
    cs: 'nesmí obsahovat složky "." ani ".."',
    en: 'must not contain "." or ".." folders',
  },
  'gh.rule.path.reserved': { cs: 'nesmí zapisovat do {folder}/', en: 'must not write into {folder}/' },
  'gh.rule.path.mdx': {
    cs: 'nesmí být soubor .mdx: MDX spouští složené závorky a značky v textu jako JavaScript; použijte .md nebo {ext}',
    en: 'must not be an .mdx file: MDX runs braces and tags in the text as JavaScript; use .md or {ext}',
  },
  'gh.rule.path.own_file': {
    cs: 'musí obsahovat {slug} nebo {dealId}, aby každý obchod dostal vlastní soubor',
    en: 'must contain {slug} or {dealId}, so that every deal gets its own file',
  },
  'gh.rule.url.spaces': { cs: 'nesmí obsahovat mezery', en: 'must not contain spaces' },
  'gh.rule.url.query': {
    cs: 'nesmí obsahovat ?dotaz ani #fragment',
    en: 'must not contain ?query or #fragment',
  },
  'gh.rule.url.own_url': {
    cs: 'musí obsahovat {slug} nebo {dealId}, aby každý článek dostal vlastní adresu URL',
    en: 'must contain {slug} or {dealId}, so that every article gets its own URL',
  },
  'gh.rule.url.filename': { cs: 'musí obsahovat {filename}', en: 'must contain {filename}' },
  'gh.rule.url.kind': {
    cs: 'musí být adresa http(s), cesta začínající "/", nebo cesta relativní ke stránce',
    en: 'must be an http(s) address, a path beginning with "/", or a path relative to the page',
  },
  'gh.rule.placeholder': {
    cs: 'neznámý zástupný symbol {placeholder} (tady známé: {known})',
    en: 'unknown placeholder {placeholder} (known here: {known})',
  },
} as const satisfies Catalog;
