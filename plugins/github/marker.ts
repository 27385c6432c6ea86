/**
 * How pressbridge recognises its own work in a repository, without its own records:
 *
 * - every file it writes carries the deal id in its front matter (`pressbridge_deal: 123`);
 * - every commit (and pull request) it makes says `pressbridge deal 123` in its subject and carries trailers
 *   naming the file and the URL (`Pressbridge-Path:`, `Pressbridge-Url:`), so an article is found even when its
 *   path changed between two attempts (a new title, changed options).
 */

export type WorkKind = 'article' | 'brief';

export interface CommitInfo {
  kind: WorkKind;
  dealId: number;
  title: string;
  path: string;
  /** The article's public URL (articles only). */
  url?: string | undefined;
}

const SUBJECT_TITLE_MAX = 60;

/** The commit message (and pull request body) for a deal's files. */
export function commitMessage(info: CommitInfo): string {
  const title = shorten(info.title.replace(/\s+/g, ' ').trim(), SUBJECT_TITLE_MAX);
  const subject =
    info.kind === 'article'
      ? `Publish "${title}" (pressbridge deal ${info.dealId})`
      : `Add the brief "${title}" (pressbridge deal ${info.dealId})`;
  const about =
    info.kind === 'article'
      ? `The sponsored article of deal ${info.dealId}, with its photos, published by pressbridge.`
      : `The brief of deal ${info.dealId}, for you to write the article (a draft; not published).`;
  return [
    subject,
    '',
    about,
    '',
    `Pressbridge-Deal: ${info.dealId}`,
    `Pressbridge-Kind: ${info.kind}`,
    `Pressbridge-Path: ${info.path}`,
    ...(info.url !== undefined ? [`Pressbridge-Url: ${info.url}`] : []),
  ].join('\n');
}

/** The pull request's title: the commit's subject. */
export function pullRequestTitle(info: CommitInfo): string {
  return commitMessage(info).split('\n', 1)[0] ?? '';
}

/**
 * The last look's hold (docs/decisions/0025-the-last-look.md): the title says the article waits for the
 * blogger's word, the body says what approving, refusing and merging do, and keeps the trailers (parseTrailers).
 */
export function heldPullRequest(info: CommitInfo): { title: string; body: string } {
  const title = shorten(info.title.replace(/\s+/g, ' ').trim(), SUBJECT_TITLE_MAX);
  const [, ...rest] = commitMessage(info).split('\n');
  return {
    title: `Held for your look: "${title}" (pressbridge deal ${info.dealId})`,
    body: [
      `pressbridge holds deal ${info.dealId}'s sponsored article here, unpublished: its text breaks a rule of yours.`,
      'Approve or refuse it with the links pressbridge sent you. On approve pressbridge publishes the article and',
      'closes this pull request; on refuse it closes it and deletes the branch. Merging it by hand publishes it too.',
      ...rest,
    ].join('\n'),
  };
}

/** Whether a commit message (or pull request body) is pressbridge's for this deal. */
export function mentionsDeal(message: string, dealId: number): boolean {
  for (const match of message.matchAll(/\bpressbridge deal (\d+)\b/gi)) {
    if (Number(match[1]) === dealId) return true;
  }
  const trailer = /^Pressbridge-Deal:\s*(\d+)\s*$/im.exec(message);
  return trailer !== null && Number(trailer[1]) === dealId;
}

/** The trailers of a message pressbridge wrote (undefined where absent). */
export function parseTrailers(message: string): {
  kind: WorkKind | undefined;
  path: string | undefined;
  url: string | undefined;
} {
  const value = (name: string) => new RegExp(`^${name}:[ \\t]*(\\S+)[ \\t]*$`, 'im').exec(message)?.[1];
  const kind = value('Pressbridge-Kind');
  const url = value('Pressbridge-Url');
  return {
    kind: kind === 'article' || kind === 'brief' ? kind : undefined,
    path: value('Pressbridge-Path'),
    url: url !== undefined && /^https?:\/\//i.test(url) ? url : undefined,
  };
}

/**
 * The deal id in a file's YAML front matter under `key` (undefined: no front matter, or not pressbridge's).
 * A plain line match rather than a YAML parse: a file someone broke by hand still tells whose it is.
 */
export function frontMatterDealId(text: string, key: string): number | undefined {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match?.[1]) return undefined;
  const escaped = key.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  const line = new RegExp(`^["']?${escaped}["']?[ \\t]*:[ \\t]*["']?(\\d+)["']?[ \\t]*(?:#.*)?$`, 'm').exec(
    match[1],
  );
  return line ? Number(line[1]) : undefined;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
