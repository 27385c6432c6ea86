/**
 * WordPress's block editor (wp-admin) in real Chromium: log in, open a post, and read what the editor made of
 * its content — every block (inner blocks too) with its validity, and the content serialised again by
 * WordPress's own serializer.
 *
 *   const page = await loginToWpAdmin(browser, site);
 *   const report = await openInBlockEditor(page, site, postId);
 */
import type { Browser, Frame, Page } from 'playwright-core';
import { serializeBlockAttributes } from '../../plugins/wordpress/blocks.js';
import type { WordPressSite } from './wordpress.js';
import { selectedWordPress, type WordPressVersion } from './wordpress-version.js';
import { signInToWordPress } from './wp-authorize.js';

/** One block as the editor holds it, `path` locating it (`2/0` = first inner block of the third block). */
export interface EditorBlock {
  path: string;
  name: string;
  isValid: boolean;
  /** Block validation's messages when the block is invalid (the save() output against the stored markup). */
  issues: string[];
}

export interface EditorReport {
  /** Every block depth-first, inner blocks after their parent. */
  blocks: EditorBlock[];
  /**
   * `wp.blocks.serialize(getBlocks())`: what the editor would save if the user saved at once, with one
   * normalisation WordPress itself makes. pressbridge writes the generated class names of current WordPress
   * (`wp-block-heading`, `wp-block-list`); an older WordPress whose block type does not generate its class
   * (`supports.className: false`, e.g. 6.1's heading and list) keeps the class as the block's `className`
   * attribute (the editor's custom-class-name hook) — valid, same HTML, one more attribute in the comment.
   * That className — exactly the block's default class, on a block type that does not generate it — is left
   * out of the comments here.
   */
  serialized: string;
  /** Milliseconds from navigation to the editor having its blocks. */
  loadMs: number;
  /**
   * What the editor canvas shows: the canvas is the `editor-canvas` iframe on WordPress 6.3+ (`framed`), the
   * admin page itself before; `warnings` are the texts of the block warnings drawn in it (`.block-editor-warning`:
   * "This block contains unexpected or invalid content", a missing block type, …), empty when every block shows;
   * `title` is the text of the post title field drawn there.
   */
  canvas: { framed: boolean; warnings: string[]; title: string };
}

const EDITOR_READY_TIMEOUT_MS = 60_000;
const CANVAS_TIMEOUT_MS = 30_000;

/** A new browser context logged into wp-admin as the site's administrator; the returned page is in it. */
export async function loginToWpAdmin(
  browser: Browser,
  site: Pick<WordPressSite, 'url' | 'username' | 'adminPassword'>,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${site.url}/wp-login.php`, { waitUntil: 'domcontentloaded' });
  await signInToWordPress(page, site);
  await page.waitForURL(/\/wp-admin\/?$/, { waitUntil: 'domcontentloaded' });
  return page;
}

/**
 * Opens post `id` in the block editor, waits until the editor has parsed the content into blocks, closes the
 * welcome guide if it shows, and reports the blocks. Runs the page's own `wp.data` and `wp.blocks`: the
 * scripts are strings, so that nothing the test runner's compiler adds to functions reaches the page.
 */
export async function openInBlockEditor(
  page: Page,
  site: Pick<WordPressSite, 'url'>,
  id: number,
): Promise<EditorReport> {
  const started = Date.now();
  // The editor's own readiness is what counts, not every image having loaded.
  await page.goto(`${site.url}/wp-admin/post.php?post=${id}&action=edit`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(
    `(() => {
      const data = window.wp && window.wp.data;
      const editor = data && data.select('core/editor');
      return Boolean(editor && editor.__unstableIsEditorReady && editor.__unstableIsEditorReady()
        && editor.getCurrentPostId() === ${Number(id)});
    })()`,
    undefined,
    { timeout: EDITOR_READY_TIMEOUT_MS },
  );
  const loadMs = Date.now() - started;
  await page.evaluate(`(() => {
    const editPost = window.wp.data.select('core/edit-post');
    if (editPost.isFeatureActive('welcomeGuide')) window.wp.data.dispatch('core/edit-post').toggleFeature('welcomeGuide');
  })()`);
  const report = (await page.evaluate(`(() => {
    const out = [];
    const walk = (list, prefix) => list.forEach((block, index) => {
      const path = prefix === '' ? String(index) : prefix + '/' + index;
      out.push({
        path,
        name: block.name,
        isValid: block.isValid === true,
        issues: block.isValid ? [] : (block.validationIssues || []).map((issue) =>
          (issue.args || []).map((arg) => typeof arg === 'string' ? arg : JSON.stringify(arg)).join(' ')),
      });
      walk(block.innerBlocks || [], path);
    });
    const blocks = window.wp.data.select('core/block-editor').getBlocks();
    walk(blocks, '');
    // See EditorReport.serialized: generated classes this WordPress does not generate, kept as className.
    const wpBlocks = window.wp.blocks;
    const moved = new Set();
    const find = (list) => list.forEach((block) => {
      if (!wpBlocks.hasBlockSupport(block.name, 'className', true)
        && block.attributes.className === wpBlocks.getBlockDefaultClassName(block.name)) moved.add(block.attributes.className);
      find(block.innerBlocks || []);
    });
    find(blocks);
    return { blocks: out, serialized: wpBlocks.serialize(blocks), movedClassNames: [...moved] };
  })()`)) as Omit<EditorReport, 'loadMs'> & { movedClassNames: string[] };
  const moved = new Set(report.movedClassNames);
  const serialized = rewriteBlockComments(report.serialized, (attributes) => {
    const { className, ...rest } = attributes;
    return typeof className === 'string' && moved.has(className) ? rest : undefined;
  });
  const topLevel = report.blocks.filter((block) => !block.path.includes('/')).length;
  return { blocks: report.blocks, serialized, loadMs, canvas: await readCanvas(page, topLevel) };
}

/**
 * The canvas where the editor draws the post: `iframe[name="editor-canvas"]` on WordPress 6.3+ (wp.data stays
 * on the admin page, the blocks' DOM does not), the admin page before. Waits until its block list shows
 * `topLevel` blocks, then reads the block warnings drawn there.
 */
async function readCanvas(page: Page, topLevel: number): Promise<EditorReport['canvas']> {
  const layout = '.block-editor-block-list__layout.is-root-container';
  // One of the two appears: the iframe (6.3+), or the block list on the page itself (6.1).
  await page.waitForSelector(`iframe[name="editor-canvas"], ${layout}`, { timeout: CANVAS_TIMEOUT_MS });
  const framed = (await page.$('iframe[name="editor-canvas"]')) !== null;
  let canvas: Page | Frame = page;
  if (framed) {
    const handle = await page.waitForSelector('iframe[name="editor-canvas"]', { timeout: CANVAS_TIMEOUT_MS });
    const frame = await handle.contentFrame();
    if (frame === null) throw new Error('the editor-canvas iframe has no frame');
    canvas = frame;
  }
  try {
    await canvas.waitForFunction(
      `document.querySelectorAll(${JSON.stringify(`${layout} > [data-block]`)}).length >= ${Number(topLevel)}`,
      undefined,
      { timeout: CANVAS_TIMEOUT_MS },
    );
  } catch (error) {
    throw new Error(
      `the editor canvas (${framed ? 'iframe[name="editor-canvas"]' : 'the admin page'}) did not show the post's ${topLevel} blocks: ${String(error)}`,
    );
  }
  const warnings = (await canvas.evaluate(
    `[...document.querySelectorAll('.block-editor-warning')].map((e) => (e.textContent || '').replace(/\\s+/g, ' ').trim())`,
  )) as string[];
  // The post title is drawn in the canvas too (6.3+: inside the iframe).
  const title = (await canvas.evaluate(
    `document.querySelector('.editor-post-title__input')?.textContent ?? ''`,
  )) as string;
  return { framed, warnings, title };
}

