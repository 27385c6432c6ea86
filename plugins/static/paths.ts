/**
 * Names inside the site folder. Everything that becomes a path is checked here, so that neither a deal's
 * slug nor a request's URL can reach outside the folder or into its hidden (dot) folders.
 */

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/;

/** pressbridge's own files inside the site folder: manifests and temporary folders. Never served. */
export const STATE_DIR = '.pressbridge';
/** Draft briefs for hand-published deals. Never served. */
export const DRAFTS_DIR = '.drafts';

/** `slug`, `slug-2`, `slug-3`, … for attempt 1, 2, 3, … */
export function suffixedSlug(slug: string, attempt: number): string {
  return attempt <= 1 ? slug : `${slug}-${attempt}`;
}

/**
 * The article's folder relative to the site folder, with a trailing "/": `{slug}/` → `vylet-do-tater/`.
 * The pattern was validated by the options schema and the values are slug-safe, so the result is too.
 */
export function articlePath(pattern: string, slug: string, dealId: number): string {
  return pattern.replaceAll('{slug}', slug).replaceAll('{dealId}', String(dealId));
}

/** The slug inside a folder made by `articlePath` (undefined when the folder does not fit the pattern). */
export function slugFromPath(pattern: string, path: string, dealId: number): string | undefined {
  const source = pattern
    .split(/(\{slug\}|\{dealId\})/)
    .map((part) =>
      part === '{slug}'
        ? '([a-z0-9]+(?:-[a-z0-9]+)*)'
        : part === '{dealId}'
          ? String(dealId)
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`).exec(path)?.[1];
}

/** Whether a relative folder path (as recorded in a manifest or a hint) is one this plugin could have made. */
export function isSafeArticlePath(path: string): boolean {
  if (!path.endsWith('/') || path.length > 400) return false;
  return path
    .slice(0, -1)
    .split('/')
    .every((segment) => segment !== '' && !segment.startsWith('.') && /^[A-Za-z0-9._-]+$/.test(segment));
}

/** `../` as many times as the article's folder is deep: the way from an article page back to the index. */
export function pathToRoot(path: string): string {
  return '../'.repeat(path.split('/').length - 1);
}

/** The photo's file name next to the page: the pipeline's when it is a plain safe name, else `<slug>-<n>.<ext>`. */
export function imageFileName(
  image: { n: number; filename: string; contentType: 'image/jpeg' | 'image/webp' },
  slug: string,
): string {
  const extension = image.contentType === 'image/webp' ? 'webp' : 'jpg';
  const given = image.filename;
  const ok =
    FILE_NAME.test(given) &&
    given.length <= 200 &&
    given.toLowerCase().endsWith(`.${extension}`) &&
    given.toLowerCase() !== 'index.html';
  return ok ? given : `${slug}-${image.n}.${extension}`;
}

export type RequestPath =
  | { ok: true; segments: string[]; trailingSlash: boolean }
  | { ok: false; status: 400 | 404 };

/**
 * The segments of a request's path, decoded, or why it is refused: bad percent-encoding (400); `.`, `..`,
 * hidden names (leading dot), and anything that decodes to a slash, a backslash or a NUL (404, as if absent).
 */
export function parseRequestPath(rawUrl: string): RequestPath {
  const path = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) return { ok: false, status: 400 };
  const segments: string[] = [];
  const parts = path.slice(1).split('/');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (part === '') {
      // Only the last segment may be empty (the trailing slash); "//" is refused.
      if (i === parts.length - 1) continue;
      return { ok: false, status: 404 };
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return { ok: false, status: 400 };
    }
    if (decoded.startsWith('.') || /[/\\\0]/.test(decoded) || decoded.trim() === '') {
      return { ok: false, status: 404 };
    }
    segments.push(decoded);
  }
  return { ok: true, segments, trailingSlash: path.endsWith('/') };
}
