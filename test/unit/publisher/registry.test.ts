import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Clock, systemClock } from '../../../src/clock.js';
import { parseConfig } from '../../../src/config/load.js';
import { ConfigError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createPublishers } from '../../../src/publisher/registry.js';
import type { Publisher, PublisherPlugin } from '../../../src/publisher/types.js';

const created: Array<{ blogId: number; options: unknown }> = [];
const clocks: Clock[] = [];

const testPlugin: PublisherPlugin<{ url: string; retries: number }> = {
  name: 'test',
  optionsSchema: z.object({ url: z.url(), retries: z.number().int().default(3) }),
  create(options, context): Publisher {
    created.push({ blogId: context.blogId, options });
    clocks.push(context.clock);
    return {
      kind: 'test',
      target: options.url,
      publish: () => Promise.reject(new Error('not used')),
      createDraft: () => Promise.reject(new Error('not used')),
      checkReachable: () => Promise.resolve({ ok: true, detail: 'fine' }),
    };
  },
};

function config(blogs: unknown[]) {
  return parseConfig({ marketplace: { baseUrl: 'http://127.0.0.1:1', apiKey: 'k' }, blogs }, {});
}

describe('src/publisher/registry', () => {
  it('creates one publisher per blog with the options its plugin validated', () => {
    created.length = 0;
    const publishers = createPublishers(
      config([
        { id: 7, publisher: 'test', options: { url: 'https://a.example' } },
        { id: 8, publisher: 'test', options: { url: 'https://b.example', retries: 1 } },
      ]),
      { test: testPlugin },
      { log: createSilentLogger() },
    );
    expect(publishers.get(7)?.publisher.target).toBe('https://a.example');
    expect(publishers.get(8)?.blog.id).toBe(8);
    expect(publishers.get(9)).toBeUndefined();
    expect(created).toEqual([
      { blogId: 7, options: { url: 'https://a.example', retries: 3 } },
      { blogId: 8, options: { url: 'https://b.example', retries: 1 } },
    ]);
  });

  it('hands each plugin the daemon’s clock: the one given, else the system’s', () => {
    // Arrange
    clocks.length = 0;
    const given: Clock = { now: () => new Date(0), sleep: async () => {} };
    const blogs = config([{ id: 7, publisher: 'test', options: { url: 'https://a.example' } }]);

    // Act
    createPublishers(blogs, { test: testPlugin }, { log: createSilentLogger(), clock: given });
    createPublishers(blogs, { test: testPlugin }, { log: createSilentLogger() });

    // Assert
    expect(clocks).toEqual([given, systemClock]);
    expect(clocks[0]).toBe(given);
  });

  it('reports every bad blog with its path, and creates nothing', () => {
    created.length = 0;
    let error: unknown;
    try {
      createPublishers(
        config([
          { id: 1, publisher: 'nope' },
          { id: 2, publisher: 'test', options: { url: 'not a url', retries: 'x' } },
          { id: 3, publisher: 'test', options: {} },
        ]),
        { test: testPlugin },
        { log: createSilentLogger() },
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.map((i) => i.path);
    expect(issues).toEqual([
      'blogs[0].publisher',
      'blogs[1].options.url',
      'blogs[1].options.retries',
      'blogs[2].options.url',
    ]);
    expect((error as ConfigError).message).toContain('unknown publisher "nope" (available: test)');
    expect(created).toEqual([]);
  });
});
