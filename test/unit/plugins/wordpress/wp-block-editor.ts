/**
 * WordPress's own block parser, validator and serializer (the installed WordPress's wp-includes/js/dist scripts,
 * the code the block editor runs) in real headless Chromium, without a WordPress server: `check(markup)` parses
 * post content as the editor does and reports every block's name and validity, and what serialising the parsed
 * blocks gives back. Used by the fidelity tests of plugins/wordpress/blocks.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../../helpers/browser.js';
import { wordpressCoreDir } from '../../../helpers/wordpress-version.js';

/** PB_WORDPRESS_DIR, else the WordPress PRESSBRIDGE_WP selects (the current 6.8 when unset). */
export const WORDPRESS_DIR = process.env.PB_WORDPRESS_DIR ?? wordpressCoreDir();

const VENDOR: Record<string, string> = {
  react: 'vendor/react.js',
  'react-dom': 'vendor/react-dom.js',
  // 6.8 (WordPress 6.6+): the packages' JSX runtime.
  'react-jsx-runtime': 'vendor/react-jsx-runtime.js',
  lodash: 'vendor/lodash.js',
  moment: 'vendor/moment.js',
  'wp-polyfill': 'vendor/wp-polyfill.js',
  'regenerator-runtime': 'vendor/regenerator-runtime.js',
};

/** The dist scripts block-library needs, dependencies first (from WordPress's script-loader-packages.php). */
function scriptOrder(dir: string): string[] {
  const file = join(dir, 'wp-includes/assets/script-loader-packages.php');
  const json = execFileSync('php', ['-r', `echo json_encode(include ${JSON.stringify(file)});`], {
    encoding: 'utf8',
  });
  const packages = JSON.parse(json) as Record<string, { dependencies: string[] }>;
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (handle: string): void => {
    if (seen.has(handle)) return;
    seen.add(handle);
    const vendor = VENDOR[handle];
    if (vendor !== undefined) {
      if (handle === 'wp-polyfill') visit('regenerator-runtime');
      if (handle === 'react-dom' || handle === 'react-jsx-runtime') visit('react');
      order.push(vendor);
      return;
    }
    const name = `${handle.replace(/^wp-/, '')}.js`;
    const entry = packages[name];
    if (entry === undefined) throw new Error(`WordPress script ${handle} not found in ${file}`);
    for (const dependency of entry.dependencies) visit(dependency);
    order.push(name);
  };
  visit('wp-block-library');
  return order;
}

export interface ParsedBlock {
  name: string;
  isValid: boolean;
  /** The validator's complaints, for the assertion message. */
  issues: string[];
  attributes: Record<string, unknown>;
  inner: ParsedBlock[];
}

export interface EditorCheck {
  blocks: ParsedBlock[];
  /** `wp.blocks.serialize(wp.blocks.parse(markup))`: the block editor's save of what it read. */
  serialized: string;
}

export interface BlockEditor {
  version: string;
  check(markup: string): Promise<EditorCheck>;
  close(): Promise<void>;
}

/**
 * Runs in the page. A string, not a function, so that no bundler helper (esbuild's `__name`) leaks into it.
 */
const CHECK_SOURCE = `function (content) {
  function describe(block) {
    return {
      name: block.name,
      isValid: block.isValid,
      issues: (block.validationIssues || []).map(function (issue) { return issue.args.map(String).join(' '); }),
      attributes: JSON.parse(JSON.stringify(block.attributes)),
      inner: block.innerBlocks.map(describe),
    };
  }
  var blocks = wp.blocks.parse(content);
  return { blocks: blocks.map(describe), serialized: wp.blocks.serialize(blocks) };
}`;

export function wordpressAvailable(): boolean {
  return existsSync(join(WORDPRESS_DIR, 'wp-includes/js/dist/block-library.js'));
}

/** The block editor's scripts of the WordPress core in `dir` (default: WORDPRESS_DIR) in a fresh Chromium. */
export async function openBlockEditor(dir: string = WORDPRESS_DIR): Promise<BlockEditor> {
  const dist = join(dir, 'wp-includes/js/dist');
  const browser: Browser = await launchBrowser();
  try {
    const page: Page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.setContent('<!doctype html><html><head></head><body></body></html>');
    for (const script of scriptOrder(dir)) {
      await page.addScriptTag({ path: join(dist, script) });
      // WordPress's own inline script after lodash (wp-includes/script-loader.php).
      if (script === VENDOR.lodash) await page.addScriptTag({ content: 'window.lodash = _.noConflict();' });
    }
    if (problems.length > 0) throw new Error(`WordPress's scripts failed to load: ${problems.join('; ')}`);
    await page.evaluate(() => {
      const w = window as unknown as { wp: { blockLibrary: { registerCoreBlocks(): void } } };
      w.wp.blockLibrary.registerCoreBlocks();
    });
    const version = execFileSync(
      'php',
      ['-r', `include ${JSON.stringify(join(dir, 'wp-includes/version.php'))}; echo $wp_version;`],
      { encoding: 'utf8' },
    );
    return {
      version,
      async check(markup: string): Promise<EditorCheck> {
        return (await page.evaluate(`(${CHECK_SOURCE})(${JSON.stringify(markup)})`)) as EditorCheck;
      },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Every block, inner blocks included, in document order. */
export function allBlocks(blocks: readonly ParsedBlock[]): ParsedBlock[] {
  return blocks.flatMap((block) => [block, ...allBlocks(block.inner)]);
}
