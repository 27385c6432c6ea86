import { describe, expect, it } from 'vitest';
import type { BlogConfig } from '../../../src/config/schema.js';
import { type DecisionInput, decide } from '../../../src/pipeline/decide.js';

const skipBlog: Pick<BlogConfig, 'bloggerPublished'> = { bloggerPublished: 'skip' };
const draftBlog: Pick<BlogConfig, 'bloggerPublished'> = { bloggerPublished: 'draft' };

function input(overrides: Partial<DecisionInput>): DecisionInput {
  return {
    dealId: 42,
    blogId: 7,
    blogName: 'Můj blog',
    instantPublish: false,
    publishedBy: 'agent',
    ...overrides,
  };
}

describe('src/pipeline/decide', () => {
  it.each([
    ['instant_publish, agent, configured', { instantPublish: true }, skipBlog, 'skip:instant_publish'],
    ['instant_publish, not configured', { instantPublish: true }, undefined, 'skip:instant_publish'],
    [
      'instant_publish beats bloger+draft',
      { instantPublish: true, publishedBy: 'bloger' },
      draftBlog,
      'skip:instant_publish',
    ],
    ['placla, configured', { publishedBy: 'placla' }, skipBlog, 'skip:published_by_placla'],
    ['placla, not configured', { publishedBy: 'placla' }, undefined, 'skip:published_by_placla'],
    ['bloger, skip', { publishedBy: 'bloger' }, skipBlog, 'skip:published_by_bloger'],
    ['bloger, draft', { publishedBy: 'bloger' }, draftBlog, 'draft'],
    ['bloger, not configured', { publishedBy: 'bloger' }, undefined, 'skip:published_by_bloger'],
    ['agent, configured', { publishedBy: 'agent' }, skipBlog, 'publish'],
    ['agent, configured with draft option', { publishedBy: 'agent' }, draftBlog, 'publish'],
    ['agent, not configured', { publishedBy: 'agent' }, undefined, 'unknown_blog'],
  ] as const)('%s → %s', (_name, overrides, blog, expected) => {
    const decision = decide(input(overrides), blog);
    const label = decision.kind === 'skip' ? `skip:${decision.reason}` : decision.kind;
    expect(label).toBe(expected);
  });

  it('names the blog id and what to add to the config when the blog is unknown', () => {
    const decision = decide(input({}), undefined);

    expect(decision.kind).toBe('unknown_blog');
    const message = decision.kind === 'unknown_blog' ? decision.message : '';
    expect(message).toContain('blog 7 ("Můj blog")');
    expect(message).toContain('add it under "blogs:" (id: 7');
    expect(message).toContain('by hand');
  });

  it('tells how to get drafts when bloger deals are skipped on a configured blog', () => {
    const decision = decide(input({ publishedBy: 'bloger' }), skipBlog);
    expect(decision.kind === 'skip' ? decision.message : '').toContain('bloggerPublished: draft');
  });
});
