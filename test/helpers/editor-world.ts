/**
 * What the block-editor tests share (test/integration/wordpress-editor.test.ts, wordpress-shortcodes.test.ts): a
 * named WordPress site with its content reset, the WordPress plugin publishing to it, a browser logged into
 * wp-admin, and a render pool; made before the file's tests and closed after them.
 */
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import wordpress, { type WordPressPublisher } from '../../plugins/wordpress/index.js';
import { systemClock } from '../../src/clock.js';
import { createRenderPool, type RenderPool } from '../../src/render/pool.js';
import { loginToWpAdmin } from './block-editor.js';
import { launchBrowser } from './browser.js';
import { resetContent, startWordPress, type WordPressSite } from './wordpress.js';

export interface EditorWorld {
  site: WordPressSite;
  publisher: WordPressPublisher;
  /** wp-admin, logged in as the site's admin. */
  page: Page;
  renderPool: RenderPool;
}

/** Registers the file's beforeAll/afterAll; the fields are there once beforeAll ran. */
export function editorWorld(siteName: string): EditorWorld {
  const world = { renderPool: createRenderPool({ threads: 2 }) } as EditorWorld;
  let browser: Browser | undefined;

  beforeAll(async () => {
    world.site = await startWordPress({ name: siteName });
    await resetContent(world.site);
    const options = wordpress.optionsSchema.parse({
      url: world.site.url,
      username: world.site.username,
      applicationPassword: world.site.applicationPassword,
      categories: 'identity',
    });
    world.publisher = wordpress.create(options, {
      blogId: 1,
      log: pino({ level: 'silent' }),
      dataDir: '/tmp',
      clock: systemClock,
    });
    browser = await launchBrowser();
    world.page = await loginToWpAdmin(browser, world.site);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await world.site?.stop();
    await world.renderPool.close();
  });

  return world;
}
