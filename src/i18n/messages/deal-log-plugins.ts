import { PLUGIN_LOG as en, type PluginLogKey } from '../../publisher/log-messages.js';
import type { CatalogEntry } from '../catalog.js';

/**
 * The publisher plugins' fixed lines in a deal's log (src/publisher/log-messages.ts, whose English is the
 * plugin's own line), as the blogger reads them. Keys `log.plugin.<key>`.
 */
export const dealLogPluginMessages = {
  'log.plugin.wp_published': { cs: 'zveřejněno ve WordPressu', en: en.wp_published },
  'log.plugin.wp_photos_reused': {
    cs: 'použijí se fotky, které do WordPressu nahrál předchozí pokus',
    en: en.wp_photos_reused,
  },
  'log.plugin.wp_post_gone': {
    cs: 'příspěvek zaznamenaný k tomuto obchodu zmizel nebo nepatří tomuto obchodu; hledá se ve WordPressu',
    en: en.wp_post_gone,
  },
  'log.plugin.wp_post_scheduled': {
    cs: 'příspěvek obchodu je ve WordPressu naplánovaný na později; ponechává se tak',
    en: en.wp_post_scheduled,
  },
  'log.plugin.wp_post_lower_status': {
    cs: 'příspěvek obchodu existuje s nižším stavem; aktualizuje se',
    en: en.wp_post_lower_status,
  },
  'log.plugin.wp_brief_exists': {
    cs: 'koncept se zadáním už ve WordPressu existuje; použije se',
    en: en.wp_brief_exists,
  },
  'log.plugin.wp_several_posts': {
    cs: 'značku tohoto obchodu nese víc příspěvků WordPressu; použije se první zveřejněný',
    en: en.wp_several_posts,
  },
  'log.plugin.wp_brief_created': { cs: 've WordPressu vznikl koncept se zadáním', en: en.wp_brief_created },
  'log.plugin.wp_plain_http': {
    cs: 'adresa WordPressu je prosté http: heslo aplikace putuje nešifrované; použijte https',
    en: en.wp_plain_http,
  },
  'log.plugin.wp_photo_post_process': {
    cs: 'WordPress fotku uložil, ale nedokončil ji; dokončuje se přes post-process',
    en: en.wp_photo_post_process,
  },
  'log.plugin.wp_photo_again': {
    cs: 'WordPress fotku odmítl, než ji uložil (jiné nahrávání zakládalo složku měsíce); posílá se ještě jednou',
    en: en.wp_photo_again,
  },
  'log.plugin.wp_photo_no_sizes': {
    cs: 'WordPress nedokázal vytvořit menší velikosti fotky; příspěvek použije plnou velikost',
    en: en.wp_photo_no_sizes,
  },
  'log.plugin.gh_path_taken': {
    cs: 'tuto cestu v repozitáři už má jiný článek; do názvu se přidá číslo obchodu',
    en: en.gh_path_taken,
  },
  'log.plugin.gh_brief_committed': {
    cs: 'zadání uloženo do GitHubu jako koncept',
    en: en.gh_brief_committed,
  },
  'log.plugin.gh_links_lost': {
    cs: 'odkazy přišly o atributy, které Markdown neumí (rel, target), protože volba rawHtml je vypnutá',
    en: en.gh_links_lost,
  },
  'log.plugin.wp_draft_trashed': {
    cs: 'koncept odmítnutého obchodu přesunut do koše WordPressu',
    en: en.wp_draft_trashed,
  },
  'log.plugin.gh_held_opened': {
    cs: 'článek čeká na váš pohled v konceptu pull requestu',
    en: en.gh_held_opened,
  },
  'log.plugin.gh_held_exists': {
    cs: 'pull request zadrženého obchodu už existuje; použije se',
    en: en.gh_held_exists,
  },
  'log.plugin.gh_held_nothing': {
    cs: 'článek obchodu už je ve větvi webu; není co zadržet',
    en: en.gh_held_nothing,
  },
  'log.plugin.gh_held_closed': {
    cs: 'pull request zadrženého obchodu zavřen, článek je zveřejněn',
    en: en.gh_held_closed,
  },
  'log.plugin.gh_held_refused': {
    cs: 'pull request odmítnutého obchodu zavřen a jeho větev smazána',
    en: en.gh_held_refused,
  },
  'log.plugin.gh_held_not_closed': {
    cs: 'pull request zadrženého obchodu se po zveřejnění nepodařilo zavřít; zavřete ho a smažte jeho větev ručně',
    en: en.gh_held_not_closed,
  },
  'log.plugin.static_draft_removed': { cs: 'koncept obchodu odstraněn', en: en.static_draft_removed },
  'log.plugin.static_draft_kept': { cs: 'koncept obchodu se nepodařilo odstranit', en: en.static_draft_kept },
  'log.plugin.gh_pr_opened': { cs: 'otevřen koncept pull requestu se zadáním', en: en.gh_pr_opened },
  'log.plugin.gh_branch_moved': {
    cs: 'větev se během commitu posunula; commit se vytvoří znovu na jejím novém konci',
    en: en.gh_branch_moved,
  },
  'log.plugin.gh_article_exists': {
    cs: 'článek obchodu už v repozitáři je; použije se',
    en: en.gh_article_exists,
  },
  'log.plugin.gh_branch_reused': {
    cs: 'větev obchodu z předchozího pokusu soubory obsahuje; použije se',
    en: en.gh_branch_reused,
  },
  'log.plugin.gh_brief_pr_exists': {
    cs: 'zadání obchodu už svůj pull request má; použije se',
    en: en.gh_brief_pr_exists,
  },
  'log.plugin.gh_brief_exists': {
    cs: 'zadání obchodu už v repozitáři je; použije se',
    en: en.gh_brief_exists,
  },
  'log.plugin.gh_pr_merged': {
    cs: 'pull request je sloučený; web teď článek nasazuje',
    en: en.gh_pr_merged,
  },
  'log.plugin.gh_pr_waiting': {
    cs: 'před odevzdáním se čeká na sloučení pull requestu',
    en: en.gh_pr_waiting,
  },
  'log.plugin.static_written': { cs: 'článek zapsán do statického webu', en: en.static_written },
  'log.plugin.static_draft_written': { cs: 'koncept zapsán (není veřejný)', en: en.static_draft_written },
  'log.plugin.static_leftovers': { cs: 'odstraněny zbytky přerušeného zápisu', en: en.static_leftovers },
  'log.plugin.static_foreign_index': {
    cs: 'index.html ve složce statického webu nenapsal pressbridge: nechává se být (indexPage: false tuto zprávu vypne)',
    en: en.static_foreign_index,
  },
  'log.plugin.static_manifest_failed': {
    cs: 'manifest obchodu se do složky statického webu nepodařilo zapsat',
    en: en.static_manifest_failed,
  },
  'log.plugin.static_index_failed': {
    cs: 'index.html statického webu se nepodařilo zapsat',
    en: en.static_index_failed,
  },
  'log.plugin.static_index_rewrite_failed': {
    cs: 'index.html statického webu se nepodařilo přepsat',
    en: en.static_index_rewrite_failed,
  },
  'log.plugin.static_draft_exists': { cs: 'koncept obchodu už existuje', en: en.static_draft_exists },
  'log.plugin.static_page_exists': {
    cs: 'stránka obchodu už ve složce statického webu je',
    en: en.static_page_exists,
  },
  'log.plugin.static_marker_gone': {
    cs: 'stránka obchodu už nenese jeho značku (ruční úprava?); stále je to stránka obchodu',
    en: en.static_marker_gone,
  },
  'log.plugin.static_page_gone': {
    cs: 'stránka zaznamenaná k tomuto obchodu ze složky statického webu zmizela; hledá se',
    en: en.static_page_gone,
  },
  'log.plugin.static_slug_taken': {
    cs: 'slug ve složce statického webu zabírá něco jiného; použije se očíslovaný',
    en: en.static_slug_taken,
  },
} as const satisfies Record<`log.plugin.${PluginLogKey}`, CatalogEntry>;
