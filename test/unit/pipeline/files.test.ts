import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { readDealFiles, saveDropped, savePhoto, saveText } from '../../../src/pipeline/files.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { dealText, testStore } from './fakes.js';

const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;

beforeAll(() => {
  redis = createTestRedis();
  store = testStore(redis, prefix);
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('src/pipeline/files', () => {
  it('keeps the text and binary photos byte for byte, next to the deal record, with a TTL', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0x00, 0x80, 0xfe, 0x0a, 0x0d]);
    await saveText(store, 1, dealText({ text: '<h1>Žluťoučký</h1>' }), 3600);
    await savePhoto(
      store,
      1,
      { n: 2, bytes, width: 10, height: 20, contentType: 'image/webp', extension: 'webp' },
      3600,
    );
    await saveDropped(store, 1, { n: 3, code: 'image_invalid', message: 'not an image' }, 3600);

    const files = await readDealFiles(store, 1);

    expect(files.text?.text).toBe('<h1>Žluťoučký</h1>');
    expect(files.photos.get(2)).toEqual({
      n: 2,
      bytes,
      width: 10,
      height: 20,
      contentType: 'image/webp',
      extension: 'webp',
    });
    expect(files.dropped.get(3)).toEqual({ n: 3, code: 'image_invalid', message: 'not an image' });
    expect(store.keys.dealFiles(1)).toBe(`${prefix}:deal:1:files`);
    const ttl = await redis.ttl(store.keys.dealFiles(1));
    expect(ttl).toBeGreaterThan(3500);
    expect(ttl).toBeLessThanOrEqual(3600);
  });

  it("keeps a dropped photo's phrase beside its English; one that does not read is left out", async () => {
    const said = { key: 'market.failed', params: { where: 'GET /v1/deals/4/photos/1' } };
    await saveDropped(store, 4, { n: 1, code: 'nenalezeno', message: 'gone', said }, 3600);
    await redis.hset(
      store.keys.dealFiles(4),
      'photo:2:dropped',
      JSON.stringify({ code: 'nenalezeno', message: 'gone too', said: { key: null } }),
    );

    const files = await readDealFiles(store, 4);

    expect(files.dropped.get(1)).toEqual({ n: 1, code: 'nenalezeno', message: 'gone', said });
    expect(files.dropped.get(2)).toEqual({ n: 2, code: 'nenalezeno', message: 'gone too' });
  });

  it('treats unreadable or incomplete entries as absent, so they are fetched again', async () => {
    const key = store.keys.dealFiles(2);
    await redis.hset(key, {
      text: '{"not":"a deal text"}',
      'photo:0': Buffer.from([1, 2, 3]),
      'photo:1:meta': JSON.stringify({ width: 1, height: 1, contentType: 'image/jpeg', extension: 'jpg' }),
      'photo:4': Buffer.from([1]),
      'photo:4:meta': JSON.stringify({ width: 1, height: 1, contentType: 'image/gif', extension: 'gif' }),
      'photo:5:dropped': 'not json',
    });

    const files = await readDealFiles(store, 2);

    expect(files.text).toBeUndefined();
    expect([...files.photos.keys()]).toEqual([]);
    expect([...files.dropped.keys()]).toEqual([]);
  });

  it('deletes every working file of the deal and only of that deal', async () => {
    await saveText(store, 3, dealText(), 3600);
    await saveText(store, 4, dealText(), 3600);

    await store.deleteFiles(3);

    expect((await store.getFiles(3)).size).toBe(0);
    expect((await readDealFiles(store, 4)).text).toBeDefined();
  });
});
