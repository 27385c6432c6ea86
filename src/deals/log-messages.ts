/**
 * The deal log's fixed messages (issue 28): each line a deal's log can hold, by a stable key, in the English the
 * daemon's log (pino) writes. An entry is stored with its key (`log.<key>`), and the status page and the CLI say
 * it in the blogger's language from the catalog (src/i18n/messages/deal-log.ts, whose English is this table);
 * its values stay in the entry's fields. An entry stored before keys existed, or by a newer release, is shown
 * as its English text.
 *
 * `DealLogger` (./logger.ts) takes only these messages, so a new line cannot reach the blogger without its
 * translation; what varies goes in the fields.
 */
export const DEAL_LOG = {
  // the pipeline (src/pipeline/)
  processing: 'processing deal',
  text_waits: 'text awaits the advertiser approval',
  text_waits_too_long:
    'the text still awaits the advertiser approval; the marketplace still waited for the article, and the further minutes after the deadline passed too: giving up. If the deal still takes a URL, "retry" on the status page runs it again',
  deadline_missed: 'deal missed its deadline',
  failed: 'deal failed',
  attempt_failed: 'deal attempt failed; will retry',
  resuming: 'resuming: the article is published already; verifying and handing in its URL',
  step_not_recorded: 'step not recorded',
  text_fetched: 'deal text fetched',
  text_cached: 'deal text taken from the earlier attempt',
  photo_unusable: 'a photo from the marketplace cannot be used; the article is published without it',
  photos_ready: 'photos ready',
  no_h1: "the text has no <h1>; the deal's name is the title",
  markup_removed: 'markup outside the allowlist removed from the text',
  photo_marker_missing: 'a photo marker has no photo; the marker was removed',
  photo_unmarked: 'a photo has no marker in the text; it was placed at the end of the article',
  published: 'article published',
  published_reused: 'the article was published by an earlier attempt; reusing it',
  draft_created: 'the blogger publishes this article by hand: a draft with the brief was created',
  draft_without_detail:
    'the deal detail (keyword URLs) could not be fetched; the draft holds the brief from deal.accepted',
  not_live_yet: 'the article does not answer 200 yet',
  live: 'the article is live',
  handing_in_late: 'the marketplace still waits: handing the URL in late',
  files_not_deleted: 'working files not deleted',
  handed_in_late: 'URL handed in after the deadline',
  handed_in: 'URL handed in',
  handed_in_already: 'the URL was handed in already; nothing to do',
  draft_exists: 'the draft with the brief exists already; nothing to do',
  article_not_reachable_yet: 'the marketplace could not reach the article yet (clanek_nedostupny)',
  other_url_kept: 'the marketplace already has another URL for this deal (handed in by hand?); keeping it',
  handed_in_confirmed: 'the URL had been handed in already (clanek_odevzdan); confirmed',
  skip_instant: 'the marketplace publishes this article itself (instant_publish); nothing to do',
  skip_placla: 'the marketplace publishes this article itself (published_by: placla); nothing to do',
  skip_bloger_unknown_blog:
    'the blogger publishes this article by hand (published_by: bloger); the blog is not configured, so no draft is made',
  skip_bloger:
    'the blogger publishes this article by hand (published_by: bloger); set bloggerPublished: draft on the blog to get a draft with the brief',
  service_by_blogger:
    "a service bought on the deal is the blogger's to perform; pressbridge does not do extra services",
  service_needs_url: 'a service bought on the deal needs its URL handed in by hand',
  // the last look (src/pipeline/steps/look-step.ts)
  look_fits: "the real text fits the blogger's rules",
  look_no_detail: 'the deal detail could not be read; the rules judge without it (unknown links ask)',
  look_held:
    "the real text breaks the blogger's rules: the article is kept as a draft, not live; waiting for the blogger's approve or refuse",
  look_approved: 'the blogger approved the held deal: publishing and handing in',
  look_refused: 'the blogger refused the held deal: nothing is handed in',
  look_message_sent: 'the advertiser was told why the deal was refused',
  look_draft_trashed:
    "the refused deal's draft was moved to the trash (not public); it can be restored from there",
  look_draft_deleted: "the refused deal's draft was deleted (it was never public)",
  look_draft_kept:
    "the refused deal's draft stays where it was kept (never public): this publisher does not put it away; delete it by hand if you do not want it",
  look_no_answer_hold:
    'no answer before the links expired; onNoAnswer is hold: nothing is published and the deadline passes',
  look_no_answer_publish:
    'no answer before the links expired; onNoAnswer is publish: publishing and handing in',
  look_no_answer_refuse: 'no answer before the links expired; onNoAnswer is refuse: refusing the deal',
  // the marketplace decides (./verdict.ts)
  verdict_ask_failed: 'asking the marketplace about the deal failed',
  verdict_still_wanted:
    'the marketplace still waits for the article (akceptovano, no URL): publishing and handing in late',
  verdict_has_our_url: 'the marketplace already has our URL',
  verdict_handed_in_by_hand:
    'the marketplace already has a URL for this deal: it was handed in by hand; pressbridge publishes nothing more',
  verdict_moved_on: 'the marketplace no longer waits for an article; pressbridge publishes nothing',
  // intake and reconciliation (src/intake/, src/reconcile/)
  poll_found: 'the poll found this accepted deal in the marketplace and queued it',
  reconcile_found:
    'no deal.accepted webhook arrived for this accepted deal; reconciliation found it in the marketplace and queued it',
  never_queued: 'the deal was recorded but never queued (a crash in between); it is queued now',
  job_lost: 'the deal was in progress but its queue job was gone (Redis lost it?); it is queued again',
  poll_cancelled:
    'the poll found the deal cancelled in the marketplace (zruseno); its run ends at its next step',
  // money (src/money/)
  paid_other_blog: "deal.paid names another blog than this deal's; not recorded as paid",
  paid: 'paid out by the advertiser',
  // the article watch (src/watch/)
  check_refused: 'article check: the site refused the check (bot protection?); nothing is known',
  check_unreadable: 'article check: the page could not be read; nothing is known',
  check_gone: 'article check: the article does not answer 200',
  check_links: 'article check: advertiser links are missing or changed',
  check_page: 'article check: label, indexing or canonical changed',
  check_text_edited: "article check: live, links in place; the article's text was edited",
  check_not_modified: 'article check: not modified since the last check (304)',
  check_ok: 'article check: live, every advertiser link in place',
  watch_ended: 'article watch ended',
  restored:
    'deal record restored from the article evidence on disk (Redis had lost it); the article watch goes on',
  // A finding about the marketplace's data (./recycled-id.ts) names what differs: its line has values, so it is
  // the catalog's `log.recycled_id` with params, not a line of this table.
} as const;

export type DealLogKey = keyof typeof DEAL_LOG;
/** One of the deal log's fixed messages, in English. */
export type DealLogMessage = (typeof DEAL_LOG)[DealLogKey];

const KEYS: ReadonlyMap<string, DealLogKey> = new Map(
  Object.entries(DEAL_LOG).map(([key, text]) => [text, key as DealLogKey]),
);

/** The catalog key of a fixed message (`log.<key>`), or undefined for any other text. */
export function dealLogKeyOf(msg: string): string | undefined {
  const key = KEYS.get(msg);
  return key === undefined ? undefined : `log.${key}`;
}
