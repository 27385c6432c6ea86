import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Capture } from '../../src/capture/capture.js';
import { createSandbox, loadProfile, profileFromCapture, type Sandbox } from '../../src/sandbox/index.js';

/** A capture as `doctor --live --save` would write it for a service that differs in several ways. */
const capture: Capture = {
  captureVersion: 1,
  pressbridge: 'test',
  capturedAt: '2026-11-23T19:40:00.000Z',
  dates: { form: 'YYYY-MM-DDTHH:MM:SS+HH:MM', zone: null },
  requests: [
    {
      method: 'GET',
      path: '/v1/deals/{id}/text',
      status: 200,
      headers: { 'content-type': 'application/json' },
      shape: {
        type: 'object',
        fields: {
          deal_id: { type: 'number' },
          obsah: { type: 'string' },
          photos: {
            type: 'array',
            of: {
              type: 'object',
              fields: { n: { type: 'number' }, url: { type: 'string', form: 'absolute URL' } },
            },
          },
          instant_publish: { type: 'boolean' },
          published_by: { type: 'string' },
          category_id: { type: 'null' },
        },
      },
    },
    {
      method: 'GET',
      path: '/v1/deals/{id}/photos/{n}',
      status: 200,
      headers: { 'content-type': 'image/webp' },
    },
  ],
  checks: [],
};

async function get(sandbox: Sandbox, path: string) {
  const answer = await fetch(`${sandbox.url}${path}`, {
    headers: { Authorization: `Bearer ${sandbox.apiKey}` },
  });
  return answer;
}

describe('src/sandbox --profile: answers in a captured shape', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0)) await close();
  });

  it('renames the text field, makes photo URLs absolute, serves the captured photo type and ISO dates', async () => {
    const sandbox = await createSandbox({ profile: profileFromCapture(capture) });
    cleanup.push(() => sandbox.close());
    expect(sandbox.dateFormat).toBe('iso');
    const deal = await sandbox.createDeal({ deliver: false, photos: 1 });

    const text = (await (await get(sandbox, `/v1/deals/${deal.id}/text`)).json()) as Record<string, unknown>;
    expect(Object.keys(text)).toEqual([
      'deal_id',
      'obsah',
      'photos',
      'instant_publish',
      'published_by',
      'category_id',
    ]);
    expect(text.obsah).toBe(deal.html);
    expect(text.photos).toEqual([
      { n: 0, url: `${sandbox.url}/v1/deals/${deal.id}/photos/0` },
      { n: 1, url: `${sandbox.url}/v1/deals/${deal.id}/photos/1` },
    ]);
    const photo = await get(sandbox, `/v1/deals/${deal.id}/photos/1`);
    expect(photo.headers.get('content-type')).toMatch(/^image\/webp/);

    // Routes the capture did not see keep the sandbox's own shape; dates follow the captured form.
    const detail = (await (await get(sandbox, `/v1/deals/${deal.id}`)).json()) as Record<string, unknown>;
    expect(detail.changed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(detail.article_url).toBeNull();
    // Errors are never reshaped.
    const missing = await get(sandbox, '/v1/deals/999999/text');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('nenalezeno');
  });

  it('loads a capture file, and refuses a file that is not one with a clear message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-profile-'));
    try {
      const good = join(dir, 'capture.json');
      writeFileSync(good, JSON.stringify(capture));
      expect(loadProfile(good).shapes.has('GET /v1/deals/{id}/text')).toBe(true);
      const bad = join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify({ hello: 1 }));
      expect(() => loadProfile(bad)).toThrow(`${bad} is not a pressbridge capture`);
      expect(() => loadProfile(join(dir, 'none.json'))).toThrow('cannot read the profile');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
