/**
 * The last check: what publishing does, once, and undone. A small JPEG goes to the media library, a draft with
 * block markup (a paragraph and that image) is created, then both are deleted for good. A refusal on the way
 * is told apart: a firewall refusing the upload; block markup refused while the same draft without block
 * comments passes; drafts refused altogether. Whatever it created and could not delete is named.
 */

import sharp from 'sharp';
import { z } from 'zod';
import type { WordPressClient } from '../../../plugins/wordpress/client.js';
import { HttpFailure } from '../../../plugins/wordpress/failures.js';
import { storedAttachmentId } from '../../../plugins/wordpress/media.js';
import { WpMedia, WpPost } from '../../../plugins/wordpress/wp-schema.js';
import type { Check } from '../../checks.js';
import type { Clock } from '../../clock.js';
import { PublishError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { failed, passed } from './messages.js';
import { saidOfFailure } from './said.js';
import type { SetupText } from './types.js';

export interface TestDraftDeps {
  client: WordPressClient;
  clock: Clock;
  log?: Logger | undefined;
  /** The site as messages name it. */
  siteName: string;
}

/** A 64×48 JPEG in pressbridge's colours (≈ 1 kB). */
export async function testImage(): Promise<Buffer> {
  return await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 34, g: 113, b: 177 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The draft's content: a paragraph and the image, as the block editor writes them. */
export function testDraftContent(media: { id: number; source_url: string } | undefined): string {
  const paragraph =
    '<!-- wp:paragraph -->\n<p>pressbridge: zkušební koncept / test draft</p>\n<!-- /wp:paragraph -->';
  if (media === undefined) return paragraph;
  const src = media.source_url.replace(/[<>"&]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `${paragraph}\n\n<!-- wp:image {"id":${media.id},"sizeSlug":"full"} -->\n<figure class="wp-block-image size-full"><img src="${src}" alt="" class="wp-image-${media.id}"/></figure>\n<!-- /wp:image -->`;
}

/** The same without block comments (what a firewall that refuses them lets through). */
export function plainDraftContent(content: string): string {
  return content.replace(/<!--[\s\S]*?-->\n?/g, '');
}

/** Whether a refusal came from in front of WordPress (a page, not WordPress's JSON error). */
function notFromWordPress(error: unknown): boolean {
  const cause = error instanceof PublishError ? error.cause : undefined;
  return (
    cause instanceof HttpFailure && cause.body === undefined && cause.status >= 400 && cause.status < 500
  );
}

export async function runTestDraft(deps: TestDraftDeps): Promise<Check<SetupText>[]> {
  const { client } = deps;
  const checks: Check<SetupText>[] = [];
  const created: Array<{ route: string; id: number }> = [];
  try {
    let media: WpMedia;
    try {
      media = await client.request(WpMedia, {
        method: 'POST',
        route: '/wp/v2/media',
        query: { _fields: 'id,slug,source_url' },
        body: await testImage(),
        headers: {
          'Content-Type': 'image/jpeg',
          'Content-Disposition': 'attachment; filename="pressbridge-test.jpg"',
        },
      });
    } catch (error) {
      const stored = storedAttachmentId(error);
      if (stored !== undefined) created.push({ route: '/wp/v2/media', id: stored });
      checks.push(
        notFromWordPress(error)
          ? failed('media-upload', 'media.firewall', { said: saidOfFailure(error) })
          : failed('media-upload', 'media.failed', { said: saidOfFailure(error) }),
      );
      return checks;
    }
    created.push({ route: '/wp/v2/media', id: media.id });
    checks.push(passed('media-upload', 'media.ok'));

    const title = `pressbridge – test ${deps.clock.now().toISOString().slice(0, 16).replace('T', ' ')}`;
    const content = testDraftContent(media);
    const createDraft = async (body: string): Promise<WpPost> => {
      const post = await client.request(WpPost, {
        method: 'POST',
        route: '/wp/v2/posts',
        query: { _fields: 'id,status,slug,link' },
        data: { title, content: body, status: 'draft' },
      });
      created.push({ route: '/wp/v2/posts', id: post.id });
      return post;
    };
    try {
      await createDraft(content);
    } catch (error) {
      let plainPassed = false;
      try {
        await createDraft(plainDraftContent(content));
        plainPassed = true;
      } catch {
        // refused without block comments too: drafts are refused altogether
      }
      checks.push(
        plainPassed
          ? failed('block-markup', 'blocks.firewall', { said: saidOfFailure(error) })
          : failed('test-draft', 'draft.refused', { said: saidOfFailure(error) }),
      );
      return checks;
    }
    checks.push(passed('block-markup', 'blocks.ok'));
    checks.push(passed('test-draft', 'draft.ok'));
    return checks;
  } finally {
    const left = await deleteAll(client, created, deps.log);
    if (left.length > 0) {
      const draftCheck = checks.findIndex((c) => c.id === 'test-draft' && c.status === 'ok');
      if (draftCheck !== -1) checks.splice(draftCheck, 1);
      checks.push(
        failed('test-draft', 'draft.left', {
          left: left.map((l) => `${l.route.endsWith('media') ? 'media' : 'post'} ${l.id}`).join(', '),
          said: left[0]?.said ?? '',
        }),
      );
    }
  }
}

/** Deletes what the test made (drafts first, then media), for good; answers what could not be deleted. */
async function deleteAll(
  client: WordPressClient,
  created: ReadonlyArray<{ route: string; id: number }>,
  log: Logger | undefined,
): Promise<Array<{ route: string; id: number; said: string }>> {
  const left: Array<{ route: string; id: number; said: string }> = [];
  const ordered = [...created].sort(
    (a, b) => Number(a.route.endsWith('media')) - Number(b.route.endsWith('media')),
  );
  for (const item of ordered) {
    try {
      await client.request(WpDeleted, {
        method: 'POST',
        route: `${item.route}/${item.id}`,
        query: { force: 'true', _fields: 'deleted' },
        headers: { 'X-HTTP-Method-Override': 'DELETE' },
      });
    } catch (error) {
      const gone =
        error instanceof PublishError && error.cause instanceof HttpFailure && error.cause.status === 404;
      if (gone) continue;
      log?.warn(
        { route: item.route, id: item.id, code: (error as PublishError).code },
        'test draft cleanup failed',
      );
      left.push({ ...item, said: saidOfFailure(error) });
    }
  }
  return left;
}

const WpDeleted = z.looseObject({ deleted: z.boolean().optional() });
