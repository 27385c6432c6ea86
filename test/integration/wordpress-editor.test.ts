/**
 * The editor check: every post pressbridge makes opens in WordPress's block editor with no invalid block and
 * no Classic (freeform) block, and the editor would save it back unchanged. Each case of
 * test/fixtures/editor-articles.ts goes through the pipeline's render step and the WordPress plugin into a
 * real WordPress; real Chromium logs into wp-admin and opens it.
 */
import { describe, expect, it } from 'vitest';
import { renderDeal } from '../../src/pipeline/render.js';
import type { PublishLog } from '../../src/publisher/types.js';
import { parseFragmentBlocks } from '../../src/render/html.js';
import { EDITOR_CASES, type EditorCase, editorPhotos } from '../fixtures/editor-articles.js';
import { asEditorSavesIt, openInBlockEditor } from '../helpers/block-editor.js';
import { editorWorld } from '../helpers/editor-world.js';
import { listPosts } from '../helpers/wordpress.js';

const quiet: PublishLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

const world = editorWorld('pb-editor');

/** Publishes a case as the pipeline does (render step, then the plugin); the post's id. */
async function publishCase(testCase: EditorCase, dealId: number): Promise<number> {
  const deal = {
    dealId,
    blogId: 1,
    categoryId: null,
    deadline: new Date(Date.now() + 3_600_000),
    acceptedAt: new Date(),
  };
  const common = { previous: {}, progress: async () => {}, log: quiet, signal: new AbortController().signal };
  if (testCase.draft) {
    const result = await world.publisher.createDraft({
      ...common,
      deal,
      title: `Zadání ${dealId}`,
      briefHtml: testCase.html,
      brief: parseFragmentBlocks(testCase.html),
      slug: `zadani-${dealId}`,
    });
    return Number(result.ref.replace(/^wp:/, ''));
  }
  const rendered = await renderDeal(world.renderPool, {
    dealId,
    html: testCase.html,
    photos: await editorPhotos(testCase.photos ?? []),
  });
  const result = await world.publisher.publish({
    ...common,
    deal,
    article: rendered.article,
    slug: rendered.slug,
    images: rendered.images,
  });
  return Number(result.ref.replace(/^wp:/, ''));
}

describe('WordPress block editor opens every post pressbridge publishes', () => {
  it.each(EDITOR_CASES.map((testCase, index) => ({ ...testCase, dealId: 7001 + index })))(
    '$name',
    async (testCase) => {
      // Arrange
      const id = await publishCase(testCase, testCase.dealId);
      const [post] = await listPosts(world.site, { status: 'all' }).then((posts) =>
        posts.filter((p) => p.id === id),
      );
      const raw = post?.content.raw ?? '';
      expect(raw).not.toBe('');

      // Act
      const report = await openInBlockEditor(world.page, world.site, id);

      // Assert: blocks, inner blocks included, are all valid and none is a Classic block
      expect(report.blocks.length).toBeGreaterThan(0);
      expect(report.blocks.filter((b) => !b.isValid)).toEqual([]);
      expect(report.blocks.filter((b) => b.name === 'core/freeform' || b.name === 'core/missing')).toEqual(
        [],
      );
      // Assert: the canvas (an iframe on 6.3+) draws every block, none as a block warning
      expect(report.canvas.warnings).toEqual([]);
      // Assert: the editor saves back what is stored
      expect(report.serialized).toBe(asEditorSavesIt(raw));
    },
    90_000,
  );
});
