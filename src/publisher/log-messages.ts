/**
 * The publisher plugins' fixed log lines that reach a deal's log (through `PublishLog`), by a stable key, in the
 * English the plugins write. The pipeline stores a line with its key (`log.plugin.<key>`) and the status page
 * says it in the blogger's language (src/i18n/messages/deal-log-plugins.ts, whose English is this table); a line
 * not listed here (one with a value in its words) is shown as written. A test checks that every line here is
 * still written by a plugin, word for word.
 */
export const PLUGIN_LOG = {
  wp_published: 'published to WordPress',
  wp_photos_reused: 'reusing photos an earlier attempt uploaded to WordPress',
  wp_post_gone: 'the post recorded for this deal is gone or is not this deal’s; looking it up in WordPress',
  wp_post_scheduled: 'the deal’s post is scheduled for later in WordPress; leaving it so',
  wp_post_lower_status: 'the deal’s post exists with a lower status; updating it',
  wp_brief_exists: 'the deal’s brief draft already exists in WordPress; reusing it',
  wp_several_posts: 'several WordPress posts carry this deal’s marker; using the first published one',
  wp_brief_created: 'created the brief draft in WordPress',
  wp_plain_http: 'WordPress url is plain http: the Application Password travels unencrypted; use https',
  wp_photo_post_process: 'WordPress stored the photo but failed to finish it; finishing it with post-process',
  wp_photo_again:
    'WordPress refused the photo before keeping it (another upload was making the month folder); sending it once more',
  wp_photo_no_sizes:
    'WordPress could not make the smaller sizes of a photo; the post uses its full-size file',
  gh_path_taken: 'another article already has this path in the repository; using the deal id in the name',
  gh_brief_committed: 'committed the brief to GitHub as a draft',
  gh_links_lost:
    'links lost attributes Markdown cannot express (rel, target) because the option rawHtml is off',
  gh_pr_opened: 'opened a draft pull request with the brief',
  gh_branch_moved: 'the branch moved while committing; making the commit again on its new head',
  gh_article_exists: 'the deal’s article is in the repository already; reusing it',
  gh_branch_reused: 'the deal’s branch from an earlier attempt holds its files; reusing it',
  gh_brief_pr_exists: 'the deal’s brief has its pull request already; reusing it',
  gh_brief_exists: 'the deal’s brief is in the repository already; reusing it',
  gh_pr_merged: 'the pull request is merged; the site deploys the article now',
  gh_pr_waiting: 'waiting for the pull request to be merged before handing in',
  wp_draft_trashed: 'moved the refused deal’s draft to the WordPress trash',
  gh_held_opened: 'held the article in a draft pull request for the blogger’s look',
  gh_held_exists: 'the deal’s held pull request exists already; reusing it',
  gh_held_nothing: 'the deal’s article is on the site’s branch already; there is nothing to hold',
  gh_held_closed: 'closed the deal’s held pull request now that the article is published',
  gh_held_refused: 'closed the refused deal’s held pull request and deleted its branch',
  gh_held_not_closed:
    'could not close the deal’s held pull request after publishing; close it and delete its branch by hand',
  static_draft_removed: 'removed the deal’s draft',
  static_draft_kept: 'the deal’s draft could not be removed',
  static_written: 'article written to the static site',
  static_draft_written: 'draft written (not public)',
  static_leftovers: 'removed leftovers of an interrupted write',
  static_foreign_index:
    'index.html in the static site folder was not written by pressbridge: it is left alone (set indexPage: false to silence this)',
  static_manifest_failed: 'could not write the deal’s manifest in the static site folder',
  static_index_failed: 'could not write index.html of the static site folder',
  static_index_rewrite_failed: 'could not rewrite index.html of the static site folder',
  static_draft_exists: 'the deal’s draft already exists',
  static_page_exists: 'the deal’s page is already in the static site folder',
  static_marker_gone:
    'the deal’s page no longer carries its marker (edited by hand?); it is still the deal’s page',
  static_page_gone: 'the page recorded for this deal is gone from the static site folder; looking for it',
  static_slug_taken: 'the slug is taken in the static site folder by something else; using a numbered one',
} as const;

export type PluginLogKey = keyof typeof PLUGIN_LOG;

const KEYS: ReadonlyMap<string, PluginLogKey> = new Map(
  Object.entries(PLUGIN_LOG).map(([key, text]) => [text, key as PluginLogKey]),
);

/** The catalog key of a plugin's fixed line (`log.plugin.<key>`), or undefined for any other text. */
export function pluginLogKeyOf(msg: string): string | undefined {
  const key = KEYS.get(msg);
  return key === undefined ? undefined : `log.plugin.${key}`;
}