/**
 * The stored content as the editor of WordPress `version` (the selected one by default) saves it back, changed
 * only where WordPress itself changes it on load: block attributes that no block type declares are dropped by
 * WordPress's block parser in the editor (`getBlockAttributes` reads only declared attributes), so
 * pressbridge's own marker `pressbridgeRef` (an undeclared attribute of the first block, see
 * plugins/wordpress/marker.ts) is removed from the comment; then asWordPressSavesIt.
 */
export function asEditorSavesIt(raw: string, version: WordPressVersion = selectedWordPress()): string {
  const unmarked = rewriteBlockComments(raw, (attributes) => {
    if (!('pressbridgeRef' in attributes)) return undefined;
    const { pressbridgeRef: _marker, ...rest } = attributes;
    return rest;
  });
  return asWordPressSavesIt(unmarked, version);
}

/**
 * pressbridge's block markup (6.1's save() output, plugins/wordpress/blocks.ts) as the block editor of `version`
 * serializes it after reading it. 6.1: unchanged. 6.8 reads it as valid but saves three block types
 * differently, and would write on the user's next save: `class="wp-block-heading"` on headings and
 * `class="wp-block-list"` on lists (their block.json no longer has `supports.className: false`), and
 * `"hasFixedLayout":false` on tables (the attribute's default became true; the stored table has no
 * `has-fixed-layout` class, so the editor keeps it false, now written out). Exactly these, nothing else.
 */
export function asWordPressSavesIt(markup: string, version: WordPressVersion = selectedWordPress()): string {
  if (version === '6.1') return markup;
  return markup
    .replace(/(<!-- wp:heading(?: \{[^\n]*?\})? -->\n<h[1-6])>/g, '$1 class="wp-block-heading">')
    .replace(/(<!-- wp:list(?: \{[^\n]*?\})? -->\n<(?:ul|ol)(?: [^>]*)?)>/g, '$1 class="wp-block-list">')
    .replace(/<!-- wp:table -->/g, '<!-- wp:table {"hasFixedLayout":false} -->')
    .replace(/<!-- wp:table \{(?![^\n]*"hasFixedLayout")/g, '<!-- wp:table {"hasFixedLayout":false,');
}

/**
 * Rewrites the attributes of every block comment opener: `change` answers the new attributes, or undefined
 * to leave the comment as it is. Attributes are written as WordPress's serializer writes them.
 */
function rewriteBlockComments(
  markup: string,
  change: (attributes: Record<string, unknown>) => Record<string, unknown> | undefined,
): string {
  return markup.replace(
    /<!-- wp:([a-z][a-z0-9_/-]*) (\{.*?\}) (\/)?-->/g,
    (whole, name: string, json: string, selfClosing: string | undefined) => {
      let attributes: Record<string, unknown>;
      try {
        attributes = JSON.parse(json) as Record<string, unknown>;
      } catch {
        return whole;
      }
      const changed = change(attributes);
      if (changed === undefined) return whole;
      const kept = Object.keys(changed).length === 0 ? '' : `${serializeBlockAttributes(changed)} `;
      return `<!-- wp:${name} ${kept}${selfClosing ?? ''}-->`;
    },
  );
}
