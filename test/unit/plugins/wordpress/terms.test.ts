import { describe, expect, it } from 'vitest';
import { createWordPressClient } from '../../../../plugins/wordpress/client.js';
import { WordPressOptions } from '../../../../plugins/wordpress/options.js';
import { createTermResolver, tagNames, termKey } from '../../../../plugins/wordpress/terms.js';
import { PublishError } from '../../../../src/errors.js';
import { createSilentLogger } from '../../../../src/logger.js';
import type { PublishDeal, PublishLog } from '../../../../src/publisher/types.js';
import { useHttpMock } from '../../../http-mock.js';

const SITE = 'https://blog.example.cz';
const INDEX = { name: 'Blog', url: SITE, home: SITE, namespaces: ['wp/v2'] };
const http = useHttpMock();

function setup(options: Record<string, unknown>, keywords: string[]) {
  const lines: Array<{ level: string; msg: string }> = [];
  const at = (level: string) => (_fields: Record<string, unknown>, msg: string) => {
    lines.push({ level, msg });
  };
  const log: PublishLog = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  const parsed = WordPressOptions.parse({
    url: SITE,
    username: 'admin',
    applicationPassword: 'x',
    ...options,
  });
  const client = createWordPressClient({
    url: SITE,
    username: 'admin',
    applicationPassword: 'abcd efgh ijkl mnop qrst uvwx',
    timeoutMs: 5_000,
    log: createSilentLogger(),
  });
  const checked: number[] = [];
  const resolver = createTermResolver({
    client,
    options: parsed,
    categoryExists: async (id) => {
      checked.push(id);
      return id === 7;
    },
  });
  const deal: PublishDeal = {
    dealId: 9,
    blogId: 1,
    categoryId: null,
    deadline: new Date(),
    acceptedAt: new Date(),
    keywords,
  };
  const run = () => resolver.extraTerms(deal, log, new AbortController().signal);
  return { run, lines, checked };
}

function site() {
  return http.scope(SITE).get('/wp-json/').query(true).reply(200, INDEX);
}

describe('plugins/wordpress/terms', () => {
  it('uses the tag WordPress already has when creating it races with another request (term_exists)', async () => {
    // Arrange
    const { run } = setup({ tags: 'keywords', createTags: true }, ['Sekačka']);
    site()
      .get('/wp-json/wp/v2/tags')
      .query((q) => q.search === 'Sekačka')
      .reply(200, [{ id: 3, name: 'Sekačkový traktor' }])
      .post('/wp-json/wp/v2/tags', { name: 'Sekačka' })
      .query(true)
      .reply(400, {
        code: 'term_exists',
        message: 'A term with the name provided already exists.',
        data: { status: 400, term_id: 12 },
      });

    // Act
    const terms = await run();

    // Assert
    expect(terms).toEqual({ tags: [12], category: undefined });
  });

  it('publishes without a tag WordPress refuses to create, and says why in the deal log', async () => {
    // Arrange
    const { run, lines } = setup({ sponsored: { tag: 'reklama' } }, []);
    site()
      .get('/wp-json/wp/v2/tags')
      .query((q) => q.search === 'reklama')
      .reply(200, [])
      .post('/wp-json/wp/v2/tags')
      .query(true)
      .reply(403, {
        code: 'rest_cannot_create',
        message: 'Sorry, you are not allowed to create terms in this taxonomy.',
        data: { status: 403 },
      });

    // Act
    const terms = await run();

    // Assert
    expect(terms).toEqual({ tags: [], category: undefined });
    expect(lines).toContainEqual({
      level: 'warn',
      msg: `could not create the tag "reklama" on ${SITE}; the post goes without it (a user with the Editor role may create tags)`,
    });
  });

  it('throws a retryable error when WordPress answers 5xx, so the publish is tried again', async () => {
    // Arrange
    const { run } = setup({ tags: 'keywords' }, ['sekačka']);
    site().get('/wp-json/wp/v2/tags').query(true).reply(503, 'busy');

    // Act
    const error = await run().catch((e: unknown) => e);

    // Assert
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).retryable).toBe(true);
  });

  it('takes the sponsored category by id only when it exists, by name through a search', async () => {
    // Arrange
    const byId = setup({ sponsored: { category: 7 } }, []);
    const missingId = setup({ sponsored: { category: 8 } }, []);
    const byName = setup({ sponsored: { category: 'Komerční sdělení' } }, []);
    site()
      .get('/wp-json/wp/v2/categories')
      .query((q) => q.search === 'Komerční sdělení')
      .reply(200, [
        { id: 4, name: 'Komerční sdělení – archiv' },
        { id: 5, name: 'komerční  sdělení' },
      ]);

    // Act
    const a = await byId.run();
    const b = await missingId.run();
    const c = await byName.run();

    // Assert
    expect([a.category, b.category, c.category]).toEqual([7, undefined, 5]);
    expect(missingId.lines.map((l) => l.level)).toEqual(['warn']);
  });

  it('names compare as WordPress stores them: entities decoded, case and spacing ignored', () => {
    expect(termKey('Trávník &amp; zahrada')).toBe(termKey('trávník  &  Zahrada'));
    expect(termKey('a &lt;b&gt; &#039;c&#039; &quot;d&quot;')).toBe(`a <b> 'c' "d"`);
    expect(tagNames(['Sekačka', ' sekačka ', '', 'x'.repeat(201), 'Trávník'])).toEqual([
      'Sekačka',
      'Trávník',
    ]);
  });
});
