import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { errorSaid } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { parseArticle } from '../../../src/render/html.js';
import { DEFAULT_RENDER_LIMITS, RenderLimitError, type RenderLimits } from '../../../src/render/limits.js';
import { createRenderPool, workerFile } from '../../../src/render/pool.js';
import { nestedDivs, paragraphs } from '../../helpers/hostile-texts.js';

const pool = createRenderPool({ threads: 2 });
const isolated = (html: string, limits: RenderLimits = DEFAULT_RENDER_LIMITS) =>
  pool.parseArticle(html, { photoNumbers: [0, 1], limits });

async function refusal(promise: Promise<unknown>): Promise<RenderLimitError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RenderLimitError) return error;
    throw error;
  }
  throw new Error('expected a RenderLimitError');
}

describe('src/render/pool', () => {
  afterAll(async () => {
    await pool.close();
  });

  it('renders in a thread exactly what parseArticle renders', async () => {
    const html = '<h1>Titulek</h1><p onclick="x()">Text [foto1] dál.</p><div x-init="y">blok</div>';

    expect(await isolated(html)).toEqual({ ...parseArticle(html, { photoNumbers: [0, 1] }), links: [] });
  });

  it.each([
    [
      'text size',
      'x'.repeat(DEFAULT_RENDER_LIMITS.maxTextBytes + 1),
      'text_too_large',
      'render.limits.maxTextBytes',
    ],
    ['nesting depth', nestedDivs(75_000), 'text_too_deep', 'render.limits.maxDepth'],
    ['marker count', `<p>${'[foto1]'.repeat(100_000)}</p>`, 'too_many_markers', 'render.limits.maxMarkers'],
  ])('refuses a text over the %s limit, naming it, permanently', async (_name, html, code, key) => {
    const error = await refusal(isolated(html));

    expect(error).toMatchObject({ code, retryable: false });
    expect(error.message).toContain(key);
    // Across the thread too, the blogger reads it in the page's language; the English stays the message.
    expect(createTranslator('cs').say(errorSaid(error))).toMatch(
      new RegExp(`^Text článku .*${key}.*nic nebylo zveřejněno`),
    );
    expect(createTranslator('en').say(errorSaid(error))).toBe(error.message);
  });

  it("lists the advertiser's absolute links in the thread, as published (for the article watcher)", async () => {
    const html =
      '<h1>T</h1><p><a href="https://shop.example/a?x=1&amp;y=2">A</a> <a href="#n">kotva</a></p>' +
      '<ul><li><a href=" http://b.example/ ">B</a></li></ul><p><a href="/relative">R</a></p>';

    expect((await isolated(html)).links).toEqual(['https://shop.example/a?x=1&y=2', 'http://b.example/']);
  });

  it('counts UTF-8 bytes for the size limit', async () => {
    const limits = { ...DEFAULT_RENDER_LIMITS, maxTextBytes: 2048 };

    await expect(isolated('ž'.repeat(1000), limits)).resolves.toBeDefined();
    expect(await refusal(isolated('ž'.repeat(1100), limits))).toMatchObject({ code: 'text_too_large' });
  });

  it('ends a render over its time budget and keeps serving the next article', async () => {
    const limits = { ...DEFAULT_RENDER_LIMITS, timeBudgetMs: 1 };

    const error = await refusal(isolated(paragraphs(12_000, 'Velký článek'), limits));

    expect(error).toMatchObject({ code: 'render_timeout', limit: 'timeBudgetMs', retryable: false });
    expect(error.message).toContain('render.limits.timeBudgetMs');
    expect((await isolated('<h1>Další</h1><p>text</p>')).title).toBe('Další');
  });

  it('close() ends the threads; a later task starts new ones', async () => {
    await pool.close();

    expect((await isolated('<h1>Po zavření</h1><p>text</p>')).title).toBe('Po zavření');
  });

  it('loads the compiled thread next to the built pool, and the tsx shim from source', () => {
    expect(workerFile('file:///app/dist/src/render/pool.js')).toBe(
      'file:///app/dist/src/render/render-worker.js',
    );
    const fromSource = workerFile(new URL('../../../src/render/pool.ts', import.meta.url).href);
    expect(fromSource).toMatch(/\/src\/render\/render-worker-dev\.mjs$/);
    expect(existsSync(fileURLToPath(fromSource))).toBe(true);
  });
});
